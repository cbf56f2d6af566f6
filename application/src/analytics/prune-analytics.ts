import { addDays, lagosDay, oldestKeptDay } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import type { MarketplaceAnalyticsStore, PrunedAnalytics } from './analytics-ports.js';

/**
 * Keeps counters for ANALYTICS_KEEP_DAYS days. The log of who viewed what is only needed to count a
 * viewer once a day: yesterday's and today's are kept (a batch of views may straddle midnight).
 */
export class PruneAnalytics {
  constructor(private readonly store: MarketplaceAnalyticsStore, private readonly clock: Clock) {}

  execute(): Promise<PrunedAnalytics> {
    const now = this.clock.now();
    return this.store.prune(oldestKeptDay(now), addDays(lagosDay(now), -1));
  }
}
