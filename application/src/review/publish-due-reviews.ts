import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { ReviewStore } from './review-ports.js';

/** Scheduled: rental reviews whose 14 days have ended are published, written by both sides or not. */
export class PublishDueReviews {
  constructor(private readonly reviews: ReviewStore, private readonly work: UnitOfWork, private readonly clock: Clock) {}

  async execute(): Promise<{ published: number }> {
    return this.work.run(async () => ({ published: await this.reviews.publishDue(this.clock.now()) }));
  }
}
