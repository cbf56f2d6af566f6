import type { Actor } from '@voltmarket/domain';
import type { CurrentCarOfTheWeek } from '../listing/car-of-the-week.js';
import type { ListingSummary } from '../listing/listing-search.js';
import type { SellerListingSort, SellerReads } from './seller-ports.js';

export const SELLER_LISTINGS_PAGE_MAX = 48;

/** A seller's live listings for their page, newest or by price, a page at a time. */
export class ListSellerListings {
  constructor(private readonly reads: SellerReads, private readonly carOfTheWeek: CurrentCarOfTheWeek) {}

  async execute(
    input: { id: string; sort?: SellerListingSort; offset?: number; limit?: number }, actor: Actor | null,
  ): Promise<{ items: ListingSummary[]; total: number }> {
    const offset = Math.max(0, Math.trunc(input.offset ?? 0));
    const limit = Math.min(SELLER_LISTINGS_PAGE_MAX, Math.max(1, Math.trunc(input.limit ?? 12)));
    const [page, carOfTheWeekId] = await Promise.all([this.reads.liveListings(input.id, input.sort ?? 'newest', offset, limit, actor ? 'member' : 'visitor'), this.carOfTheWeek.listingId()]);
    return { items: page.items.map((l) => ({ ...l, isCarOfTheWeek: l.id === carOfTheWeekId })), total: page.total };
  }
}
