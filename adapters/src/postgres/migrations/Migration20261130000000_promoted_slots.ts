import { Migration } from '@mikro-orm/migrations';

const ORDERS: [string, string][] = [
  ['newest', 'created_at desc, id desc'],
  ['oldest', 'created_at asc, id asc'],
  ['price_desc', 'price desc, id desc'],
  ['price_asc', 'price asc, id asc'],
  ['mileage_desc', 'mileage desc, id desc'],
  ['mileage_asc', 'mileage asc, id asc'],
  ['year_desc', 'year desc, id desc'],
  ['year_asc', 'year asc, id asc'],
];

/**
 * Search no longer puts boosts before everything: every order is the buyer's chosen order over every
 * live listing, boosted ones at their own place, and boosts take turns in a few promoted slots per
 * page. The order indexes lose their leading `boost_tier`. Impressions are counted per listing, Lagos
 * day and the boost tier it had when shown (0: none), in promoted slots and at the listing's place: a
 * boosted listing's place is where it would stand unboosted, so its own impressions there are the
 * baseline its boost is measured against.
 */
export class Migration20261130000000_promoted_slots extends Migration {
  override async up(): Promise<void> {
    for (const [name, keys] of ORDERS) {
      this.addSql(`create index listings_live_${name} on listings (${keys}) where status = 'active';`);
      this.addSql(`drop index if exists listings_active_${name};`);
    }
    this.addSql(`
      create table listing_impressions (
        listing_id integer not null references listings (id) on delete cascade,
        day date not null,
        tier smallint not null check (tier between 0 and 3),
        promoted integer not null default 0 check (promoted >= 0),
        organic integer not null default 0 check (organic >= 0),
        primary key (listing_id, day, tier)
      );`);
    // What each tier gave its listings lately, for /advertise: by day and tier, whatever the listing.
    this.addSql(`create index listing_impressions_day_tier on listing_impressions (day, tier) include (promoted, organic);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists listing_impressions;`);
    for (const [name, keys] of ORDERS) {
      this.addSql(`create index if not exists listings_active_${name} on listings (boost_tier desc, ${keys}) where status = 'active';`);
      this.addSql(`drop index if exists listings_live_${name};`);
    }
  }
}
