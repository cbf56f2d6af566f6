import type pg from 'pg';
import type { BoostPeriodRecord, ListingDay, ListingInsightsReads } from '@voltmarket/application';
import type { DayRange, ListingDraw } from '@voltmarket/domain';

/** The instants a range of Lagos days starts and ends at: $2 and $3 are its first and last day. */
const BOUNDS = `select ($2::date)::timestamp at time zone 'Africa/Lagos' as since, ($3::date + 1)::timestamp at time zone 'Africa/Lagos' as until`;

/** A count per Lagos day of the rows of `table` about listing $1 created in the range. */
const perDay = (table: string) => `
  select (t.created_at at time zone 'Africa/Lagos')::date as day, count(*)::int as n
  from ${table} t, bounds where t.vehicle_id = $1 and t.created_at >= bounds.since and t.created_at < bounds.until group by 1`;

/**
 * One listing's figures, straight from where each is kept: the listing counters (views, saves),
 * impressions, and the rows of inquiries, conversations and rental requests (each is created once
 * and says when). Every query goes by the listing's id through an index.
 */
export class PostgresListingInsightsReads implements ListingInsightsReads {
  constructor(private readonly pool: pg.Pool) {}

  async days(listingId: number, range: DayRange): Promise<ListingDay[]> {
    const { rows } = await this.pool.query<ListingDay>(
      `with bounds as (${BOUNDS}),
       days as (select generate_series($2::date, $3::date, interval '1 day')::date as day),
       shown as (
         select day, sum(organic)::int as organic, sum(promoted)::int as promoted
         from listing_impressions where listing_id = $1 and day between $2::date and $3::date group by day
       ),
       asked as (${perDay('inquiries')}),
       opened as (${perDay('conversations')}),
       requested as (${perDay('rentals')})
       select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(c.views, 0) as views, coalesce(s.organic, 0) as "searchImpressions",
              coalesce(s.promoted, 0) as "promotedImpressions", coalesce(a.n, 0) as inquiries, coalesce(o.n, 0) as chats,
              coalesce(c.saves, 0) as saves, coalesce(r.n, 0) as "rentalRequests"
       from days d
       left join listing_daily_counts c on c.listing_id = $1 and c.day = d.day
       left join shown s on s.day = d.day
       left join asked a on a.day = d.day
       left join opened o on o.day = d.day
       left join requested r on r.day = d.day
       order by d.day`,
      [listingId, range.first, range.last],
    );
    return rows;
  }

  async boosts(listingId: number, range: DayRange): Promise<BoostPeriodRecord[]> {
    const { rows } = await this.pool.query<BoostPeriodRecord>(
      `with bounds as (${BOUNDS})
       select ap.package_type as "packageType", ap.package_name as "packageName", ap.tier, ap.status,
              ap.start_date as "startsAt", ap.end_date as "endsAt"
       from advertising_packages ap, bounds
       where ap.vehicle_id = $1 and ap.status in ('active', 'expired', 'refunded') and ap.start_date is not null and ap.end_date is not null
         and ap.start_date < bounds.until and ap.end_date > bounds.since
       order by ap.start_date, ap.id`,
      [listingId, range.first, range.last],
    );
    return rows;
  }

  async similarDraws(listing: { id: number; brand: string; model: string }, range: DayRange): Promise<ListingDraw[]> {
    const { rows } = await this.pool.query<ListingDraw>(
      `with bounds as (${BOUNDS})
       select coalesce((select sum(c.views) from listing_daily_counts c where c.listing_id = l.id and c.day between $2::date and $3::date), 0)::int as views,
              (select count(*) from inquiries q where q.vehicle_id = l.id and q.created_at >= bounds.since and q.created_at < bounds.until)::int as inquiries
       from listings l, bounds
       where l.status = 'active' and l.brand = $4 and l.model = $5 and l.id <> $1`,
      [listing.id, range.first, range.last, listing.brand, listing.model],
    );
    return rows;
  }
}
