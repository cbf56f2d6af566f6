import type pg from 'pg';
import type {
  ActivityDay, AdminListQuery, AdminReadModel, AdminStats, AdminUserFilter, AdminUserRow, AdminUserSort, AdminVehicleFilter,
  AdminVehicleSort, AuditEntryView, AuditFilter, AuditSort, Page, RowRange, SortOrder,
} from '@voltmarket/application';
import { suspensionOf } from '@voltmarket/application';
import { type AuditAction, type AuditResource, type AuditValues, type Role, sellerDisplayName } from '@voltmarket/domain';

const VEHICLE_COLUMN: Record<AdminVehicleSort, string> = {
  id: 'l.id', title: 'l.title', price: 'l.price', year: 'l.year', mileage: 'l.mileage', views: 'l.views',
  status: 'l.status', location: 'l.location', brand: 'l.brand', createdAt: 'l.created_at', updatedAt: 'l.updated_at',
};
const USER_COLUMN: Record<AdminUserSort, string> = {
  id: 'u.id', createdAt: 'u.created_at', email: 'u.email', lastName: 'u.last_name', role: 'u.role', listingCount: 'listing_count',
};
const AUDIT_COLUMN: Record<AuditSort, string> = { id: 'a.id', createdAt: 'a.created_at' };

/** Builds a where clause whose values become $1, $2, … in order. */
export class Conditions {
  readonly params: unknown[] = [];
  private readonly clauses: string[] = [];

  /** `?` in the clause stands for the first value (every `?` for the same one), `?2` for the second. */
  add(clause: string, ...values: unknown[]): void {
    const first = this.params.length + 1;
    this.params.push(...values);
    this.clauses.push(clause.replace(/\?(\d?)/g, (_m, n: string) => `$${first + (n ? Number(n) - 1 : 0)}`));
  }

  where(): string {
    return this.clauses.length ? `where ${this.clauses.join(' and ')}` : '';
  }

  /** Placeholders for limit and offset, after the conditions' own. */
  limitOffset(limit: number, offset: number): [string, string] {
    this.params.push(limit, offset);
    return [`$${this.params.length - 1}`, `$${this.params.length}`];
  }
}

/** Counts the matches, then (when there are any) reads the asked-for rows with limit and offset placeholders. */
export async function pagedQuery<T>(
  pool: pg.Pool, countSql: string, c: Conditions, range: RowRange, read: (limit: string, offset: string) => Promise<T[]>,
): Promise<Page<T>> {
  const { rows } = await pool.query<{ total: number }>(countSql, c.params);
  const total = rows[0]?.total ?? 0;
  if (total === 0) return { items: [], total };
  return { items: await read(...c.limitOffset(range.end - range.start + 1, range.start)), total };
}

/** A LIKE pattern matching the text anywhere, with the text's own % and _ taken literally. */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const orderBy = (column: string, sort: SortOrder<string>, tieBreaker: string): string => {
  const dir = sort.order === 'ASC' ? 'asc' : 'desc';
  const nulls = dir === 'asc' ? 'nulls last' : 'nulls first';
  return `order by ${column} ${dir} ${nulls}, ${tieBreaker} ${dir}`;
};

/** The text as a listing id when it is one (so "1234" also finds listing 1234), else null. */
const wholeNumberOrNull = (text: string): number | null => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null);

interface UserRowSql {
  id: string; email: string | null; email_verified: boolean; first_name: string | null; last_name: string | null; phone: string | null;
  profile_image_url: string | null; role: Role; created_at: Date; updated_at: Date;
  verified_phone: string | null; dealer_status: string | null; dealer_business_name: string | null;
  listing_count: number; active_listing_count: number; suspension_reason: string | null; suspended_until: Date | null;
}

interface AuditRowSql {
  id: number; created_at: Date; actor_id: string; actor_email: string | null; action: AuditAction; resource: AuditResource;
  record_id: string; record_label: string; before: AuditValues | null; after: AuditValues | null;
  actor_first_name: string | null; actor_last_name: string | null;
}

/** The users of a chosen `page` with their listing counts, counted for those rows only. */
const PAGE_OF_USERS = `
  select u.*, coalesce(c.total, 0)::int as listing_count, coalesce(c.active, 0)::int as active_listing_count
  from page join users u on u.id = page.id
  left join lateral (
    select count(*) as total, count(*) filter (where l.status = 'active') as active from listings l where l.seller_id = u.id
  ) c on true`;

/** The backoffice's lists as SQL over the primary database, so a moderator sees their own change at once. */
export class PostgresAdminReadModel implements AdminReadModel {
  constructor(private readonly pool: pg.Pool) {}

