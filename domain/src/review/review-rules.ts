/**
 * Reviews come from real dealings (Sharetribe's model): a rental that was completed, or a buyer's
 * conversation the seller answered. Who may review whom, when, and when a review can be read.
 */
import type { RentalStatus } from '../rental/rental-booking.js';
import { DomainError, FieldIssues } from '../shared/domain-error.js';
import { cleanLine, cleanText } from '../shared/text.js';

/** After a rental is completed, both sides have this long to review each other. */
export const RENTAL_REVIEW_WINDOW_DAYS = 14;
/** A buyer may review a seller this long after the seller's first reply, or once the listing is sold. */
export const CONVERSATION_REVIEW_WAIT_DAYS = 7;
export const REVIEW_LIMITS = { titleMax: 100, commentMax: 2000 } as const;

const DAY_MS = 86_400_000;

const notAllowed = (message: string) => new DomainError('forbidden', 'REVIEW_NOT_ALLOWED', message);

/** A day as people read it in a message: "4 December 2026" (Lagos time). */
const dayText = (at: Date) => at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' });

/** What is being reviewed: a rental booking, or a listing a buyer talked to its seller about. */
export type ReviewSubject =
  | {
    kind: 'rental';
    bookingId: number;
    status: RentalStatus;
    /** When it was marked completed; null while it is not. */
    completedAt: Date | null;
    renter: { id: string; name: string };
    owner: { id: string; name: string };
  }
  | {
    kind: 'listing';
    listingId: number;
    /** The listing's status: 'sold' makes the review possible at once. */
    listingStatus: string;
    seller: { id: string; name: string };
    /** When the seller first replied in the reviewer's conversation about the listing; null when they never did. */
    sellerRepliedAt: Date | null;
  };

export interface ReviewRight {
  /** Who the review is about. */
  revieweeId: string;
  /** The reviewer's side of the dealing. */
  as: 'renter' | 'owner' | 'buyer';
}

/**
 * Whether `reviewerId` may review now, and whom; else a 403 `REVIEW_NOT_ALLOWED` whose message says
 * why and, where there is one, when they can. One review per reviewer per booking or listing is the
 * repository's to hold (a second is a conflict).
 */
export function mayReview(reviewerId: string, subject: ReviewSubject, now: Date): ReviewRight {
  if (subject.kind === 'rental') {
    const { renter, owner } = subject;
    const as = reviewerId === renter.id ? 'renter' : reviewerId === owner.id ? 'owner' : null;
    if (!as) throw notAllowed('Only the renter and the owner of this rental can review it.');
    const other = as === 'renter' ? owner : renter;
    if (subject.status === 'cancelled') throw notAllowed('This rental was cancelled, so there is nothing to review.');
    if (subject.status !== 'completed' || !subject.completedAt) throw notAllowed(`You can review ${other.name} after your rental ends.`);
    const closes = rentalReviewWindowEnd(subject.completedAt);
    if (now.getTime() > closes.getTime()) throw notAllowed(`The time to review this rental ended on ${dayText(closes)}.`);
    return { revieweeId: other.id, as };
  }
  const { seller } = subject;
  if (reviewerId === seller.id) throw notAllowed('You cannot review yourself.');
  if (!subject.sellerRepliedAt) throw notAllowed(`You can review ${seller.name} once they have replied to you about this listing.`);
  const from = new Date(subject.sellerRepliedAt.getTime() + CONVERSATION_REVIEW_WAIT_DAYS * DAY_MS);
  if (subject.listingStatus !== 'sold' && now.getTime() < from.getTime()) {
    throw notAllowed(`You can review ${seller.name} from ${dayText(from)}, a week after their reply, or once the listing is sold.`);
  }
  return { revieweeId: seller.id, as: 'buyer' };
}

/** The end of both sides' time to review a completed rental. */
export const rentalReviewWindowEnd = (completedAt: Date): Date => new Date(completedAt.getTime() + RENTAL_REVIEW_WINDOW_DAYS * DAY_MS);

/**
 * Double-blind, for rentals: neither side reads the other's review until both have written one or the
 * window has closed, so neither can answer the other's. The author always reads their own; a
 * buyer's review of a seller is public at once.
 */
export function reviewReadable(
  review: { kind: 'rental' | 'listing'; authorId: string },
  rental: { completedAt: Date; bothWrote: boolean } | null,
  viewerId: string | null,
  now: Date,
): boolean {
  if (review.kind === 'listing' || viewerId === review.authorId) return true;
  if (!rental) return false;
  return rental.bothWrote || now.getTime() > rentalReviewWindowEnd(rental.completedAt).getTime();
}

export interface ReviewInput {
  rating: unknown;
  title: unknown;
  comment: unknown;
}

/** A rating of 1 to 5 whole stars, a title and a comment, cleaned as all text is; field errors for anything else. */
export function checkReview(input: ReviewInput): { rating: number; title: string; comment: string } {
  const issues = new FieldIssues();
  const rating = typeof input.rating === 'number' && Number.isInteger(input.rating) && input.rating >= 1 && input.rating <= 5 ? input.rating : null;
  if (rating === null) issues.add('rating', 'Choose a rating from 1 to 5 stars');
  const title = typeof input.title === 'string' ? cleanLine(input.title) : '';
  if (!title) issues.add('title', 'Give your review a title');
  else if ([...title].length > REVIEW_LIMITS.titleMax) issues.add('title', `Keep the title to ${REVIEW_LIMITS.titleMax} characters or fewer`);
  const comment = typeof input.comment === 'string' ? cleanText(input.comment) : '';
  if (!comment) issues.add('comment', 'Tell others how it went');
  else if ([...comment].length > REVIEW_LIMITS.commentMax) issues.add('comment', `Keep the review to ${REVIEW_LIMITS.commentMax} characters or fewer`);
  issues.throwIfAny();
  return { rating: rating!, title, comment };
}
