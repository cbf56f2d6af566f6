import type { Actor } from '@voltmarket/domain';
import { requireStaff } from '../shared/guards.js';
import type { AdminReviewQuery, ReviewStore } from './review-ports.js';
import { toAdminReviewView, type AdminReviewView } from './admin-review-views.js';

/** Every review for support and admins, newest first: filtered by hidden, by the person reviewed, or by words. */
export class ListAdminReviews {
  constructor(private readonly reviews: ReviewStore) {}

  async execute(query: AdminReviewQuery, actor: Actor | null): Promise<{ items: AdminReviewView[]; total: number }> {
    requireStaff(actor);
    const page = await this.reviews.adminList(query);
    return { items: page.items.map(toAdminReviewView), total: page.total };
  }
}
