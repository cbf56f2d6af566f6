import type { Actor } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import type { ListingSearch, OwnListingSummary } from './listing-search.js';

/** The caller's own listings in every status, with their view counts. */
export class ListMyListings {
  constructor(private readonly search: ListingSearch) {}

  async execute(_input: void, actor: Actor | null): Promise<OwnListingSummary[]> {
    return this.search.listBySeller(requireSignedIn(actor).userId);
  }
}
