import type { Actor } from '@voltmarket/domain';
import type { ReviewStore } from './review-ports.js';
import { toRatingView, toReviewView, type RatingView, type ReviewView } from './review-views.js';

export interface ReviewList {
  items: ReviewView[];
  total: number;
  /** The person's average as a seller or owner; null when nobody has reviewed them as one. */
  rating: RatingView | null;
}

export const REVIEWS_PAGE_MAX = 50;

/** What people said of someone, newest first: as a seller or owner (the default), or as a renter. Published and not hidden only. */
export class ListReviews {
  constructor(private readonly reviews: ReviewStore) {}

  async execute(input: { userId: string; as?: 'seller' | 'renter'; offset?: number; limit?: number }, actor: Actor | null): Promise<ReviewList> {
    // The route checks the numbers against the contract; these bounds hold for any other caller.
    const offset = Math.max(0, Math.trunc(input.offset ?? 0));
    const limit = Math.min(REVIEWS_PAGE_MAX, Math.max(1, Math.trunc(input.limit ?? 10)));
    const [page, rating] = await Promise.all([
      this.reviews.publishedAbout(input.userId, input.as ?? 'seller', offset, limit),
      this.reviews.ratingOf(input.userId),
    ]);
    const audience = actor ? 'member' : 'visitor';
    return { items: page.items.map((r) => toReviewView(r, audience)), total: page.total, rating: toRatingView(rating) };
  }
}
