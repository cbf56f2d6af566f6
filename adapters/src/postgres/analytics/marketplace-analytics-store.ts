import type pg from 'pg';
import type { MarketplaceAnalyticsStore, MarketplaceDay, PrunedAnalytics } from '@voltmarket/application';
import { addDays, type AnalyticsRange, bucketStart, type CalendarDay, type DayRange } from '@voltmarket/domain';
import { inPoolTransaction } from '../pool-transaction.js';

/** A roll-up over the whole history (a first run) may take longer than a request is allowed. */
const JOB_STATEMENT_TIMEOUT = '10min';

/** The instants the range $1..$2 of Lagos days starts and ends at. */
const BOUNDS = `select ($1::date)::timestamp at time zone 'Africa/Lagos' as t0, ($2::date + 1)::timestamp at time zone 'Africa/Lagos' as t1`;
const lagos = (column: string) => `(${column} at time zone 'Africa/Lagos')::date`;

/**
 * Each Lagos day of the range counted from the facts: listings submitted, approvals and rejections
 * (the audit log), chat messages, Contact Seller inquiries, conversations opened, rental requests,
 * successful boost payments (a refunded one is `reversed`, so it leaves its day), and the listing
 * counters' views and saves. Every count goes through an index on the time it counts by.
 */
const ROLL_UP_DAYS = `
  with b as (${BOUNDS}),
  days as (select generate_series($1::date, $2::date, interval '1 day')::date as day),
  listed as (select ${lagos('l.created_at')} as day, count(*)::int as n from listings l, b where l.created_at >= b.t0 and l.created_at < b.t1 group by 1),
  moderated as (
    select ${lagos('a.created_at')} as day, (count(*) filter (where a.action = 'vehicle.approved'))::int as approvals,
           (count(*) filter (where a.action = 'vehicle.rejected'))::int as rejections
    from audit_log a, b where a.action in ('vehicle.approved', 'vehicle.rejected') and a.created_at >= b.t0 and a.created_at < b.t1 group by 1),
  sent as (select ${lagos('m.created_at')} as day, count(*)::int as n from messages m, b where m.created_at >= b.t0 and m.created_at < b.t1 group by 1),
  asked as (select ${lagos('i.created_at')} as day, count(*)::int as n from inquiries i, b where i.created_at >= b.t0 and i.created_at < b.t1 group by 1),
  opened as (select ${lagos('c.created_at')} as day, count(*)::int as n from conversations c, b where c.created_at >= b.t0 and c.created_at < b.t1 group by 1),
  requested as (select ${lagos('r.created_at')} as day, count(*)::int as n from rentals r, b where r.created_at >= b.t0 and r.created_at < b.t1 group by 1),
  paid as (
    select ${lagos('p.paid_at')} as day, sum(p.amount_kobo) as kobo, count(*)::int as n
    from payments p, b where p.status = 'success' and p.paid_at >= b.t0 and p.paid_at < b.t1 group by 1),
  counted as (select day, sum(views)::int as views, sum(saves)::int as saves from listing_daily_counts where day between $1::date and $2::date group by 1)
  insert into marketplace_days (day, new_listings, approvals, rejections, messages, inquiries, chats, rental_requests, ad_revenue_kobo, ad_sales, views, saves,
                                active_sellers, rolled_at)
  select d.day, coalesce(listed.n, 0), coalesce(moderated.approvals, 0), coalesce(moderated.rejections, 0), coalesce(sent.n, 0), coalesce(asked.n, 0),
         coalesce(opened.n, 0), coalesce(requested.n, 0), coalesce(paid.kobo, 0), coalesce(paid.n, 0), coalesce(counted.views, 0), coalesce(counted.saves, 0), 0, $3
  from days d
  left join listed using (day) left join moderated using (day) left join sent using (day) left join asked using (day)
  left join opened using (day) left join requested using (day) left join paid using (day) left join counted using (day)
  on conflict (day) do update set
    new_listings = excluded.new_listings, approvals = excluded.approvals, rejections = excluded.rejections, messages = excluded.messages,
    inquiries = excluded.inquiries, chats = excluded.chats, rental_requests = excluded.rental_requests, ad_revenue_kobo = excluded.ad_revenue_kobo,
    ad_sales = excluded.ad_sales, views = excluded.views, saves = excluded.saves, rolled_at = excluded.rolled_at`;

/** A seller is active on a day they submitted a listing or wrote to a buyer in a conversation about one of theirs. */
const ROLL_UP_SELLERS = `
  with b as (${BOUNDS})
  insert into seller_active_days (day, seller_id)
  select distinct day, seller_id from (
    select ${lagos('l.created_at')} as day, l.seller_id from listings l, b where l.created_at >= b.t0 and l.created_at < b.t1
    union all
    select ${lagos('m.created_at')}, m.sender_id from messages m join conversations c on c.id = m.conversation_id, b
    where m.sender_id = c.seller_id and m.created_at >= b.t0 and m.created_at < b.t1
  ) active`;

