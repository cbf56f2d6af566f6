import type { Actor } from '@voltmarket/domain';
import type { CurrentCarOfTheWeek } from './car-of-the-week.js';
import { type ListingImpressions, UNCOUNTED } from './listing-impressions.js';
import type { ListingSearch, ListingSummary } from './listing-search.js';

/** The home page's featured spots: Ultimate Exposure boosts take them in turn, the newest listings fill the rest. Public. */
export class GetFeaturedListings {
  constructor(
    private readonly search: ListingSearch,
    private readonly carOfTheWeek: CurrentCarOfTheWeek,
    private readonly impressions: ListingImpressions = UNCOUNTED,
  ) {}

  async execute(input: { limit: number }, actor: Actor | null): Promise<ListingSummary[]> {
    const [found, carOfTheWeekId] = await Promise.all([this.search.featured(input.limit, actor ? 'member' : 'visitor'), this.carOfTheWeek.listingId()]);
    this.impressions.record(found.map((item) => ({ listingId: item.id, promoted: item.isPromoted, tier: item.boost?.tier ?? 0 })));
    return found.map((item) => ({ ...item, isCarOfTheWeek: item.id === carOfTheWeekId }));
  }
}
