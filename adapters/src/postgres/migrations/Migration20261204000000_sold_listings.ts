import { Migration } from '@mikro-orm/migrations';

/**
 * A seller (or staff) may mark a live listing `sold`: it leaves search, stays in its seller's history
 * and counts in market prices for a year from `sold_at`. `listings_priced` reads one brand, model and
 * year's live and recently sold prices at once, so the market-prices job recomputes only the groups
 * that changed.
 */
export class Migration20261204000000_sold_listings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table listings drop constraint if exists listings_status_check;`);
    this.addSql(`alter table listings add constraint listings_status_check check (status in ('pending', 'active', 'rejected', 'sold'));`);
    this.addSql(`alter table listings add column sold_at timestamptz null;`);
    this.addSql(`alter table listings add constraint listings_sold_at_check check ((status = 'sold') = (sold_at is not null));`);
    this.addSql(`create index listings_priced on listings (brand, model, year) include (price, status, sold_at) where status in ('active', 'sold');`);
    this.addSql(`alter table market_price_runs add column full_at timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table market_price_runs drop column if exists full_at;`);
    this.addSql(`drop index if exists listings_priced;`);
    this.addSql(`delete from listings where status = 'sold';`);
    this.addSql(`alter table listings drop constraint if exists listings_sold_at_check;`);
    this.addSql(`alter table listings drop column if exists sold_at;`);
    this.addSql(`alter table listings drop constraint if exists listings_status_check;`);
    this.addSql(`alter table listings add constraint listings_status_check check (status in ('pending', 'active', 'rejected'));`);
  }
}
