import type { MikroORM } from '@mikro-orm/postgresql';
import type { ListingRevision, ListingRevisionForStaff, ListingRevisionQuery, ListingRevisionStore } from '@voltmarket/application';
import { type ListingChangeStatus, type ListingDetailsPatch, type ModerationFlag, sellerDisplayName } from '@voltmarket/domain';
import { sqlRows } from './sql.js';

interface RevisionRow {
  id: string; listing_id: number; seller_id: string; status: ListingChangeStatus; changes: ListingDetailsPatch; before: ListingDetailsPatch;
  reason: string | null; flags: ModerationFlag[]; submitted_at: Date; decided_at: Date | null;
}

const toRevision = (r: RevisionRow): ListingRevision => ({
  id: Number(r.id), listingId: r.listing_id, sellerId: r.seller_id, status: r.status, changes: r.changes, before: r.before,
  reason: r.reason, flags: r.flags ?? [], submittedAt: new Date(r.submitted_at), decidedAt: r.decided_at ? new Date(r.decided_at) : null,
});

/** The listing's columns by the field names a change uses, so staff read what is live now beside what waits. */
const LIVE_FIELDS = `jsonb_build_object(
  'title', l.title, 'description', l.description, 'price', l.price, 'year', l.year, 'mileage', l.mileage, 'range', l.range,
  'vehicleType', l.vehicle_type, 'brand', l.brand, 'model', l.model, 'location', l.location, 'imageUrls', l.image_urls,
  'batteryHealth', l.battery_health, 'chargingType', l.charging_type, 'fastChargingTime', l.fast_charging_time, 'vin', l.vin)`;

/** Sellers' changes to live listings waiting for review (`listing_changes`); writes join the caller's unit of work. */
export class PostgresListingRevisionStore implements ListingRevisionStore {
  constructor(private readonly orm: MikroORM) {}

  async pendingFor(listingId: number): Promise<ListingRevision | null> {
    const [row] = await sqlRows<RevisionRow>(this.orm, `select * from listing_changes where listing_id = ? and status = 'pending' for update`, [listingId]);
    return row ? toRevision(row) : null;
  }

  async latestFor(listingIds: readonly number[]): Promise<Map<number, ListingRevision>> {
    if (listingIds.length === 0) return new Map();
    const rows = await sqlRows<RevisionRow>(this.orm,
      `select distinct on (listing_id) * from listing_changes
       where listing_id in (select jsonb_array_elements_text(?::jsonb)::int) and status <> 'withdrawn'
       order by listing_id, id desc`, [JSON.stringify(listingIds)]);
    return new Map(rows.map((r) => [r.listing_id, toRevision(r)]));
  }

  async propose(change: { listingId: number; sellerId: string; changes: ListingDetailsPatch; before: ListingDetailsPatch; flags: ModerationFlag[] }, now: Date): Promise<ListingRevision> {
    // One pending change per listing (a unique index says so): a new edit replaces what waited, and
    // keeps its place in the queue (submitted_at stays the first time the listing waited).
    const [row] = await sqlRows<RevisionRow>(this.orm,
      `insert into listing_changes (listing_id, seller_id, status, changes, before, flags, submitted_at, updated_at)
       values (?, ?, 'pending', ?::jsonb, ?::jsonb, ?::jsonb, ?, ?)
       on conflict (listing_id) where status = 'pending'
       do update set changes = excluded.changes, before = excluded.before, flags = excluded.flags, updated_at = excluded.updated_at
       returning *`,
      [change.listingId, change.sellerId, JSON.stringify(change.changes), JSON.stringify(change.before), JSON.stringify(change.flags), now, now]);
    return toRevision(row!);
  }

  async withdraw(listingId: number, now: Date): Promise<void> {
    await sqlRows(this.orm, `update listing_changes set status = 'withdrawn', decided_at = ?, updated_at = ? where listing_id = ? and status = 'pending'`, [now, now, listingId]);
  }

  async find(id: number): Promise<ListingRevision | null> {
    const [row] = await sqlRows<RevisionRow>(this.orm, `select * from listing_changes where id = ?`, [id]);
    return row ? toRevision(row) : null;
  }

  async findForUpdate(id: number): Promise<ListingRevision | null> {
    const [row] = await sqlRows<RevisionRow>(this.orm, `select * from listing_changes where id = ? for update`, [id]);
    return row ? toRevision(row) : null;
  }

  async decide(id: number, decision: { status: 'approved' | 'rejected'; reason: string | null; by: string }, now: Date): Promise<void> {
    await sqlRows(this.orm, `update listing_changes set status = ?, reason = ?, decided_by = ?, decided_at = ?, updated_at = ? where id = ?`,
      [decision.status, decision.reason, decision.by, now, now, id]);
  }

  async list(query: ListingRevisionQuery): Promise<{ items: ListingRevisionForStaff[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.ids) { where.push(`c.id in (select jsonb_array_elements_text(?::jsonb)::bigint)`); params.push(JSON.stringify(query.ids)); }
    if (query.status) { where.push(`c.status = ?`); params.push(query.status); }
    if (query.listingId !== undefined) { where.push(`c.listing_id = ?`); params.push(query.listingId); }
    const rows = await sqlRows<RevisionRow & { total: number; listing_title: string; listing_status: string; live: ListingDetailsPatch;
      first_name: string | null; last_name: string | null; email: string | null }>(this.orm,
      `select c.*, count(*) over ()::int as total, l.title as listing_title, l.status as listing_status, ${LIVE_FIELDS} as live,
              u.first_name, u.last_name, u.email
       from listing_changes c join listings l on l.id = c.listing_id join users u on u.id = c.seller_id
       ${where.length ? `where ${where.join(' and ')}` : ''}
       order by c.submitted_at, c.id offset ? limit ?`, [...params, query.offset, query.limit]);
    return {
      total: rows[0]?.total ?? (query.offset > 0 ? (await this.count(where, params)) : 0),
      items: rows.map((r) => ({
        ...toRevision(r), listingTitle: r.listing_title, listingStatus: r.listing_status,
        sellerName: sellerDisplayName({ firstName: r.first_name, lastName: r.last_name, email: r.email }, 'member'),
        live: Object.fromEntries(Object.keys(r.changes).map((k) => [k, (r.live as Record<string, unknown>)[k] ?? null])) as ListingDetailsPatch,
      })),
    };
  }

  private async count(where: string[], params: unknown[]): Promise<number> {
    const [row] = await sqlRows<{ n: number }>(this.orm,
      `select count(*)::int as n from listing_changes c ${where.length ? `where ${where.join(' and ')}` : ''}`, params);
    return row?.n ?? 0;
  }
}
