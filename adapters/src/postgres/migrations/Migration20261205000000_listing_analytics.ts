import { Migration } from '@mikro-orm/migrations';

/**
 * Analytics. Per listing and Lagos day, the two figures no other table keeps: views (unique viewers,
 * from `listing_views`) and saves (a wishlist row goes when its owner removes it). Inquiries, chats and
 * rental requests are read from their own rows, impressions from `listing_impressions`.
 * For staff, each day of the whole marketplace is rolled up by a job into `marketplace_days`, the
 * sellers active that day into `seller_active_days`, and how many were active in each week and month
 * into `marketplace_periods`, so a year of figures is a few hundred rows.
 * Existing views and wishlist rows are counted in: saves removed before today are not known.
 */
export class Migration20261205000000_listing_analytics extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table listing_daily_counts (
        listing_id integer not null references listings (id) on delete cascade,
        day date not null,
        views integer not null default 0 check (views >= 0),
        saves integer not null default 0 check (saves >= 0),
        primary key (listing_id, day)
      );`);
    // The retention job deletes by day.
    this.addSql(`create index listing_daily_counts_day on listing_daily_counts (day);`);
    this.addSql(`
      insert into listing_daily_counts (listing_id, day, views, saves)
      select listing_id, day, sum(views), sum(saves) from (
        select listing_id, day, count(*) as views, 0 as saves from listing_views group by 1, 2
        union all
        select w.vehicle_id, (w.created_at at time zone 'Africa/Lagos')::date, 0, count(*)
        from wishlist w join listings l on l.id = w.vehicle_id group by 1, 2
      ) counted group by 1, 2;`);
    // A listing's rental requests over a period (the open-bookings index is partial); chats started per day.
    this.addSql(`create index rentals_vehicle on rentals (vehicle_id, created_at);`);
    this.addSql(`create index conversations_created on conversations (created_at);`);
    this.addSql(`
      create table marketplace_days (
        day date primary key,
        new_listings integer not null,
        approvals integer not null,
        rejections integer not null,
        messages integer not null,
        inquiries integer not null,
        chats integer not null,
        rental_requests integer not null,
        ad_revenue_kobo bigint not null,
        ad_sales integer not null,
        views integer not null,
        saves integer not null,
        active_sellers integer not null,
        rolled_at timestamptz not null
      );`);
    this.addSql(`
      create table seller_active_days (
        day date not null,
        seller_id text not null,
        primary key (day, seller_id)
      );`);
    // Sellers active in each whole week (from Monday) and month, counted once each: a year by week
    // counted from the day rows took 200 ms on its own.
    this.addSql(`
      create table marketplace_periods (
        period text not null check (period in ('week', 'month')),
        start date not null,
        active_sellers integer not null,
        rolled_at timestamptz not null,
        primary key (period, start)
      );`);
    // Approvals and rejections per day, for the roll-up.
    this.addSql(`create index audit_log_moderation on audit_log (created_at) where action in ('vehicle.approved', 'vehicle.rejected');`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists audit_log_moderation;`);
    this.addSql(`drop table if exists marketplace_periods;`);
    this.addSql(`drop table if exists seller_active_days;`);
    this.addSql(`drop table if exists marketplace_days;`);
    this.addSql(`drop index if exists conversations_created;`);
    this.addSql(`drop index if exists rentals_vehicle;`);
    this.addSql(`drop table if exists listing_daily_counts;`);
  }
}