  async vehicleIds(query: AdminListQuery<AdminVehicleFilter, AdminVehicleSort>): Promise<Page<number>> {
    const { filter: f } = query;
    const c = new Conditions();
    if (f.ids) c.add('l.id = any(?::int[])', f.ids);
    if (f.status) c.add('l.status = ?', f.status);
    if (f.vehicleType) c.add('l.vehicle_type = ?', f.vehicleType);
    if (f.brand) c.add('lower(l.brand) = lower(?)', f.brand);
    if (f.location) c.add('lower(l.location) = lower(?)', f.location);
    if (f.sellerId) c.add('l.seller_id = ?', f.sellerId);
    if (f.minPrice !== undefined) c.add('l.price >= ?', f.minPrice);
    if (f.maxPrice !== undefined) c.add('l.price <= ?', f.maxPrice);
    if (f.q) {
      // Each branch can use an index (trigram on the title, brand and model; the seller; the id), so
      // Postgres combines them instead of reading every listing.
      c.add(`(l.search_text like ? or l.seller_id = any(array(
               select u.id from users u where u.email ilike ?2 or concat_ws(' ', u.first_name, u.last_name) ilike ?2
             )) or l.id = ?3)`, containing(f.q.toLowerCase()), containing(f.q), wholeNumberOrNull(f.q));
    }
    const from = `from listings l ${c.where()}`;
    return this.paged(`select count(*)::int as total ${from}`, c, query.range, async (lim, off) => {
      const { rows } = await this.pool.query<{ id: number }>(
        `select l.id ${from} ${orderBy(VEHICLE_COLUMN[query.sort.field], query.sort, 'l.id')} limit ${lim} offset ${off}`, c.params,
      );
      return rows.map((r) => r.id);
    });
  }

  async users(query: AdminListQuery<AdminUserFilter, AdminUserSort>): Promise<Page<AdminUserRow>> {
    const c = this.userConditions(query.filter);
    return this.paged(`select count(*)::int as total from users u ${c.where()}`, c, query.range,
      async (lim, off) => (await this.userPage(c, query.sort, lim, off)).map(toUserRow));
  }

  /**
   * A page of users with their listing counts. Sorted by count, the counts come from one pass over
   * the listings; otherwise the page is chosen first and only its 25 users are counted.
   */
  private async userPage(c: Conditions, sort: SortOrder<AdminUserSort>, lim: string, off: string): Promise<UserRowSql[]> {
    const order = orderBy(USER_COLUMN[sort.field], sort, 'u.id');
    if (sort.field === 'listingCount') {
      const { rows } = await this.pool.query<UserRowSql>(
        `select u.*, coalesce(c.total, 0)::int as listing_count, coalesce(c.active, 0)::int as active_listing_count
         from users u left join (
           select seller_id, count(*) as total, count(*) filter (where status = 'active') as active from listings group by seller_id
         ) c on c.seller_id = u.id
         ${c.where()} ${order} limit ${lim} offset ${off}`, c.params,
      );
      return rows;
    }
    const { rows } = await this.pool.query<UserRowSql>(
      `with page as (select u.id from users u ${c.where()} ${order} limit ${lim} offset ${off})
       ${PAGE_OF_USERS} ${order}`, c.params,
    );
    return rows;
  }

  async *allUsers(filter: AdminUserFilter, sort: SortOrder<AdminUserSort>): AsyncIterable<AdminUserRow[]> {
    const batch = 500;
    for (let start = 0; ; start += batch) {
      const c = this.userConditions(filter);
      const rows = await this.userPage(c, sort, ...c.limitOffset(batch, start));
      if (rows.length > 0) yield rows.map(toUserRow);
      if (rows.length < batch) return;
    }
  }

  async auditEntries(query: AdminListQuery<AuditFilter, AuditSort>): Promise<Page<AuditEntryView>> {
    const { filter: f } = query;
    const c = new Conditions();
    if (f.ids) c.add('a.id = any(?::int[])', f.ids);
    if (f.action) c.add('a.action = ?', f.action);
    if (f.resource) c.add('a.resource = ?', f.resource);
    if (f.recordId) c.add('a.record_id = ?', f.recordId);
    if (f.actorId) c.add('a.actor_id = ?', f.actorId);
    if (f.q) c.add('(a.record_label ilike ? or a.actor_email ilike ? or a.record_id = ?2)', containing(f.q), f.q);
    return this.paged(`select count(*)::int as total from audit_log a ${c.where()}`, c, query.range, async (lim, off) => {
      const { rows } = await this.pool.query<AuditRowSql>(
        `select a.*, u.first_name as actor_first_name, u.last_name as actor_last_name
         from audit_log a left join users u on u.id = a.actor_id ${c.where()}
         ${orderBy(AUDIT_COLUMN[query.sort.field], query.sort, 'a.id')} limit ${lim} offset ${off}`, c.params,
      );
      return rows.map(toAuditView);
    });
  }

