import { listingNotFound, rentalNotFound } from '@voltmarket/domain';
import type { FoundSubject, ReviewStore, ReviewTarget } from './review-ports.js';

/**
 * The booking or listing a review is about, or 404 as its own routes would answer: a booking to
 * anyone but its renter and owner, a listing off the market to anyone its seller never answered.
 */
export async function reviewSubject(reviews: ReviewStore, target: ReviewTarget, reviewerId: string): Promise<FoundSubject> {
  if (target.kind === 'rental') {
    const subject = await reviews.rentalSubject(target.bookingId);
    if (!subject || subject.kind !== 'rental' || (subject.renter.id !== reviewerId && subject.owner.id !== reviewerId)) throw rentalNotFound(target.bookingId);
    return subject;
  }
  const subject = await reviews.listingSubject(target.vehicleId, reviewerId);
  const viewable = subject?.kind === 'listing' && (subject.listingStatus === 'active' || subject.listingStatus === 'sold');
  if (!subject || (!viewable && subject.kind === 'listing' && !subject.sellerRepliedAt && subject.seller.id !== reviewerId)) throw listingNotFound(target.vehicleId);
  return subject;
}
