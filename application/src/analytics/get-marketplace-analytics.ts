import { type Actor, analyticsBuckets, type AnalyticsInterval, checkAnalyticsRange, sumIntoBuckets } from '@voltmarket/domain';
import { requireStaff } from '../shared/guards.js';
import type { Clock } from '../shared/ports.js';
import { MARKETPLACE_DAY_FIGURES, type MarketplaceAnalyticsStore, type MarketplaceDayFigure } from './analytics-ports.js';

type Figures = Omit<Record<MarketplaceDayFigure, number>, 'adRevenueKobo'> & { adRevenue: number; activeSellers: number };

export interface MarketplaceAnalyticsBucket extends Figures {
  from: string;
  to: string;
}

export interface MarketplaceAnalyticsView {
  from: string;
  to: string;
  interval: AnalyticsInterval;
  /** When the figures were last counted (they are counted again every few minutes); null before the first count. */
  updatedAt: string | null;
  buckets: MarketplaceAnalyticsBucket[];
  /** The whole range: sums, and active sellers counted once however many buckets they were active in. */
  totals: Figures;
}

/** The backoffice's Analytics: the marketplace's figures over a range of Lagos days, by day, week or month. */
export class GetMarketplaceAnalytics {
  constructor(private readonly store: MarketplaceAnalyticsStore, private readonly clock: Clock) {}

  async execute(input: { from?: unknown; to?: unknown; interval?: unknown }, actor: Actor | null): Promise<MarketplaceAnalyticsView> {
    requireStaff(actor);
    const range = checkAnalyticsRange(input, this.clock.now());
    const buckets = analyticsBuckets(range);
    const [days, sellers, rolled] = await Promise.all([
      this.store.days(range), this.store.activeSellers(range, buckets), this.store.lastRollUp(),
    ]);
    const sums = sumIntoBuckets(buckets, days, MARKETPLACE_DAY_FIGURES);
    const [total] = sumIntoBuckets([range], days, MARKETPLACE_DAY_FIGURES);
    const figures = (sum: Record<MarketplaceDayFigure, number>, activeSellers: number): Figures => {
      const { adRevenueKobo, ...rest } = sum;
      return { ...rest, adRevenue: Math.round(adRevenueKobo / 100), activeSellers };
    };
    return {
      from: range.first, to: range.last, interval: range.interval, updatedAt: rolled ? rolled.at.toISOString() : null,
      buckets: buckets.map((b, i) => ({ from: b.first, to: b.last, ...figures(sums[i]!, sellers.perBucket[i]!) })),
      totals: figures(total!, sellers.total),
    };
  }
}
