import type { Actor } from '@voltmarket/domain';
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
 * count reads every live listing (0.3-1.4 s at a million), and no visitor waits for it but the first.
 */
export const MARKETPLACE_STATS_STALE_MS = 10 * 60_000;

/** The home page's live figures: listings, sellers and cities. Public. */
export class GetMarketplaceStats {
  private kept: { stats: MarketplaceStats; freshUntil: number } | null = null;
  // The count in flight is shared, so a burst of visitors starts one count, not many.
  private counting: Promise<MarketplaceStats> | null = null;

  constructor(private readonly search: ListingSearch, private readonly clock: Clock) {}

  async execute(_input: undefined, _actor: Actor | null): Promise<MarketplaceStats> {
    const now = this.clock.now().getTime();
    const kept = this.kept;
    if (kept && now < kept.freshUntil) return kept.stats;
    const counting = this.count();
    if (kept && now < kept.freshUntil + MARKETPLACE_STATS_STALE_MS) {
      counting.catch(() => undefined); // the next visitor past the 30 seconds tries again
      return kept.stats;
    }
    return counting;
  }

  private count(): Promise<MarketplaceStats> {
    this.counting ??= this.search.marketplaceStats().then(
      (stats) => {
        this.kept = { stats, freshUntil: this.clock.now().getTime() + MARKETPLACE_STATS_TTL_MS };
        this.counting = null;
        return stats;
      },
      (err: unknown) => {
        this.counting = null;
        throw err;
      },
    );
    return this.counting;
  }
}
