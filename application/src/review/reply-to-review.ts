import { type Actor, alreadyReplied, checkReply, notYourReview, reviewNotFound, reviewNotPublished } from '@voltmarket/domain';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { requireActiveMember } from '../shared/guards.js';
import type { ReviewStore } from './review-ports.js';
import { toReviewView, type ReviewView } from './review-views.js';

/** The reviewed person answers a published review, once. */
export class ReplyToReview {
  constructor(private readonly reviews: ReviewStore, private readonly work: UnitOfWork, private readonly clock: Clock) {}

  async execute(input: { id: number; reply: unknown }, actor: Actor | null): Promise<ReviewView> {
    const me = requireActiveMember(actor);
    const reply = checkReply(input.reply);
    return this.work.run(async () => {
      const review = await this.reviews.findForUpdate(input.id);
      // A review the caller cannot read does not exist for them.
      if (!review || (review.hiddenAt && review.revieweeId !== me.userId) || (!review.publishedAt && review.revieweeId !== me.userId && review.reviewerId !== me.userId)) {
        throw reviewNotFound(input.id);
      }
      if (review.revieweeId !== me.userId) throw notYourReview();
      if (!review.publishedAt) throw reviewNotPublished();
      if (review.reply !== null) throw alreadyReplied();
      await this.reviews.saveReply(review.id, reply, this.clock.now());
      return toReviewView((await this.reviews.find(review.id))!, 'member');
    });
  }
}
