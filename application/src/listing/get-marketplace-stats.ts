import type { Actor } from '@voltmarket/domain';
import { KeptValue } from '../shared/kept-value.js';
import type { Clock } from '../shared/ports.js';
import type { ListingSearch, MarketplaceStats } from './listing-search.js';

/**
 * Every home page view shows these figures; counting the whole catalogue for each would be wasted
 * work. Kept this long here, and as long again in browsers' caches (the route's Cache-Control), so a
 * figure is about a minute behind at most.
 */
export const MARKETPLACE_STATS_TTL_MS = 30_000;

/**
 * Past their 30 seconds, the figures are still shown this long while one count refreshes them: the
 * count reads every live listing (1.2 s at a million), and no visitor waits for it but the first.
 */
export const MARKETPLACE_STATS_STALE_MS = 10 * 60_000;

/** The home page's live figures: listings, sellers and cities. Public. */
export class GetMarketplaceStats {
  private readonly stats: KeptValue<MarketplaceStats>;

  constructor(search: ListingSearch, clock: Clock) {
    this.stats = new KeptValue(() => search.marketplaceStats(), clock, MARKETPLACE_STATS_TTL_MS, MARKETPLACE_STATS_STALE_MS);
  }

  execute(_input: undefined, _actor: Actor | null): Promise<MarketplaceStats> {
    return this.stats.get();
  }
}
