import type { Actor } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import type { CurrentCarOfTheWeek } from './car-of-the-week.js';
import type { ListingSearch, OwnListingSummary } from './listing-search.js';

/** The caller's own listings in every status, with their view counts. */
export class ListMyListings {
  constructor(private readonly search: ListingSearch, private readonly carOfTheWeek: CurrentCarOfTheWeek) {}

  async execute(_input: void, actor: Actor | null): Promise<OwnListingSummary[]> {
    const seller = requireSignedIn(actor);
    const [mine, carOfTheWeekId] = await Promise.all([this.search.listBySeller(seller.userId), this.carOfTheWeek.listingId()]);
    return mine.map((listing) => ({ ...listing, isCarOfTheWeek: listing.status === 'active' && listing.id === carOfTheWeekId }));
  }
}
