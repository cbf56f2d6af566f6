import type { MikroORM } from '@mikro-orm/postgresql';
import { ANALYTICS_KEEP_DAYS } from '@voltmarket/domain';
import { requestEm } from '../orm.js';

/**
 * The demo listings' views, day by day: each live listing's views (as the demo gave them) spread
 * evenly over the Lagos days since it went live, at most the days analytics keep, so a seller's
 * Insights add up to the views its listing shows. Nothing else is made up: inquiries, chats, boosts
 * and rental requests are the demo's own rows.
 */
export async function seedDemoAnalytics(orm: MikroORM, now: Date): Promise<void> {
  await requestEm(orm).getConnection().execute(
    `with live as (
       select id, views, ((?::timestamptz) at time zone 'Africa/Lagos')::date as last,
              greatest(((?::timestamptz) at time zone 'Africa/Lagos')::date - ?::int, (approved_at at time zone 'Africa/Lagos')::date) as first
       from listings where status = 'active' and views > 0 and approved_at is not null
     ), days as (
       select id, views, g::date as day, (last - first + 1) as n, row_number() over (partition by id order by g) as k
       from live, generate_series(first, last, interval '1 day') g
     ), spread as (
       select id, day, views / n + case when k > n - views % n then 1 else 0 end as views from days
     )
     insert into listing_daily_counts (listing_id, day, views)
     select id, day, views from spread where views > 0`,
    [now, now, ANALYTICS_KEEP_DAYS - 1],
  );
}
