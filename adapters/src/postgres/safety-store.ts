import type { MikroORM } from '@mikro-orm/postgresql';
import type { NewReport, ReportGroup, ReportGroupDetail, ReportQuery, SafetyStore, StoredReport, SuspensionRecord } from '@voltmarket/application';
import { LISTING_LIFETIME_DAYS, type ReportOutcome, type ReportReason, type ReportTarget, type RevealCounts, sellerDisplayName } from '@voltmarket/domain';
import type { SearchCache } from './search/search-cache.js';
import { listingsChanged } from './listing-caches.js';
import { sqlRows } from './sql.js';

interface ReportRow {
  id: string; reporter_id: string; target_kind: ReportTarget; target_id: string; target_user_id: string; reason: ReportReason; note: string | null;
  status: 'open' | 'closed'; outcome: ReportOutcome | null; outcome_note: string | null; created_at: Date; resolved_at: Date | null;
  rf: string | null; rl: string | null; re: string | null;
}

interface GroupRow {
  target_kind: ReportTarget; target_id: string; target_user_id: string; open_count: number; reasons: ReportReason[]; oldest_at: Date; latest_at: Date;
  listing_title: string | null; listing_status: string | null; first_name: string | null; last_name: string | null; email: string | null;
  suspended: boolean; total?: number;
}

const name = (first: string | null, last: string | null, email: string | null) => sellerDisplayName({ firstName: first, lastName: last, email }, 'member');

const toReport = (r: ReportRow): StoredReport => ({
  id: Number(r.id), reporterId: r.reporter_id, target: r.target_kind, targetId: r.target_id, targetUserId: r.target_user_id, reason: r.reason,
  note: r.note, status: r.status, outcome: r.outcome, outcomeNote: r.outcome_note, createdAt: new Date(r.created_at),
  resolvedAt: r.resolved_at ? new Date(r.resolved_at) : null, reporterName: name(r.rf, r.rl, r.re),
});

const toGroup = (g: GroupRow): ReportGroup => ({
  id: `${g.target_kind}:${g.target_id}`, target: g.target_kind, targetId: g.target_id, targetUserId: g.target_user_id,
  label: g.target_kind === 'listing' ? (g.listing_title ?? `Listing ${g.target_id}`) : name(g.first_name, g.last_name, g.email),
  targetStatus: g.target_kind === 'listing' ? (g.listing_status ?? 'deleted') : (g.suspended ? 'suspended' : 'active'),
  openCount: g.open_count, reasons: g.reasons, oldestAt: new Date(g.oldest_at), latestAt: new Date(g.latest_at),
});

/** The facts of a group of reports: what they are about, and the person behind it. */
const GROUP_FACTS = `
  left join listings l on r.target_kind = 'listing' and l.id::text = r.target_id
  join users u on u.id = r.target_user_id`;
const GROUP_COLUMNS = `r.target_kind, r.target_id, min(r.target_user_id) as target_user_id, count(*)::int as open_count,
  array_agg(distinct r.reason) as reasons, min(r.created_at) as oldest_at, max(r.created_at) as latest_at,
  min(l.title) as listing_title, min(l.status) as listing_status, min(u.first_name) as first_name, min(u.last_name) as last_name, min(u.email) as email,
  bool_or(u.suspension_reason is not null and (u.suspended_until is null or u.suspended_until > now())) as suspended`;

const SELECT_REPORT = `select r.*, a.first_name as rf, a.last_name as rl, a.email as re from reports r join users a on a.id = r.reporter_id`;

/** Listings of a suspended account come back as an approval brings a listing live (see Listing.moveTo). */
const RESTORE_LISTINGS = `update listings set status = 'active', is_verified = true, approved_at = ?, expires_at = ?::timestamptz + interval '${LISTING_LIFETIME_DAYS} days',
  expiry_reminded_at = null, updated_at = ? where seller_id = ? and status = 'suspended' returning id`;

/** Reports, suspensions and contact reveals in Postgres; every write runs in the caller's unit of work. */
export class PostgresSafetyStore implements SafetyStore {
  constructor(private readonly orm: MikroORM, private readonly counts: SearchCache) {}

  async addReport(report: NewReport, now: Date): Promise<boolean> {
    const rows = await sqlRows(this.orm,
      `insert into reports (reporter_id, target_kind, target_id, target_user_id, reason, note, created_at) values (?, ?, ?, ?, ?, ?, ?)
       on conflict (reporter_id, target_kind, target_id) do nothing returning id`,
      [report.reporterId, report.target, report.targetId, report.targetUserId, report.reason, report.note, now]);
    return rows.length > 0;
  }