  async stats(since: Date, now: Date): Promise<AdminStats> {
    const { rows } = await this.pool.query<AdminStats & { adRevenue: string }>(
      `select
         (select count(*)::int from users) as "totalUsers",
         (select count(*)::int from users where role in ('admin', 'support')) as "staffMembers",
         (select count(*)::int from users where created_at >= $1) as "newUsersLast7Days",
         count(*)::int as "totalVehicles",
         (count(*) filter (where status = 'active'))::int as "activeListings",
         (count(*) filter (where status = 'pending'))::int as "pendingListings",
         (count(*) filter (where status = 'rejected'))::int as "rejectedListings",
         (count(*) filter (where created_at >= $1))::int as "newListingsLast7Days",
         coalesce(sum(views), 0)::int as "totalViews",
         (count(*) filter (where status = 'active' and boost_tier > 0 and boosted_until > $2))::int as "activeBoosts",
         (select coalesce(sum(amount_kobo), 0) from payments where status = 'success') as "adRevenue",
         (select count(*)::int from payments where status = 'success') as "adSales",
         (select count(*)::int from payments where status = 'pending') as "pendingPayments"
       from listings`,
      [since, now],
    );
    const row = rows[0]!;
    return { ...row, adRevenue: Math.round(Number(row.adRevenue) / 100) };
  }

  async activity(now: Date, days: number): Promise<ActivityDay[]> {
    const { rows } = await this.pool.query<ActivityDay>(
      `with days as (
         select generate_series(($1::timestamptz at time zone 'Africa/Lagos')::date - ($2::int - 1), ($1::timestamptz at time zone 'Africa/Lagos')::date, interval '1 day')::date as day
       ), since as (select min(day)::timestamp at time zone 'Africa/Lagos' as t from days)
       select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(m.n, 0)::int as messages, coalesce(i.n, 0)::int as inquiries
       from days
       left join (select (created_at at time zone 'Africa/Lagos')::date as day, count(*) as n from messages, since where created_at >= since.t group by 1) m using (day)
       left join (select (created_at at time zone 'Africa/Lagos')::date as day, count(*) as n from inquiries, since where created_at >= since.t group by 1) i using (day)
       order by days.day`,
      [now, days],
    );
    return rows;
  }

  private userConditions(f: AdminUserFilter): Conditions {
    const c = new Conditions();
    if (f.ids) c.add('u.id = any(?::text[])', f.ids);
    if (f.role) c.add('u.role = ?', f.role);
    if (f.q) {
      const phone = f.qAsPhone ? ' or u.phone = ?3' : '';
      c.add(`(u.email ilike ? or concat_ws(' ', u.first_name, u.last_name) ilike ? or u.phone ilike ? or u.id = ?2${phone})`, containing(f.q), f.q, ...(f.qAsPhone ? [f.qAsPhone] : []));
    }
    return c;
  }

  private paged<T>(countSql: string, c: Conditions, range: RowRange, read: (limit: string, offset: string) => Promise<T[]>): Promise<Page<T>> {
    return pagedQuery(this.pool, countSql, c, range, read);
  }
}

const toUserRow = (row: UserRowSql): AdminUserRow => ({
  id: row.id,
  email: row.email,
  emailVerified: row.email !== null && row.email_verified,
  firstName: row.first_name,
  lastName: row.last_name,
  displayName: sellerDisplayName({ firstName: row.first_name, lastName: row.last_name, email: row.email }, 'member'),
  phone: row.phone,
  verifiedPhone: row.verified_phone,
  phoneVerified: row.verified_phone !== null,
  ...(row.dealer_status === 'verified' && row.dealer_business_name ? { verifiedDealer: { businessName: row.dealer_business_name } } : {}),
  profileImageUrl: row.profile_image_url,
  role: row.role,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  listingCount: row.listing_count,
  activeListingCount: row.active_listing_count,
  ...suspensionOf(row.suspension_reason, row.suspended_until, new Date()),
});

const toAuditView = (row: AuditRowSql): AuditEntryView => ({
  id: row.id,
  createdAt: row.created_at.toISOString(),
  actorId: row.actor_id,
  actorEmail: row.actor_email,
  actorName: sellerDisplayName({ firstName: row.actor_first_name, lastName: row.actor_last_name, email: row.actor_email }, 'member'),
  action: row.action,
  resource: row.resource,
  recordId: row.record_id,
  recordLabel: row.record_label,
  before: row.before,
  after: row.after,
});
