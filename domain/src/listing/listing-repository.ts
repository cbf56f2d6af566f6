import type { Listing } from './listing.js';

/** Where listings live. Reads for search and dashboards go through query ports instead. */
export interface ListingRepository {
  nextId(): Promise<number>;
  findById(id: number): Promise<Listing | null>;
  findByIds(ids: readonly number[]): Promise<Listing[]>;
  /** Reads the listing afresh and locks it until the unit of work ends, so two moderators cannot both move it. */
  findForUpdate(id: number): Promise<Listing | null>;
  save(listing: Listing): Promise<void>;
  remove(listing: Listing): Promise<void>;
}
