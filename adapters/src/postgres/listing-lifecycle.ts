import type { MikroORM } from '@mikro-orm/postgresql';
import type { ExpiringListing, ListingLifecycle } from '@voltmarket/application';
import type { SearchCache } from './search/search-cache.js';
import { listingsChanged } from './listing-caches.js';
import { sqlRows } from './sql.js';

interface Row { id: number; seller_id: string; title: string; expires_at: Date }
const toExpiring = (r: Row): ExpiringListing => ({ id: r.id, sellerId: r.seller_id, title: r.title, expiresAt: new Date(r.expires_at) });

/**
 * Expiry and its reminder over many listings at once, in SQL. An expired listing leaves the market as
 * Listing.moveTo would take it off (not verified, not approved, no end), so a renewal brings it back
 * like an approval. A listing with a boost still running waits for the boost's end.
 */
export class PostgresListingLifecycle implements ListingLifecycle {
  constructor(private readonly orm: MikroORM, private readonly counts: SearchCache) {}

  async expireDue(now: Date, limit: number): Promise<ExpiringListing[]> {
    const rows = await sqlRows<Row>(this.orm,
      `update listings l set status = 'expired', is_verified = false, approved_at = null, expires_at = null, expiry_reminded_at = null, updated_at = ?
       from (select id, expires_at from listings where status = 'active' and expires_at <= ? and (boosted_until is null or boosted_until <= ?)
             order by expires_at limit ? for update skip locked) due
       where l.id = due.id returning l.id, l.seller_id, l.title, due.expires_at`, [now, now, now, limit]);
    if (rows.length > 0) await listingsChanged(this.orm, this.counts);
    return rows.map(toExpiring);
  }

  async remindDue(now: Date, before: Date, limit: number): Promise<ExpiringListing[]> {
    const rows = await sqlRows<Row>(this.orm,
      `update listings l set expiry_reminded_at = ?
       from (select id from listings where status = 'active' and expires_at > ? and expires_at <= ? and expiry_reminded_at is null
             and (boosted_until is null or boosted_until < expires_at)
             order by expires_at limit ? for update skip locked) due
       where l.id = due.id returning l.id, l.seller_id, l.title, l.expires_at`, [now, now, before, limit]);
    return rows.map(toExpiring);
  }
}
