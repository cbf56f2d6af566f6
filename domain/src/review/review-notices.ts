import { type NotificationDraft, preview } from '../notification/notification.js';
import { DomainError, FieldIssues } from '../shared/domain-error.js';
import { cleanLine, cleanText } from '../shared/text.js';
import { REVIEW_LIMITS } from './review-rules.js';

/** Where a person reads the reviews about them. */
export const myReviewsUrl = (userId: string) => `/sellers/${encodeURIComponent(userId)}#reviews`;

/**
 * The reviewed person hears of a review: a buyer's at once, with its stars; a rental's without them
 * (double-blind), asking for theirs.
 */
export function reviewReceivedNotice(review: {
  kind: 'rental' | 'listing'; revieweeId: string; reviewerName: string; vehicleTitle: string; rating: number; vehicleId: number | null; bookingId: number | null; published: boolean;
}): NotificationDraft {
  const what = `"${preview(review.vehicleTitle, 60)}"`;
  if (review.kind === 'rental' && !review.published) {
    return {
      userId: review.revieweeId, type: 'other', title: 'You have a new review',
      message: `${review.reviewerName} reviewed your rental of ${what}. Write yours to read it: both appear once you have both written, or when the 14 days are up.`,
      actionUrl: `/profile?tab=rentals&rental=${review.bookingId ?? ''}`, metadata: review.bookingId ? { rentalId: review.bookingId } : {},
    };
  }
  return {
    userId: review.revieweeId, type: 'other', title: 'You have a new review',
    message: `${review.reviewerName} gave you ${review.rating} ${review.rating === 1 ? 'star' : 'stars'} for ${what}. You can reply once.`,
    actionUrl: myReviewsUrl(review.revieweeId), metadata: review.vehicleId ? { vehicleId: review.vehicleId } : {},
  };
}

/** A reply to a review: one, bounded, cleaned like every text. */
export function checkReply(input: unknown): string {
  const issues = new FieldIssues();
  const reply = typeof input === 'string' ? cleanText(input) : '';
  if (!reply) issues.add('reply', 'Write your reply');
  else if ([...reply].length > REVIEW_LIMITS.commentMax) issues.add('reply', `Keep the reply to ${REVIEW_LIMITS.commentMax} characters or fewer`);
  issues.throwIfAny();
  return reply;
}

/** Staff hide a review only with a reason a colleague (and the audit log) can read. */
export function checkHideReason(input: unknown): string {
  const issues = new FieldIssues();
  const reason = typeof input === 'string' ? cleanLine(input) : '';
  if (!reason) issues.add('reason', 'Say why the review is hidden');
  else if ([...reason].length > 500) issues.add('reason', 'Keep the reason to 500 characters or fewer');
  issues.throwIfAny();
  return reason;
}

export const reviewNotFound = (id: number | string) => new DomainError('not_found', 'REVIEW_NOT_FOUND', `Review ${id} was not found.`);
export const reviewExists = () => new DomainError('conflict', 'REVIEW_EXISTS', 'You have already reviewed this. A review can be written once.');
export const alreadyReplied = () => new DomainError('conflict', 'REVIEW_ALREADY_REPLIED', 'You have already replied to this review. A reply can be written once.');
export const notYourReview = () => new DomainError('forbidden', 'NOT_REVIEWEE', 'Only the person reviewed can reply to a review.');
export const reviewNotPublished = () => new DomainError('conflict', 'REVIEW_NOT_PUBLISHED', 'This review is not published yet: you can reply once both of you have written, or when the 14 days are up.');
