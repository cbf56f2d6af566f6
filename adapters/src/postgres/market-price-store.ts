import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import type { ComparablePrice, MarketPriceRecord, MarketPriceRuns, MarketPriceStore } from '@voltmarket/application';
import { MARKET_PRICE_WINDOW_DAYS, type MarketPriceKey } from '@voltmarket/domain';
import { sqlRows } from './sql.js';

interface PriceRow {
  brand: string; model: string; year: number; median: string; low: string; high: string; sample_size: number; trimmed: number; updated_at: Date;
}

interface PriceSource { brand: string; model: string; year: number; price: string; sold_at: Date | null }
const DAY_MS = 86_400_000;

const toRecord = (r: PriceRow): MarketPriceRecord => ({
  brand: r.brand, model: r.model, year: r.year, median: Number(r.median), low: Number(r.low), high: Number(r.high),
  sampleSize: r.sample_size, trimmed: r.trimmed, updatedAt: new Date(r.updated_at),
});

const groupsJson = (groups: readonly MarketPriceKey[]) => JSON.stringify(groups.map(({ brand, model, year }) => ({ brand, model, year })));
/** The groups asked for, as a table to join (`g`). */
const GROUPS = `jsonb_to_recordset(?::jsonb) as g(brand text, model text, year int)`;

/** Market prices in Postgres, computed from live listings' asking prices and sold listings' last ones. */
export class PostgresMarketPrices implements MarketPriceStore {
  constructor(private readonly orm: MikroORM) {}

  async lastRuns(): Promise<MarketPriceRuns | null> {
    const [row] = await sqlRows<{ ran_at: Date; full_at: Date | null }>(this.orm, `select ran_at, full_at from market_price_runs`);
    return row ? { ranAt: new Date(row.ran_at), fullAt: row.full_at ? new Date(row.full_at) : null } : null;
  }

  async changedGroups(since: Date): Promise<MarketPriceKey[]> {
    return sqlRows<MarketPriceKey>(this.orm,
      `select distinct brand, model, year from listings where updated_at > ? and status in ('active', 'sold')`, [since]);
  }

  async comparablePrices(now: Date, groups?: readonly MarketPriceKey[]): Promise<ComparablePrice[]> {
    // A live listing asks its price now, whenever it was listed; a sold one asked it when it sold.
    const since = new Date(now.getTime() - MARKET_PRICE_WINDOW_DAYS * DAY_MS);
    const rows = groups
      ? await sqlRows<PriceSource>(this.orm,
        `select l.brand, l.model, l.year, l.price, l.sold_at from ${GROUPS}
         join listings l on l.brand = g.brand and l.model = g.model and l.year = g.year
         where l.status = 'active' or (l.status = 'sold' and l.sold_at > ?)`, [groupsJson(groups), since])
      : await sqlRows<PriceSource>(this.orm,
        `select brand, model, year, price, sold_at from listings where status = 'active' or (status = 'sold' and sold_at > ?)`, [since]);
    return rows.map((r) => ({ brand: r.brand, model: r.model, year: r.year, price: Number(r.price), at: r.sold_at ? new Date(r.sold_at) : now }));
  }

  async keep(records: readonly MarketPriceRecord[], now: Date, groups?: readonly MarketPriceKey[]): Promise<void> {
    if (groups) {
      await sqlRows(this.orm,
        `delete from market_prices p using ${GROUPS} where p.brand = g.brand and p.model = g.model and p.year = g.year`, [groupsJson(groups)]);
    } else {
      await sqlRows(this.orm, `delete from market_prices`);
    }
    if (records.length > 0) {
      await sqlRows(this.orm,
        `insert into market_prices (brand, model, year, median, low, high, sample_size, trimmed, updated_at)
         select brand, model, year, median, low, high, "sampleSize", trimmed, ?
         from jsonb_to_recordset(?::jsonb) as r(brand text, model text, year int, median bigint, low bigint, high bigint, "sampleSize" int, trimmed int)`,
        [now, JSON.stringify(records)]);
    }
    await sqlRows(this.orm,
      `insert into market_price_runs (id, ran_at, full_at) values (true, ?, ?)
       on conflict (id) do update set ran_at = excluded.ran_at, full_at = coalesce(excluded.full_at, market_price_runs.full_at)`,
      [now, groups ? null : now]);
  }

  async find(key: MarketPriceKey): Promise<MarketPriceRecord | null> {
    const [row] = await sqlRows<PriceRow>(this.orm, `select * from market_prices where brand = ? and model = ? and year = ?`, [key.brand, key.model, key.year]);
    return row ? toRecord(row) : null;
  }
}

/** How long a process keeps its copy of the market prices: the job changes them every 5 minutes at most. */
export const MARKET_PRICE_SNAPSHOT_MS = 60_000;

/**
 * Every market price, kept in the process for a minute: there is one row per brand, model and year
 * (hundreds, not millions), so the vehicle page finds its row in memory instead of asking Postgres.
 * One load at a time; a failed load leaves the last copy in place and is tried again by the next request.
 */
export class MarketPriceSnapshot implements Pick<MarketPriceStore, 'find'> {
  // A load that started before a forget() must not mark the copy fresh: it counts only if no forget() came since.
  private generation = 0;
  private rows = new Map<string, MarketPriceRecord>();
  private loadedAt = -Infinity;
  private loading: Promise<void> | null = null;

  constructor(private readonly pool: pg.Pool, private readonly now: () => number = () => Date.now()) {}

  async find(key: MarketPriceKey): Promise<MarketPriceRecord | null> {
    if (this.now() - this.loadedAt >= MARKET_PRICE_SNAPSHOT_MS) {
      this.loading ??= this.load().finally(() => {
        this.loading = null;
      });
      await this.loading;
    }
    return this.rows.get(snapshotKey(key)) ?? null;
  }

  /** The job in this process has just kept new prices: read them on the next request (other processes within a minute). */
  forget(): void {
    this.generation++;
    this.loadedAt = -Infinity;
  }

  private async load(): Promise<void> {
    const generation = this.generation;
    const startedAt = this.now();
    const { rows } = await this.pool.query<PriceRow>('select * from market_prices');
    this.rows = new Map(rows.map((r) => [snapshotKey(r), toRecord(r)]));
    if (generation === this.generation) this.loadedAt = startedAt;
  }
}

const snapshotKey = (k: MarketPriceKey) => `${k.brand}\u0000${k.model}\u0000${k.year}`;