  async reportsSince(reporterId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    // One reporter's reports are counted one at a time, so a burst cannot slip past the daily limit.
    await sqlRows(this.orm, `select pg_advisory_xact_lock(hashtextextended('reports:' || ?, 0))`, [reporterId]);
    const [row] = await sqlRows<{ n: number; oldest: Date | null }>(this.orm,
      `select count(*)::int as n, min(created_at) as oldest from reports where reporter_id = ? and created_at > ?`, [reporterId, since]);
    return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  }

  async reportGroups(query: ReportQuery): Promise<{ items: ReportGroup[]; total: number }> {
    const params: unknown[] = [query.status];
    const byTarget = query.target ? 'and r.target_kind = ?' : '';
    if (query.target) params.push(query.target);
    const rows = await sqlRows<GroupRow>(this.orm,
      `select ${GROUP_COLUMNS}, count(*) over ()::int as total
       from reports r ${GROUP_FACTS}
       where r.status = ? ${byTarget}
       group by r.target_kind, r.target_id
       order by ${query.status === 'open' ? 'min(r.created_at), r.target_kind, r.target_id' : 'max(r.resolved_at) desc, r.target_kind, r.target_id'}
       offset ? limit ?`, [...params, query.offset, query.limit]);
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && query.offset > 0) {
      const [row] = await sqlRows<{ n: number }>(this.orm,
        `select count(distinct (r.target_kind, r.target_id))::int as n from reports r where r.status = ? ${byTarget}`, params);
      total = row?.n ?? 0;
    }
    return { items: rows.map(toGroup), total };
  }

  async reportGroup(target: ReportTarget, targetId: string): Promise<ReportGroupDetail | null> {
    const [group] = await sqlRows<GroupRow>(this.orm,
      `select ${GROUP_COLUMNS} from reports r ${GROUP_FACTS} where r.target_kind = ? and r.target_id = ? group by r.target_kind, r.target_id`,
      [target, targetId]);
    if (!group) return null;
    const open = await sqlRows<ReportRow>(this.orm,
      `${SELECT_REPORT} where r.target_kind = ? and r.target_id = ? and r.status = 'open' order by r.created_at`, [target, targetId]);
    // Its history: closed reports about it, and every report about the same person's other listings or themselves.
    const earlier = await sqlRows<ReportRow>(this.orm,
      `${SELECT_REPORT} where r.target_user_id = ? and not (r.target_kind = ? and r.target_id = ? and r.status = 'open')
       order by r.created_at desc limit 50`, [group.target_user_id, target, targetId]);
    const openCount = open.length;
    return {
      ...toGroup({ ...group, open_count: openCount }),
      sellerName: name(group.first_name, group.last_name, group.email),
      open: open.map(toReport), earlier: earlier.map(toReport), suspensions: await this.suspensionsOf(group.target_user_id),
    };
  }

  async closeReports(target: ReportTarget, targetId: string, outcome: { outcome: ReportOutcome; note: string | null; by: string }, now: Date) {
    const rows = await sqlRows<{ reporter_id: string; label: string }>(this.orm,
      `update reports r set status = 'closed', outcome = ?, outcome_note = ?, resolved_by = ?, resolved_at = ?
       from users u left join listings l on l.id::text = ? and ? = 'listing'
       where r.target_kind = ? and r.target_id = ? and r.status = 'open' and u.id = r.target_user_id
       returning r.reporter_id, coalesce(l.title, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), 'a member') as label`,
      [outcome.outcome, outcome.note, outcome.by, now, targetId, target, target, targetId]);
    return rows.map((r) => ({ reporterId: r.reporter_id, label: r.label }));
  }

  async startSuspension(s: { userId: string; reason: string; until: Date | null; by: string }, now: Date): Promise<number[]> {
    // A new suspension replaces the one in force: that one ends now, without bringing listings back.
    await sqlRows(this.orm, `update suspensions set lifted_at = ?, lifted_by = ?, restored_at = ? where user_id = ? and restored_at is null`, [now, s.by, now, s.userId]);
    await sqlRows(this.orm, `insert into suspensions (user_id, reason, starts_at, until, created_by) values (?, ?, ?, ?, ?)`, [s.userId, s.reason, now, s.until, s.by]);
    const hidden = await sqlRows<{ id: number }>(this.orm,
      `update listings set status = 'suspended', is_verified = false, approved_at = null, expires_at = null, expiry_reminded_at = null, updated_at = ?
       where seller_id = ? and status = 'active' returning id`, [now, s.userId]);
    if (hidden.length > 0) await listingsChanged(this.orm, this.counts);
    return hidden.map((r) => r.id);
  }

  async liftSuspension(userId: string, by: string, now: Date): Promise<number[]> {
    await sqlRows(this.orm, `update suspensions set lifted_at = ?, lifted_by = ?, restored_at = ? where user_id = ? and restored_at is null`, [now, by, now, userId]);
    return this.restore(userId, now);
  }

  async restoreEnded(now: Date): Promise<{ userId: string; listingIds: number[] }[]> {
    const ended = await sqlRows<{ user_id: string }>(this.orm,
      `update suspensions set restored_at = ? where restored_at is null and until <= ? returning user_id`, [now, now]);
    const result: { userId: string; listingIds: number[] }[] = [];
    for (const userId of new Set(ended.map((r) => r.user_id))) {
      // The account is free by its date already; the row is cleared so staff lists read plainly.
      await sqlRows(this.orm, `update users set suspension_reason = null, suspended_until = null where id = ? and suspended_until <= ?`, [userId, now]);
      result.push({ userId, listingIds: await this.restore(userId, now) });
    }
    return result;
  }

  private async restore(userId: string, now: Date): Promise<number[]> {
    const rows = await sqlRows<{ id: number }>(this.orm, RESTORE_LISTINGS, [now, now, now, userId]);
    if (rows.length > 0) await listingsChanged(this.orm, this.counts);
    return rows.map((r) => r.id);
  }

  async suspensionsOf(userId: string): Promise<SuspensionRecord[]> {
    const rows = await sqlRows<{ id: string; user_id: string; reason: string; starts_at: Date; until: Date | null; created_by: string; lifted_at: Date | null }>(this.orm,
      `select id, user_id, reason, starts_at, until, created_by, lifted_at from suspensions where user_id = ? order by starts_at desc limit 20`, [userId]);
    return rows.map((r) => ({
      id: Number(r.id), userId: r.user_id, reason: r.reason, startsAt: new Date(r.starts_at), until: r.until ? new Date(r.until) : null,
      createdBy: r.created_by, liftedAt: r.lifted_at ? new Date(r.lifted_at) : null,
    }));
  }

  async revealedBefore(listingId: number, viewerId: string): Promise<boolean> {
    const rows = await sqlRows(this.orm, `select 1 from contact_reveals where listing_id = ? and viewer_id = ?`, [listingId, viewerId]);
    return rows.length > 0;
  }

  async revealCounts(viewerId: string, networkKey: string, since: Date): Promise<RevealCounts & { oldestAccount: Date | null; oldestNetwork: Date | null }> {
    // Reveals from one network are counted one at a time: a burst from many accounts cannot slip past the limit.
    await sqlRows(this.orm, `select pg_advisory_xact_lock(hashtextextended('reveals:' || ?, 0))`, [networkKey]);
    await sqlRows(this.orm, `select pg_advisory_xact_lock(hashtextextended('reveals:' || ?, 0))`, [viewerId]);
    const [row] = await sqlRows<{ by_account: number; by_network: number; oldest_account: Date | null; oldest_network: Date | null }>(this.orm,
      `select (select count(*)::int from contact_reveals where viewer_id = ? and created_at > ?) as by_account,
              (select min(created_at) from contact_reveals where viewer_id = ? and created_at > ?) as oldest_account,
              (select count(*)::int from contact_reveals where network_key = ? and created_at > ?) as by_network,
              (select min(created_at) from contact_reveals where network_key = ? and created_at > ?) as oldest_network`,
      [viewerId, since, viewerId, since, networkKey, since, networkKey, since]);
    return {
      byAccount: row?.by_account ?? 0, byNetwork: row?.by_network ?? 0,
      oldestAccount: row?.oldest_account ? new Date(row.oldest_account) : null, oldestNetwork: row?.oldest_network ? new Date(row.oldest_network) : null,
    };
  }

  async recordReveal(r: { listingId: number; sellerId: string; viewerId: string; networkKey: string; guest: boolean }, now: Date): Promise<void> {
    await sqlRows(this.orm,
      `insert into contact_reveals (listing_id, seller_id, viewer_id, network_key, guest, created_at) values (?, ?, ?, ?, ?, ?)
       on conflict (listing_id, viewer_id) do nothing`, [r.listingId, r.sellerId, r.viewerId, r.networkKey, r.guest, now]);
  }

  async revealsOf(listingId: number, limit: number): Promise<{ total: number; items: { name: string; at: Date }[] }> {
    const rows = await sqlRows<{ first_name: string | null; last_name: string | null; email: string | null; created_at: Date; total: number }>(this.orm,
      `select u.first_name, u.last_name, u.email, c.created_at, count(*) over ()::int as total
       from contact_reveals c join users u on u.id = c.viewer_id where c.listing_id = ? order by c.created_at desc limit ?`, [listingId, limit]);
    return { total: rows[0]?.total ?? 0, items: rows.map((r) => ({ name: name(r.first_name, r.last_name, r.email), at: new Date(r.created_at) })) };
  }
}
