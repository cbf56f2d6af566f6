import { type Actor, checkReview, mayReview, type ReviewInput, reviewExists, reviewReceivedNotice, sellerDisplayName } from '@voltmarket/domain';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { requireActiveMember } from '../shared/guards.js';
import type { Notifier } from '../notification/notifier.js';
import { reviewSubject } from './review-subject.js';
import type { RevieweeRole, ReviewStore, ReviewTarget } from './review-ports.js';
import { toReviewView, type ReviewView } from './review-views.js';

const ROLE_OF_REVIEWEE: Record<'renter' | 'owner' | 'buyer', RevieweeRole> = { renter: 'owner', owner: 'renter', buyer: 'seller' };

/**
 * A renter or owner reviews the other side of a completed rental, or a buyer reviews a seller who
 * answered them. One review each per booking or listing. A buyer's is public at once; a rental's
 * waits until both have written or the 14 days end (double-blind), and the reviewed person is told.
 */
export class WriteReview {
  constructor(
    private readonly reviews: ReviewStore,
    private readonly notifier: Notifier,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { target: ReviewTarget } & ReviewInput, actor: Actor | null): Promise<ReviewView> {
    const me = requireActiveMember(actor);
    const written = checkReview(input);
    return this.work.run(async () => {
      const now = this.clock.now();
      const subject = await reviewSubject(this.reviews, input.target, me.userId);
      const right = mayReview(me.userId, subject, now);
      const id = await this.reviews.add({
        kind: subject.kind, bookingId: subject.kind === 'rental' ? subject.bookingId : null, vehicleId: subject.vehicleId,
        vehicleTitle: subject.vehicleTitle, reviewerId: me.userId, revieweeId: right.revieweeId, revieweeRole: ROLE_OF_REVIEWEE[right.as],
        ...written, publishedAt: subject.kind === 'listing' ? now : null, createdAt: now,
      });
      if (id === null) throw reviewExists();
      if (subject.kind === 'rental') await this.reviews.publishBooking(subject.bookingId, now);
      const review = (await this.reviews.find(id))!;
      if (review.publishedAt) await this.reviews.refreshRating(review.revieweeId);
      await this.notifier.notify(reviewReceivedNotice({
        kind: review.kind, revieweeId: review.revieweeId, reviewerName: sellerDisplayName(review.reviewer, 'member'), vehicleTitle: review.vehicleTitle,
        rating: review.rating, vehicleId: review.vehicleId, bookingId: review.bookingId, published: review.publishedAt !== null,
      }));
      return toReviewView(review, 'member');
    });
  }
}