/** How many sellers were active each day of the range, and in each week and month that holds one of its days. */
const COUNT_ACTIVE_SELLERS = `
  with per_day as (
    update marketplace_days m set active_sellers = coalesce((select count(*) from seller_active_days s where s.day = m.day), 0)
    where m.day between $1::date and $2::date returning 1
  ), periods as (
    select 'week' as period, w::date as start, (w + interval '6 days')::date as last
    from generate_series(date_trunc('week', $1::date), $2::date, interval '1 week') w
    union all
    select 'month', m::date, (m + interval '1 month' - interval '1 day')::date
    from generate_series(date_trunc('month', $1::date), $2::date, interval '1 month') m
  )
  insert into marketplace_periods (period, start, active_sellers, rolled_at)
  select p.period, p.start, (select count(distinct s.seller_id) from seller_active_days s where s.day between p.start and p.last)::int, $3
  from periods p
  on conflict (period, start) do update set active_sellers = excluded.active_sellers, rolled_at = excluded.rolled_at`;

interface DayRow extends Omit<MarketplaceDay, 'adRevenueKobo'> {
  adRevenueKobo: string;
}

export class PostgresMarketplaceAnalytics implements MarketplaceAnalyticsStore {
  /** `pool` is the primary (the job writes); `reads` may be a replica. */
  constructor(private readonly pool: pg.Pool, private readonly reads: pg.Pool = pool) {}

  async days(range: DayRange): Promise<MarketplaceDay[]> {
    const { rows } = await this.reads.query<DayRow>(
      `select to_char(day, 'YYYY-MM-DD') as day, new_listings as "newListings", approvals, rejections, messages, inquiries, chats,
              rental_requests as "rentalRequests", ad_revenue_kobo as "adRevenueKobo", ad_sales as "adSales", views, saves
       from marketplace_days where day between $1::date and $2::date order by day`,
      [range.first, range.last],
    );
    return rows.map((r) => ({ ...r, adRevenueKobo: Number(r.adRevenueKobo) }));
  }

  async activeSellers(range: AnalyticsRange, buckets: readonly DayRange[]): Promise<{ perBucket: number[]; total: number }> {
    // Whole days, weeks and months were counted by the roll-up; a week or month cut by the range (the
    // first or the last) is counted here from its days, as is the whole range.
    const whole = (b: DayRange) => bucketStart(b.first, range.interval) === b.first && bucketStart(addDays(b.last, 1), range.interval) === addDays(b.last, 1);
    const cut = buckets.filter((b) => !whole(b));
    const [kept, counted, total] = await Promise.all([
      range.interval === 'day'
        ? this.reads.query<{ start: string; n: number }>(
          `select to_char(day, 'YYYY-MM-DD') as start, active_sellers as n from marketplace_days where day between $1::date and $2::date`, [range.first, range.last])
        : this.reads.query<{ start: string; n: number }>(
          `select to_char(start, 'YYYY-MM-DD') as start, active_sellers as n from marketplace_periods where period = $1 and start between $2::date and $3::date`,
          [range.interval, range.first, range.last]),
      this.reads.query<{ start: string; n: number }>(
        `select to_char(r.first, 'YYYY-MM-DD') as start,
                (select count(distinct s.seller_id) from seller_active_days s where s.day between r.first and r.last)::int as n
         from unnest($1::date[], $2::date[]) as r(first, last)`,
        [cut.map((b) => b.first), cut.map((b) => b.last)]),
      this.reads.query<{ n: number }>(
        `select count(*)::int as n from (select distinct seller_id from seller_active_days where day between $1::date and $2::date) active`,
        [range.first, range.last]),
    ]);
    const wholeCounts = new Map(kept.rows.map((row) => [row.start, row.n]));
    const cutCounts = new Map(counted.rows.map((row) => [row.start, row.n]));
    return {
      perBucket: buckets.map((b) => (whole(b) ? wholeCounts.get(b.first) : cutCounts.get(b.first)) ?? 0),
      total: total.rows[0]!.n,
    };
  }

  async lastRollUp(): Promise<{ at: Date; lastDay: CalendarDay } | null> {
    const { rows } = await this.reads.query<{ at: Date | null; last_day: string | null }>(
      `select max(rolled_at) as at, to_char(max(day), 'YYYY-MM-DD') as last_day from marketplace_days`,
    );
    const row = rows[0];
    return row?.at && row.last_day ? { at: row.at, lastDay: row.last_day } : null;
  }

  async rollUp(range: DayRange, now: Date): Promise<void> {
    await this.inJob(async (client) => {
      await client.query(ROLL_UP_DAYS, [range.first, range.last, now]);
      await client.query(`delete from seller_active_days where day between $1::date and $2::date`, [range.first, range.last]);
      await client.query(ROLL_UP_SELLERS, [range.first, range.last]);
      await client.query(COUNT_ACTIVE_SELLERS, [range.first, range.last, now]);
    });
  }

  async prune(oldestKept: CalendarDay, viewersSince: CalendarDay): Promise<PrunedAnalytics> {
    return this.inJob(async (client) => {
      const gone = async (sql: string, day: string) => (await client.query(sql, [day])).rowCount ?? 0;
      return {
        listingDays: await gone(`delete from listing_daily_counts where day < $1::date`, oldestKept),
        impressionDays: await gone(`delete from listing_impressions where day < $1::date`, oldestKept),
        marketplaceDays: await gone(`delete from marketplace_days where day < $1::date`, oldestKept),
        marketplacePeriods: await gone(`delete from marketplace_periods where start < $1::date`, oldestKept),
        sellerDays: await gone(`delete from seller_active_days where day < $1::date`, oldestKept),
        viewers: await gone(`delete from listing_views where day < $1::date`, viewersSince),
      };
    });
  }

  /** One transaction, without the request time limit. */
  private inJob<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return inPoolTransaction(this.pool, [`set local statement_timeout = '${JOB_STATEMENT_TIMEOUT}'`], work);
  }
}
