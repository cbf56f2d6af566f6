import type { Actor } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import type { ListingSearch, MarketplaceStats } from './listing-search.js';

/**
 * Every home page view shows these figures; counting the whole catalogue for each would be wasted
 * work. Kept this long here, and as long again in browsers' caches (the route's Cache-Control), so a
 * figure is at most a minute behind.
 */
export const MARKETPLACE_STATS_TTL_MS = 30_000;

/** The home page's live figures: listings, sellers and cities. Public. */
export class GetMarketplaceStats {
  // The count in flight is shared, so a burst of visitors after expiry starts one count, not many.
  private cached: { stats: Promise<MarketplaceStats>; until: number } | null = null;

  constructor(private readonly search: ListingSearch, private readonly clock: Clock) {}

  async execute(_input: undefined, _actor: Actor | null): Promise<MarketplaceStats> {
    const now = this.clock.now().getTime();
    if (!this.cached || now >= this.cached.until) {
      const stats = this.search.marketplaceStats();
      this.cached = { stats, until: now + MARKETPLACE_STATS_TTL_MS };
      stats.catch(() => {
        if (this.cached?.stats === stats) this.cached = null;
      });
    }
    return this.cached.stats;
  }
}
