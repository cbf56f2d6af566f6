import { type Actor, DomainError, mayReview } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import { requireSignedIn } from '../shared/guards.js';
import { reviewSubject } from './review-subject.js';
import type { ReviewStore, ReviewTarget } from './review-ports.js';
import { toReviewView, type ReviewView } from './review-views.js';

export interface ReviewEligibility {
  /** True when the caller may write their review now. */
  allowed: boolean;
  /** Why not, in words a person understands ("You can review Ada after your rental ends."); null when allowed or already written. */
  reason: string | null;
  /** Who the review would be about. */
  reviewee: { id: string; name: string } | null;
  /** The caller's review of this booking or listing, once written. */
  review?: ReviewView;
}

/** Whether the caller may review this booking or listing now, so a page offers the form only when it will be taken. */
export class GetReviewEligibility {
  constructor(private readonly reviews: ReviewStore, private readonly clock: Clock) {}

  async execute(input: { target: ReviewTarget }, actor: Actor | null): Promise<ReviewEligibility> {
    const me = requireSignedIn(actor);
    const subject = await reviewSubject(this.reviews, input.target, me.userId);
    const existing = await this.reviews.findByReviewer(me.userId, input.target);
    const other = subject.kind === 'rental' ? (subject.renter.id === me.userId ? subject.owner : subject.renter) : subject.seller;
    const reviewee = other.id === me.userId ? null : { id: other.id, name: other.name };
    if (existing) return { allowed: false, reason: null, reviewee, review: toReviewView(existing, 'member') };
    try {
      mayReview(me.userId, subject, this.clock.now());
      return { allowed: true, reason: null, reviewee };
    } catch (error) {
      if (error instanceof DomainError && error.code === 'REVIEW_NOT_ALLOWED') return { allowed: false, reason: error.message, reviewee };
      throw error;
    }
  }
}

