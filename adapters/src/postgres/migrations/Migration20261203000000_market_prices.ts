import { Migration } from '@mikro-orm/migrations';

/**
 * Market prices by brand, model and year, computed by the `market-prices` job from comparable
 * listings (see domain/src/market/market-price.ts) so no page computes one; `market_price_runs` keeps
 * when they were last computed, and `listings_updated` finds the latest change to a listing at once.
 */
export class Migration20261203000000_market_prices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table market_prices (
        brand text not null,
        model text not null,
        year integer not null,
        median bigint not null,
        low bigint not null,
        high bigint not null,
        sample_size integer not null,
        trimmed integer not null,
        updated_at timestamptz not null,
        primary key (brand, model, year)
      );`);
    this.addSql(`create table market_price_runs (id boolean primary key default true check (id), ran_at timestamptz not null);`);
    this.addSql(`create index listings_updated on listings (updated_at desc);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists listings_updated;');
    this.addSql('drop table if exists market_price_runs;');
    this.addSql('drop table if exists market_prices;');
  }
}
