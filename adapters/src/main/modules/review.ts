import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  AuditTrail, GetReviewEligibility, ListAdminReviews, ListReviews, ModerateReview, Notifier, PublishDueReviews, ReplyToReview, WriteReview,
} from '@voltmarket/application';
import { TOKENS } from '../tokens.js';
import { PostgresReviewStore } from '../../postgres/review-store.js';

/** Reviews from real dealings: written, published (double-blind for rentals), replied to, hidden by staff. */
export const reviewModule = new ContainerModule(({ bind }) => {
  const { ReviewStore: R, UnitOfWork: W, Clock: K } = TOKENS;
  bind(R).toResolvedValue((orm: MikroORM) => new PostgresReviewStore(orm), [TOKENS.Orm]);
  bind(WriteReview).toResolvedValue((r, n, w, k) => new WriteReview(r, n, w, k), [R, Notifier, W, K]);
  bind(GetReviewEligibility).toResolvedValue((r, k) => new GetReviewEligibility(r, k), [R, K]);
  bind(ReplyToReview).toResolvedValue((r, w, k) => new ReplyToReview(r, w, k), [R, W, K]);
  bind(ListReviews).toResolvedValue((r) => new ListReviews(r), [R]);
  bind(PublishDueReviews).toResolvedValue((r, w, k) => new PublishDueReviews(r, w, k), [R, W, K]);
  bind(ModerateReview).toResolvedValue((r, t, w, k) => new ModerateReview(r, t, w, k), [R, AuditTrail, W, K]);
  bind(ListAdminReviews).toResolvedValue((r) => new ListAdminReviews(r), [R]);
});
