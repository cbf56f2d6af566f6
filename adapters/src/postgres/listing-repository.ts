import { LockMode, type MikroORM } from '@mikro-orm/postgresql';
import type { Listing, ListingRepository } from '@voltmarket/domain';
import type { SearchCache } from './search/search-cache.js';
import { requestEm } from './orm.js';
import { listingsChanged } from './listing-caches.js';
import { ListingSchema } from './schemas.js';

export class MikroOrmListingRepository implements ListingRepository {
  constructor(private readonly orm: MikroORM, private readonly counts: SearchCache) {}

  async nextId(): Promise<number> {
    const [row] = await requestEm(this.orm).getConnection().execute<{ id: number }[]>(
      `select nextval('listings_id_seq')::int as id`,
    );
    if (!row) throw new Error('listings_id_seq returned nothing');
    return row.id;
  }

  findById(id: number): Promise<Listing | null> {
    return requestEm(this.orm).findOne(ListingSchema, { id });
  }

  findByIds(ids: readonly number[]): Promise<Listing[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return requestEm(this.orm).find(ListingSchema, { id: { $in: [...ids] } });
  }

  findForUpdate(id: number): Promise<Listing | null> {
    return requestEm(this.orm).findOne(ListingSchema, { id }, { refresh: true, lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  async save(listing: Listing): Promise<void> {
    await requestEm(this.orm).persistAndFlush(listing);
    await listingsChanged(this.orm, this.counts);
  }

  async remove(listing: Listing): Promise<void> {
    await requestEm(this.orm).removeAndFlush(listing);
    await listingsChanged(this.orm, this.counts);
  }
}
