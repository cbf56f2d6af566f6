import { ContainerModule } from 'inversify';
import type pg from 'pg';
import type { Logger } from 'pino';
import { type Clock, GetListingInsights, GetMarketplaceAnalytics, PruneAnalytics, RollUpMarketplaceDays } from '@voltmarket/application';
import { TOKENS } from '../tokens.js';
import { PostgresListingActivity } from '../../postgres/analytics/listing-activity.js';
import { PostgresListingInsightsReads } from '../../postgres/analytics/listing-insights-reads.js';
import { PostgresMarketplaceAnalytics } from '../../postgres/analytics/marketplace-analytics-store.js';

/** Analytics: listing counters written in batches, a seller's Insights, and the staff's figures rolled up by a job. */
export const analyticsModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.ListingActivity).toResolvedValue(
    (pool: pg.Pool, clock: Clock, logger: Logger) =>
      new PostgresListingActivity(pool, () => clock.now(), (err) => logger.warn({ err }, 'views and saves could not be written; kept for the next try')),
    [TOKENS.ReadPool, TOKENS.Clock, TOKENS.Logger]);
  bind(TOKENS.ListingInsightsReads).toResolvedValue((pool: pg.Pool) => new PostgresListingInsightsReads(pool), [TOKENS.ReplicaPool]);
  bind(TOKENS.MarketplaceAnalyticsStore).toResolvedValue(
    (primary: pg.Pool, replica: pg.Pool) => new PostgresMarketplaceAnalytics(primary, replica), [TOKENS.ReadPool, TOKENS.ReplicaPool]);
  const { ListingRepository: L, ListingInsightsReads: R, MarketplaceAnalyticsStore: M, Clock: K } = TOKENS;
  bind(GetListingInsights).toResolvedValue((l, r, k) => new GetListingInsights(l, r, k), [L, R, K]);
  bind(GetMarketplaceAnalytics).toResolvedValue((m, k) => new GetMarketplaceAnalytics(m, k), [M, K]);
  bind(RollUpMarketplaceDays).toResolvedValue((m, k) => new RollUpMarketplaceDays(m, k), [M, K]);
  bind(PruneAnalytics).toResolvedValue((m, k) => new PruneAnalytics(m, k), [M, K]);
});
