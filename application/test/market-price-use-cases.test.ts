import { describe, expect, it } from 'vitest';
import { GetMarketPrice, RefreshMarketPrices } from '../src/index.js';
import { failure } from './support/failure.js';
import { FixedClock, InMemoryMarketPrices, InMemoryUnitOfWork, type Priced } from './support/in-memory.js';

const M = 1_000_000;

const EARLIER = new Date('2026-11-27T09:00:00Z');
const ioniq = (price: number, changedAt = EARLIER): Priced => ({ brand: 'Hyundai', model: 'IONIQ 5', year: 2022, price, changedAt });
const leaf = (price: number, changedAt = EARLIER): Priced => ({ brand: 'Nissan', model: 'Leaf', year: 2019, price, changedAt });

function setUp() {
  const clock = new FixedClock(new Date('2026-11-27T10:00:00Z'));
  const store = new InMemoryMarketPrices();
  store.prices = [...[36, 37, 38, 39, 40, 41, 42, 4].map((m) => ioniq(m * M)), ...[7, 7.5, 8, 8.5].map((m) => leaf(m * M))];
  return { clock, store, refresh: new RefreshMarketPrices(store, new InMemoryUnitOfWork([store]), clock), get: new GetMarketPrice(store) };
}

describe('market prices', () => {
  it('are computed for every model and year with enough prices, and read by anyone as the catalogue spells them', async () => {
    const { store, refresh, get } = setUp();
    expect(await refresh.execute()).toEqual({ scope: 'full', groups: 2, priced: 1 });
    expect(await get.execute({ brand: 'hyundai', model: 'ioniq 5', year: '2022' })).toEqual({
      brand: 'Hyundai', model: 'IONIQ 5', year: 2022, median: 39 * M, low: 37.5 * M, high: 40.5 * M, sampleSize: 7, updatedAt: '2026-11-27T10:00:00.000Z', comparison: null,
    });
    // An asking price is placed against it, in the words the page uses.
    expect((await get.execute({ brand: 'Hyundai', model: 'IONIQ 5', year: 2022, price: '37800000' })).comparison)
      .toBe('₦1.2M below the typical price for a 2022 Hyundai IONIQ 5 (7 listings: ₦37.5M–₦40.5M)');
    expect((await get.execute({ brand: 'Hyundai', model: 'IONIQ 5', year: 2022, price: 39_020_000 })).comparison)
      .toBe('About the typical price for a 2022 Hyundai IONIQ 5 (7 listings: ₦37.5M–₦40.5M)');
    // Four Leafs say nothing.
    expect(await failure(get.execute({ brand: 'Nissan', model: 'Leaf', year: 2019 }))).toMatchObject({
      code: 'MARKET_PRICE_UNKNOWN', kind: 'not_found', message: expect.stringContaining('Fewer than 5 comparable listings of a 2019 Nissan Leaf'),
    });
    expect(store.rows.size).toBe(1);
  });

  it('are computed again for the groups that changed since the last run, for every group once a day, or when forced', async () => {
    const { clock, store, refresh, get } = setUp();
    await refresh.execute();
    clock.advance(5 * 60_000);
    expect(await refresh.execute()).toEqual({ scope: 'none', groups: 0, priced: 0 });
    // A fifth Leaf, just listed: only the Leaf group is read and computed again.
    store.prices.push(leaf(9 * M, new Date(clock.now().getTime() - 1_000)));
    expect(await refresh.execute()).toEqual({ scope: 'changed', groups: 1, priced: 1 });
    expect(store.reads.at(-1)).toEqual(['Nissan|Leaf|2019']);
    expect(await get.execute({ brand: 'Nissan', model: 'Leaf', year: 2019 })).toMatchObject({ median: 8 * M, sampleSize: 5 });
    expect(store.rows.size).toBe(2);
    // A sale 13 months ago has left the window: the daily full run drops it from its group.
    store.prices.push(ioniq(10 * M, EARLIER), { ...leaf(20 * M, EARLIER), soldAt: new Date('2025-10-01T00:00:00Z') });
    clock.advance(24 * 60 * 60_000);
    expect(await refresh.execute()).toEqual({ scope: 'full', groups: 2, priced: 2 });
    expect(await get.execute({ brand: 'Nissan', model: 'Leaf', year: 2019 })).toMatchObject({ sampleSize: 5 });
    expect(await refresh.execute({ force: true })).toMatchObject({ scope: 'full' });
    expect(store.reads.filter((r) => r === 'all')).toHaveLength(3);
  });

  it('count a sale of the last 12 months at the price it sold for, beside live asking prices', async () => {
    const { clock, store, refresh, get } = setUp();
    store.prices = [36, 37, 38].map((m) => ioniq(m * M));
    store.prices.push({ ...ioniq(30 * M), soldAt: new Date('2026-06-01T00:00:00Z') }, { ...ioniq(31 * M), soldAt: new Date('2026-10-01T00:00:00Z') });
    await refresh.execute();
    expect(await get.execute({ brand: 'Hyundai', model: 'IONIQ 5', year: 2022 })).toMatchObject({ sampleSize: 5, median: 36 * M });
    clock.advance(200 * 24 * 60 * 60_000);
    await refresh.execute();
    expect(await failure(get.execute({ brand: 'Hyundai', model: 'IONIQ 5', year: 2022 }))).toMatchObject({ code: 'MARKET_PRICE_UNKNOWN' });
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
    for (const price of ['0', '-5', '1e6', '36,000,000', '1000000000', 12.5, '']) {
      expect(await failure(get.execute({ brand: 'Hyundai', model: 'IONIQ 5', year: 2022, price }))).toMatchObject({
        details: [{ field: 'price', message: 'Price must be a whole number of naira above 0' }],
      });
    }
  });
});
