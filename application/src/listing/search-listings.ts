import { type Actor, correctSpelling } from '@voltmarket/domain';
import type { CurrentCarOfTheWeek } from './car-of-the-week.js';
import { type ListingSearch, type ListingCriteria, type ListingPage } from './listing-search.js';

/** Public search: active listings only, boosted first; the port does the filtering in the database. */
export class SearchListings {
  constructor(private readonly search: ListingSearch, private readonly carOfTheWeek: CurrentCarOfTheWeek) {}

  async execute(criteria: ListingCriteria, actor: Actor | null = null): Promise<ListingPage> {
    const search = criteria.search?.trim().replace(/\s+/g, ' ') || undefined;
    const correctedSearch = search ? (correctSpelling(search) ?? undefined) : undefined;
    const [page, carOfTheWeekId] = await Promise.all([
      this.search.searchPublic({ ...criteria, search, correctedSearch }, actor ? 'member' : 'visitor'),
      this.carOfTheWeek.listingId(),
    ]);
    return { ...page, items: page.items.map((item) => ({ ...item, isCarOfTheWeek: item.id === carOfTheWeekId })) };
  }
}
