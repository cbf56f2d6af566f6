import { type Actor, checkHideReason, reviewNotFound } from '@voltmarket/domain';
import type { AuditTrail } from '../admin/audit-trail.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { requireStaff } from '../shared/guards.js';
import type { ReviewStore, StoredReview } from './review-ports.js';
import { toAdminReviewView, type AdminReviewView } from './admin-review-views.js';

const audited = (r: StoredReview) => ({ hidden: r.hiddenAt !== null, hiddenReason: r.hiddenReason });

/**
 * Support and admins hide a review with a reason (it stops showing and counting at once) or show it
 * again; each change leaves an audit entry. Hiding a hidden review, or showing a shown one, changes nothing.
 */
export class ModerateReview {
  constructor(
    private readonly reviews: ReviewStore,
    private readonly trail: AuditTrail,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { id: number; action: 'hide' | 'show'; reason?: unknown }, actor: Actor | null): Promise<AdminReviewView> {
    const staff = requireStaff(actor);
    const reason = input.action === 'hide' ? checkHideReason(input.reason) : null;
    return this.work.run(async () => {
      const review = await this.reviews.findForUpdate(input.id);
      if (!review) throw reviewNotFound(input.id);
      const wasHidden = review.hiddenAt !== null;
      if ((input.action === 'hide') !== wasHidden) {
        await this.reviews.setHidden(review.id, reason ? { reason, by: staff.userId, at: this.clock.now() } : null);
        await this.reviews.refreshRating(review.revieweeId);
        const after = (await this.reviews.find(review.id))!;
        await this.trail.record(staff, {
          action: input.action === 'hide' ? 'review.hidden' : 'review.shown', resource: 'reviews', recordId: String(review.id),
          recordLabel: review.title, before: audited(review), after: audited(after),
        });
        return toAdminReviewView(after);
      }
      return toAdminReviewView(review);
    });
  }
}
