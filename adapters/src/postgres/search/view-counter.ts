import type { MikroORM } from '@mikro-orm/postgresql';
import type { ListingViewCounter } from '@voltmarket/application';
import { requestEm } from '../orm.js';

export class PostgresListingViewCounter implements ListingViewCounter {
  constructor(private readonly orm: MikroORM) {}

  async countView(listingId: number, viewerKey: string, day: string): Promise<boolean> {
    // One statement: the log insert and the counter move together or not at all.
    const rows = await requestEm(this.orm).getConnection().execute<{ id: number }[]>(
      `with logged as (
         insert into listing_views (listing_id, day, viewer_key) values (?, ?, ?)
         on conflict do nothing returning listing_id
       )
       update listings set views = views + 1 where id in (select listing_id from logged) returning id`,
      [listingId, day, viewerKey],
    );
    return rows.length > 0;
  }
}
