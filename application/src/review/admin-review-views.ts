import { sellerDisplayName } from '@voltmarket/domain';
import type { StoredReview } from './review-ports.js';
import { toReviewView, type ReviewView } from './review-views.js';

/** A review as staff read it: published or not, hidden or not, and why. */
export interface AdminReviewView extends ReviewView {
  bookingId: number | null;
  publishedAt: string | null;
  hidden: boolean;
  hiddenAt: string | null;
  hiddenReason: string | null;
  reviewerEmail: string | null;
  revieweeEmail: string | null;
}

export function toAdminReviewView(review: StoredReview): AdminReviewView {
  const view = toReviewView(review, 'member');
  return {
    ...view,
    // Staff see whole names, as they do on every record.
    reviewer: { id: review.reviewerId, name: sellerDisplayName(review.reviewer, 'member') },
    bookingId: review.bookingId,
    publishedAt: review.publishedAt?.toISOString() ?? null,
    hidden: review.hiddenAt !== null,
    hiddenAt: review.hiddenAt?.toISOString() ?? null,
    hiddenReason: review.hiddenReason,
    reviewerEmail: review.reviewer.email,
    revieweeEmail: review.reviewee.email,
  };
}
