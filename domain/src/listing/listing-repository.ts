import type { Listing } from './listing.js';

/** Where listings live. Reads for search and dashboards go through query ports instead. */
export interface ListingRepository {
  nextId(): Promise<number>;
  findById(id: number): Promise<Listing | null>;
  findByIds(ids: readonly number[]): Promise<Listing[]>;
  save(listing: Listing): Promise<void>;
  remove(listing: Listing): Promise<void>;
}
