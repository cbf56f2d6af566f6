import type { MikroORM } from '@mikro-orm/postgresql';
import type { ComparablePrice, MarketPriceRecord, MarketPriceStore } from '@voltmarket/application';
import type { MarketPriceKey } from '@voltmarket/domain';
import { sqlRows } from './sql.js';

interface PriceRow {
  brand: string; model: string; year: number; median: string; low: string; high: string; sample_size: number; trimmed: number; updated_at: Date;
}

const toRecord = (r: PriceRow): MarketPriceRecord => ({
  brand: r.brand, model: r.model, year: r.year, median: Number(r.median), low: Number(r.low), high: Number(r.high),
  sampleSize: r.sample_size, trimmed: r.trimmed, updatedAt: new Date(r.updated_at),
});

/** Market prices in Postgres, computed from live listings' asking prices. */
export class PostgresMarketPrices implements MarketPriceStore {
  constructor(private readonly orm: MikroORM) {}

  async lastListingChange(): Promise<Date | null> {
    const [row] = await sqlRows<{ at: Date | null }>(this.orm, `select max(updated_at) as at from listings`);
    return row?.at ? new Date(row.at) : null;
  }

  async lastRefresh(): Promise<Date | null> {
    const [row] = await sqlRows<{ ran_at: Date }>(this.orm, `select ran_at from market_price_runs`);
    return row ? new Date(row.ran_at) : null;
  }

  async comparablePrices(now: Date): Promise<ComparablePrice[]> {
    // A live listing asks its price now, whenever it was listed.
    const rows = await sqlRows<{ brand: string; model: string; year: number; price: string }>(this.orm,
      `select brand, model, year, price from listings where status = 'active'`);
    return rows.map((r) => ({ brand: r.brand, model: r.model, year: r.year, price: Number(r.price), at: now }));
  }

  async keep(records: readonly MarketPriceRecord[], now: Date): Promise<void> {
    await sqlRows(this.orm, `delete from market_prices`);
    if (records.length > 0) {
      await sqlRows(this.orm,
        `insert into market_prices (brand, model, year, median, low, high, sample_size, trimmed, updated_at)
         select brand, model, year, median, low, high, "sampleSize", trimmed, ?
         from jsonb_to_recordset(?::jsonb) as r(brand text, model text, year int, median bigint, low bigint, high bigint, "sampleSize" int, trimmed int)`,
        [now, JSON.stringify(records)]);
    }
    await sqlRows(this.orm, `insert into market_price_runs (id, ran_at) values (true, ?) on conflict (id) do update set ran_at = excluded.ran_at`, [now]);
  }

  async find(key: MarketPriceKey): Promise<MarketPriceRecord | null> {
    const [row] = await sqlRows<PriceRow>(this.orm, `select * from market_prices where brand = ? and model = ? and year = ?`, [key.brand, key.model, key.year]);
    return row ? toRecord(row) : null;
  }
}
