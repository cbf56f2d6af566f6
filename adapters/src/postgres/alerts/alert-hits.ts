import type { MikroORM } from '@mikro-orm/postgresql';
import type { AlertHits, DecidedAlert, Digest, DigestEntry, DigestPeriod, DigestReads, MatchedListing } from '@voltmarket/application';
import type { AlertKind, SavedSearchCriteria, VehicleType } from '@voltmarket/domain';
import { IN_LIST, sqlRows } from '../sql.js';

interface DigestRow {
  user_id: string; email: string | null; email_verified: boolean;
  saved_search_id: string; name: string; criteria: SavedSearchCriteria; alert: AlertKind;
  id: number; seller_id: string; title: string; price: string; year: number; vehicle_type: VehicleType; brand: string; model: string; location: string;
  image_url: string | null;
}

/**
 * What saved searches were told of listings (saved_search_hits): the price told and whether a drop
 * was told since, and the matches waiting for a digest.
 */
export class PostgresAlertHits implements AlertHits, DigestReads {
  constructor(private readonly orm: MikroORM) {}

  async record(listing: MatchedListing, alerts: readonly DecidedAlert[], now: Date): Promise<void> {
    if (alerts.length === 0) return;
    const rows = alerts.map((a) => ({ saved_search_id: a.savedSearchId, user_id: a.userId, alert: a.alert, digest: a.channel === 'daily' || a.channel === 'weekly' }));
    // A search told before is told a drop now: the one more alert it may have (see alertFor).
    await sqlRows(this.orm,
      `insert into saved_search_hits (saved_search_id, listing_id, user_id, price, drop_told, alert, first_at, last_at, digest_due)
       select a.saved_search_id, ?, a.user_id, ?, false, a.alert, ?, ?, a.digest
       from jsonb_to_recordset(?::jsonb) as a(saved_search_id uuid, user_id text, alert jsonb, digest boolean)
       on conflict (saved_search_id, listing_id) do update
         set price = excluded.price, drop_told = true, alert = excluded.alert, last_at = excluded.last_at,
             digest_due = saved_search_hits.digest_due or excluded.digest_due`,
      [listing.id, listing.price, now, now, JSON.stringify(rows)]);
  }

  async dropPendingDigest(savedSearchId: string): Promise<void> {
    await sqlRows(this.orm, `update saved_search_hits set digest_due = false where saved_search_id = ? and digest_due`, [savedSearchId]);
  }

  async dueBuyers(period: DigestPeriod, afterUserId: string | null, limit: number): Promise<string[]> {
    const rows = await sqlRows<{ user_id: string }>(this.orm,
      `select distinct h.user_id from saved_search_hits h join saved_searches s on s.id = h.saved_search_id
       where h.digest_due and s.channel = ? and h.user_id > ? order by h.user_id limit ?`,
      [period, afterUserId ?? '', limit]);
    return rows.map((r) => r.user_id);
  }

  async digestsFor(period: DigestPeriod, userIds: readonly string[]): Promise<Digest[]> {
    if (userIds.length === 0) return [];
    const rows = await sqlRows<DigestRow>(this.orm,
      `select u.id as user_id, u.email, u.email_verified, h.saved_search_id, s.name, s.criteria, h.alert,
              l.id, l.seller_id, l.title, l.price, l.year, l.vehicle_type, l.brand, l.model, l.location, l.image_urls->>0 as image_url
       from saved_search_hits h
       join saved_searches s on s.id = h.saved_search_id
       join listings l on l.id = h.listing_id
       join users u on u.id = h.user_id
       where h.user_id in ${IN_LIST} and h.digest_due and s.channel = ? and not s.paused and l.status = 'active'
       order by h.user_id, s.created_at, s.id, h.last_at desc, l.id`,
      [JSON.stringify(userIds), period]);
    const digests = new Map<string, Digest>();
    for (const r of rows) {
      let digest = digests.get(r.user_id);
      if (!digest) digests.set(r.user_id, (digest = { recipient: { userId: r.user_id, email: r.email, emailVerified: r.email_verified }, entries: [] }));
      const price = Number(r.price);
      const listing: MatchedListing = {
        id: r.id, sellerId: r.seller_id, title: r.title, price, year: r.year, vehicleType: r.vehicle_type, brand: r.brand, model: r.model,
        location: r.location, imageUrl: r.image_url,
      };
      // A price that went up again since the drop was found is no drop to tell of.
      const alert: AlertKind = r.alert.kind === 'drop' && price >= r.alert.was ? { kind: 'new' } : r.alert;
      const entry: DigestEntry = { savedSearchId: r.saved_search_id, searchName: r.name, criteria: r.criteria, listing, alert };
      digest.entries.push(entry);
    }
    return [...digests.values()];
  }

  async markSent(period: DigestPeriod, userIds: readonly string[], _now: Date): Promise<void> {
    if (userIds.length === 0) return;
    await sqlRows(this.orm,
      `update saved_search_hits h set digest_due = false from saved_searches s
       where s.id = h.saved_search_id and h.user_id in ${IN_LIST} and h.digest_due and s.channel = ?`,
      [JSON.stringify(userIds), period]);
  }
}
