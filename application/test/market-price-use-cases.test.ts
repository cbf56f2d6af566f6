import { describe, expect, it } from 'vitest';
import type { MarketPriceKey } from '@voltmarket/domain';
import { type ComparablePrice, GetMarketPrice, type MarketPriceRecord, type MarketPriceStore, RefreshMarketPrices } from '../src/index.js';
import { failure } from './support/failure.js';
import { FixedClock, InMemoryUnitOfWork } from './support/in-memory.js';

const M = 1_000_000;
const key = (k: MarketPriceKey) => `${k.brand}|${k.model}|${k.year}`;

/** Listings' prices and the kept market prices, in memory. */
class InMemoryMarketPrices implements MarketPriceStore {
  readonly rows = new Map<string, MarketPriceRecord>();
  prices: Omit<ComparablePrice, 'at'>[] = [];
  changedAt: Date | null = null;
  ranAt: Date | null = null;
  reads = 0;

  async lastListingChange() { return this.changedAt; }
  async lastRefresh() { return this.ranAt; }
  async comparablePrices(now: Date) {
    this.reads++;
    return this.prices.map((p) => ({ ...p, at: now }));
  }
  async keep(records: readonly MarketPriceRecord[], now: Date) {
    this.rows.clear();
    for (const r of records) this.rows.set(key(r), r);
    this.ranAt = now;
  }
  async find(k: MarketPriceKey) { return this.rows.get(key(k)) ?? null; }
}

const ioniq = (price: number) => ({ brand: 'Hyundai', model: 'IONIQ 5', year: 2022, price });
const leaf = (price: number) => ({ brand: 'Nissan', model: 'Leaf', year: 2019, price });

function setUp() {
  const clock = new FixedClock(new Date('2026-11-27T10:00:00Z'));
  const store = new InMemoryMarketPrices();
  store.prices = [...[36, 37, 38, 39, 40, 41, 42, 4].map((m) => ioniq(m * M)), ...[7, 7.5, 8, 8.5].map((m) => leaf(m * M))];
  store.changedAt = new Date('2026-11-27T09:00:00Z');
  return { clock, store, refresh: new RefreshMarketPrices(store, new InMemoryUnitOfWork([store]), clock), get: new GetMarketPrice(store) };
}

describe('market prices', () => {
  it('are computed for every model and year with enough prices, and read by anyone as the catalogue spells them', async () => {
    const { store, refresh, get } = setUp();
    expect(await refresh.execute()).toEqual({ refreshed: true, groups: 2, priced: 1 });
    expect(await get.execute({ brand: 'hyundai', model: 'ioniq 5', year: '2022' })).toEqual({
      brand: 'Hyundai', model: 'IONIQ 5', year: 2022, median: 39 * M, low: 37.5 * M, high: 40.5 * M, sampleSize: 7, updatedAt: '2026-11-27T10:00:00.000Z',
    });
    // Four Leafs say nothing.
    expect(await failure(get.execute({ brand: 'Nissan', model: 'Leaf', year: 2019 }))).toMatchObject({
      code: 'MARKET_PRICE_UNKNOWN', kind: 'not_found', message: expect.stringContaining('Fewer than 5 comparable listings of a 2019 Nissan Leaf'),
    });
    expect(store.rows.size).toBe(1);
  });

  it('are computed again only when a listing changed since, or an hour has passed, or when forced', async () => {
    const { clock, store, refresh } = setUp();
    await refresh.execute();
    clock.advance(5 * 60_000);
    expect(await refresh.execute()).toMatchObject({ refreshed: false });
    store.changedAt = new Date(clock.now().getTime() - 1_000);
    store.prices.push(leaf(9 * M));
    expect(await refresh.execute()).toEqual({ refreshed: true, groups: 2, priced: 2 });
    clock.advance(5 * 60_000);
    expect(await refresh.execute()).toMatchObject({ refreshed: false });
    expect(await refresh.execute({ force: true })).toMatchObject({ refreshed: true });
    clock.advance(61 * 60_000);
    expect(await refresh.execute()).toMatchObject({ refreshed: true });
    expect(store.reads).toBe(4);
  });

  it('names every field that is wrong in a question', async () => {
    const { get } = setUp();
    expect(await failure(get.execute({ brand: 'Toyota', model: 'Corolla', year: 1999 }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'brand', message: 'Choose a brand from the list' }, { field: 'year', message: 'Year must be a whole number between 2010 and 2100' }],
    });
    expect(await failure(get.execute({ brand: 'Hyundai', model: 'Leaf', year: 2022 }))).toMatchObject({ details: [{ field: 'model', message: 'Choose a model of Hyundai from the list' }] });
    expect(await failure(get.execute({}))).toMatchObject({ details: [{ field: 'brand' }, { field: 'model' }, { field: 'year' }] });
    expect(await failure(get.execute({ brand: 'Hyundai', model: 'IONIQ 5', year: '2022.5' }))).toMatchObject({ details: [{ field: 'year' }] });
  });
});
