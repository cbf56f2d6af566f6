import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { correctSpelling, Listing, type ListingDetails, type NameAudience, User } from '@voltmarket/domain';
import { type ListingCriteria, SEARCH_TOTAL_CAP } from '@voltmarket/application';
import { MikroOrmListingRepository } from '../../src/postgres/listing-repository.js';
import { COSTLY_PAGES_AT_ONCE, SearchCache } from '../../src/postgres/search/search-cache.js';
import { PostgresListingSearch } from '../../src/postgres/search/postgres-listing-search.js';
import { gatherByTrigrams } from '../../src/postgres/search/sql-statement.js';
import { buildCountAndListSql, buildCountSql, buildMatchListSql } from '../../src/postgres/search/totals.js';
import { MikroOrmUserRepository } from '../../src/postgres/user-repository.js';
import { inContext } from '../../src/postgres/orm.js';
import { createReadPool } from '../../src/postgres/read-pool.js';
import { createTestOrm } from '../support/harness.js';

let orm: MikroORM;
let pool: pg.Pool;
let dbUrl: string;
const counts = new SearchCache();
let close: () => Promise<void>;
const t0 = new Date('2026-11-01T08:00:00Z');

const details = (overrides: Partial<ListingDetails>): ListingDetails => ({
  title: 'x', description: 'A fine electric vehicle.', price: 10_000_000, year: 2022, mileage: 10_000, range: 400,
  vehicleType: 'car', brand: 'Tesla', model: 'Model 3', location: 'Lagos', imageUrls: ['/uploads/a.webp'],
  batteryHealth: 95, chargingType: 'Both', fastChargingTime: 30, vin: null, sellerPhone: null,
  isRentalAvailable: false, dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null, ...overrides,
});

const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ orm, pool, url: dbUrl, close } = await createTestOrm());
  await inContext(orm, async () => {
    const users = new MikroOrmUserRepository(orm);
    await users.save(User.register({ uid: 's1', email: 'ada@x.ng', emailVerified: true, name: 'Ada Okafor', phone: null, signInProvider: 'password' }, t0));
    await users.save(User.register({ uid: 's2', email: 'emeka@x.ng', emailVerified: true, name: null, phone: null, signInProvider: 'password' }, t0));
    const repo = new MikroOrmListingRepository(orm, counts);
    const make = async (key: string, seller: string, d: Partial<ListingDetails>, hoursLater: number, status: 'active' | 'pending' | 'rejected' = 'active', boost = 0) => {
      const listing = Listing.submit(await repo.nextId(), seller, details({ title: key, ...d }), new Date(t0.getTime() + hoursLater * 3600_000));
      if (status === 'active') listing.approve(t0);
      if (status === 'rejected') listing.reject('Blurry', t0);
      listing.boostTier = boost;
      listing.boostedUntil = boost ? new Date(Date.now() + 7 * 24 * 3600_000) : null;
      await repo.save(listing);
      ids[key] = listing.id;
    };
    await make('2022 Hyundai IONIQ 5', 's1', { brand: 'Hyundai', model: 'IONIQ 5', price: 38_000_000, mileage: 20_000, year: 2022 }, 1);
    await make('2019 Nissan Leaf', 's1', { brand: 'Nissan', model: 'Leaf', price: 9_000_000, mileage: 80_000, year: 2019, location: 'Abuja' }, 2);
    await make('2023 BYD Dolphin', 's2', { brand: 'BYD', model: 'Dolphin', price: 21_000_000, mileage: 5_000, year: 2023, description: 'Comes with a wallbox charger.' }, 3);
    await make('2021 Generic City Bus', 's2', { brand: 'Generic', model: 'City Bus', vehicleType: 'bus', price: 120_000_000, mileage: 60_000, year: 2021, location: 'Abuja' }, 4);
    await make('2024 Tesla Model Y', 's2', { brand: 'Tesla', model: 'Model Y', price: 55_000_000, mileage: 1_000, year: 2024 }, 5, 'active', 1);
    await make('2020 Tesla Model 3 pending', 's1', { price: 30_000_000 }, 6, 'pending');
    await make('2020 Tesla Model 3 rejected', 's1', { price: 31_000_000 }, 7, 'rejected');
  });
});

afterAll(async () => close());

/** The test's pool, recording each statement sent through it, by the pool or by a client of it. */
function watchedPool(statements: string[]): pg.Pool {
  return {
    query: (sql: string | pg.QueryConfig, params?: unknown[]) => (statements.push(typeof sql === 'string' ? sql : sql.text), pool.query(sql, params)),
    connect: async () => {
      const client = await pool.connect();
      return { query: (sql: string, params?: unknown[]) => (statements.push(sql), client.query(sql, params)), release: (err?: Error | boolean) => client.release(err) };
    },
  } as unknown as pg.Pool;
}

const search = (c: Partial<ListingCriteria>, audience: NameAudience = 'member') =>
  inContext(orm, () => new PostgresListingSearch(pool, counts).searchPublic({ sort: 'default', limit: 24, offset: 0, ...c }, audience));
const titles = async (c: Partial<ListingCriteria>) => (await search(c)).items.map((i) => i.title);

describe('MikroOrmListingRepository', () => {
  it('round-trips every field of a listing', async () => {
    const loaded = await inContext(orm, () => new MikroOrmListingRepository(orm, counts).findById(ids['2023 BYD Dolphin']!));
    expect(loaded).toBeInstanceOf(Listing);
    expect(loaded).toMatchObject({ brand: 'BYD', price: 21_000_000, imageUrls: ['/uploads/a.webp'], fastChargingTime: 30, status: 'active', isVerified: true });
    expect(loaded?.createdAt).toBeInstanceOf(Date);
  });

  it('removes a listing for good', async () => {
    await inContext(orm, async () => {
      const repo = new MikroOrmListingRepository(orm, counts);
      const listing = Listing.submit(await repo.nextId(), 's1', details({ title: 'temp' }), t0);
      await repo.save(listing);
      await repo.remove(listing);
    });
    expect(await titles({ search: 'temp' })).toEqual([]);
  });
});

describe('PostgresListingSearch', () => {
  it('shows only active listings, newest first by default, a boosted one at its own place', async () => {
    const page = await search({});
    expect(page.items.map((i) => i.title)).toEqual([
      '2024 Tesla Model Y', '2021 Generic City Bus', '2023 BYD Dolphin', '2019 Nissan Leaf', '2022 Hyundai IONIQ 5',
    ]);
    expect(page.total).toBe(5);
    // A Basic Boost reads "Featured", not Premium; no slot was asked for, so none is promoted.
    expect(page.items[0]).toMatchObject({ isPremium: false, isPromoted: false, boost: { tier: 1, packageName: 'Basic Boost' }, seller: { id: 's2', name: 'emeka' } });
    // A seller without a full name is not named after their email for visitors.
    expect((await search({}, 'visitor')).items[0]?.seller.name).toBe('Private Seller');
    expect(page.items[4]?.seller.name).toBe('Ada Okafor');
  });

  it('filters by type, location, brand and price range', async () => {
    expect(await titles({ vehicleType: 'bus' })).toEqual(['2021 Generic City Bus']);
    expect(await titles({ location: 'Abuja', sort: 'price_asc' })).toEqual(['2019 Nissan Leaf', '2021 Generic City Bus']);
    expect(await titles({ brand: 'Hyundai' })).toEqual(['2022 Hyundai IONIQ 5']);
    expect(await titles({ minPrice: 10_000_000, maxPrice: 40_000_000, sort: 'price_desc' })).toEqual(['2022 Hyundai IONIQ 5', '2023 BYD Dolphin']);
  });

  it.each([
    ['price_asc', ['2019 Nissan Leaf', '2023 BYD Dolphin', '2022 Hyundai IONIQ 5', '2024 Tesla Model Y', '2021 Generic City Bus']],
    ['mileage_desc', ['2019 Nissan Leaf', '2021 Generic City Bus', '2022 Hyundai IONIQ 5', '2023 BYD Dolphin', '2024 Tesla Model Y']],
    ['year_asc', ['2019 Nissan Leaf', '2021 Generic City Bus', '2022 Hyundai IONIQ 5', '2023 BYD Dolphin', '2024 Tesla Model Y']],
    ['oldest', ['2022 Hyundai IONIQ 5', '2019 Nissan Leaf', '2023 BYD Dolphin', '2021 Generic City Bus', '2024 Tesla Model Y']],
  ] as const)('sorts by %s exactly, the boosted listing included at its place', async (sort, expected) => {
    expect(await titles({ sort })).toEqual(expected);
    // With promoted slots the order below them is the same, less the listing drawn into a slot.
    const slotted = await search({ sort, promotedSlots: 2 });
    expect(slotted.items.filter((i) => i.isPromoted).map((i) => i.title)).toEqual(['2024 Tesla Model Y']);
    expect(slotted.items.filter((i) => !i.isPromoted).map((i) => i.title)).toEqual(expected.filter((t) => t !== '2024 Tesla Model Y'));
  });

  it('promotes a boost only until its end, read at query time (no job has to clear it)', async () => {
    // A boost ending while its search's boosts are kept: it leaves the slots at its end, not when the cache does.
    const soon = new Date(Date.now() + 60_000);
    await inContext(orm, () => orm.em.getConnection().execute('update listings set boosted_until = ? where id = ?', [soon, ids['2024 Tesla Model Y']]));
    counts.clear();
    const later = { now: () => new Date(soon.getTime() + 1) };
    const first = async (clock?: { now: () => Date }) =>
      (await inContext(orm, () => new PostgresListingSearch(pool, counts, clock).searchPublic({ sort: 'price_asc', limit: 24, offset: 0, promotedSlots: 2 }, 'member'))).items[0]!;
    expect(await first()).toMatchObject({ title: '2024 Tesla Model Y', isPromoted: true, boost: { tier: 1 } });
    expect(await first(later)).toMatchObject({ title: '2019 Nissan Leaf', isPromoted: false, boost: null });
    // Written behind the search's back (as another replica would), so its few-second cache is dropped too.
    const sql = async (q: string, p: unknown[]) => {
      await inContext(orm, () => orm.em.getConnection().execute(q, p));
      counts.clear();
    };
    await sql(`update listings set boosted_until = now() - interval '1 second' where id = ?`, [ids['2024 Tesla Model Y']]);
    try {
      expect((await search({ sort: 'price_asc', promotedSlots: 2 })).items.map((i) => [i.title, i.isPromoted])).toEqual([
        ['2019 Nissan Leaf', false], ['2023 BYD Dolphin', false], ['2022 Hyundai IONIQ 5', false], ['2024 Tesla Model Y', false], ['2021 Generic City Bus', false],
      ]);
      expect((await search({ brand: 'Tesla' })).items[0]).toMatchObject({ isPremium: false, boost: null });
      expect(await titles({ search: 'tesla modle y' })).toEqual(['2024 Tesla Model Y']);
    } finally {
      await sql(`update listings set boosted_until = now() + interval '7 days' where id = ?`, [ids['2024 Tesla Model Y']]);
    }
  });

  it('fills each page\'s promoted slots in turns among the boosts the search matches, weighted by tier, never one twice on a page', async () => {
    const sql = async (q: string, p: unknown[]) => {
      await inContext(orm, () => orm.em.getConnection().execute(q, p));
      counts.clear();
    };
    // Three Premium Spotlights beside the Model Y's Basic Boost.
    const premium = [ids['2022 Hyundai IONIQ 5'], ids['2019 Nissan Leaf'], ids['2023 BYD Dolphin']];
    await sql(`update listings set boost_tier = 2, boosted_until = now() + interval '14 days' where id in (?, ?, ?)`, premium);
    try {
      const fresh = new PostgresListingSearch(pool, new SearchCache());
      const slotted = new Map<string, number>();
      for (let view = 0; view < 13; view++) {
        const page = await inContext(orm, () => fresh.searchPublic({ sort: 'price_desc', limit: 24, offset: 0, promotedSlots: 2 }, 'visitor'));
        const promoted = page.items.filter((i) => i.isPromoted).map((i) => i.title);
        expect(promoted).toHaveLength(2);
        expect(new Set(promoted).size).toBe(2);
        for (const title of promoted) slotted.set(title, (slotted.get(title) ?? 0) + 1);
        // Below the slots, the buyer's order exactly, less what the slots show.
        const below = page.items.filter((i) => !i.isPromoted).map((i) => i.title);
        const dearestFirst = ['2021 Generic City Bus', '2024 Tesla Model Y', '2022 Hyundai IONIQ 5', '2023 BYD Dolphin', '2019 Nissan Leaf'];
        expect(below).toEqual(dearestFirst.filter((t) => !promoted.includes(t)));
        expect(page.total).toBe(5);
      }
      // 26 slots shared 4 : 4 : 4 : 1 (three Premium Spotlights, one Basic Boost): 8 each and 2.
      expect(Object.fromEntries(slotted)).toEqual({
        '2022 Hyundai IONIQ 5': 8, '2019 Nissan Leaf': 8, '2023 BYD Dolphin': 8, '2024 Tesla Model Y': 2,
      });
      // Premium Spotlight reads "Premium" on the card.
      expect((await search({ brand: 'Hyundai' })).items[0]).toMatchObject({ isPremium: true, boost: { tier: 2 } });
      // A search the boosts do not match promotes none of them.
      expect((await search({ vehicleType: 'bus', promotedSlots: 2 })).items.map((i) => [i.title, i.isPromoted])).toEqual([['2021 Generic City Bus', false]]);
    } finally {
      await sql(`update listings set boost_tier = 0, boosted_until = null where id in (?, ?, ?)`, premium);
    }
  });

  it('finds text in any case and forgives small typos', async () => {
    expect(await titles({ search: 'HYUNDAI' })).toEqual(['2022 Hyundai IONIQ 5']);
    expect(await titles({ search: 'hyundia ioniq' })).toEqual(['2022 Hyundai IONIQ 5']);
    expect(await titles({ search: 'nisan leaf' })).toEqual(['2019 Nissan Leaf']);
    expect(await titles({ search: 'wallbox' })).toEqual(['2023 BYD Dolphin']);
    expect(await titles({ search: 'pending' })).toEqual([]);
    expect(await titles({ search: 'zzqqxx' })).toEqual([]);
  });

  it('finds nothing rather than look-alikes when the words are in the market but outside the other filters', async () => {
    await inContext(orm, async () => {
      const repo = new MikroOrmListingRepository(orm, counts);
      const model3 = Listing.submit(await repo.nextId(), 's2', details({ title: '2021 Tesla Model 3', price: 25_000_000 }), t0);
      model3.approve(t0);
      await repo.save(model3);
      try {
        // The Model Y costs ₦55M: under ₦40M there is none, and the Model 3 is not offered in its place.
        expect(await titles({ search: 'tesla model y', maxPrice: 40_000_000 })).toEqual([]);
        expect(await titles({ search: 'tesla model y' })).toEqual(['2024 Tesla Model Y']);
        // Words found nowhere are still forgiven as typos, within the filters.
        expect(await titles({ search: 'tesla modl 3', maxPrice: 40_000_000 })).toEqual(['2021 Tesla Model 3']);
      } finally {
        await repo.remove(model3);
      }
    });
  });

  it('keeps "model s" to the Model S, though the text search drops "s" as a stop word', async () => {
    await inContext(orm, async () => {
      const repo = new MikroOrmListingRepository(orm, counts);
      const made = [];
      for (const [title, model] of [['2020 Tesla Model S Long Range', 'Model S'], ['2021 Tesla Model 3 Standard', 'Model 3']] as const) {
        const listing = Listing.submit(await repo.nextId(), 's2', details({ title, brand: 'Tesla', model, price: 40_000_000 }), t0);
        listing.approve(t0);
        await repo.save(listing);
        made.push(listing);
      }
      try {
        expect(await titles({ search: 'tesla model s' })).toEqual(['2020 Tesla Model S Long Range']);
        expect(await titles({ search: 'Model S', sort: 'price_asc' })).toEqual(['2020 Tesla Model S Long Range']);
        expect((await titles({ search: 'tesla model' })).sort()).toEqual(['2020 Tesla Model S Long Range', '2021 Tesla Model 3 Standard', '2024 Tesla Model Y']);
        // Quoted, it names the Model S as much; excluded, it leaves out the Model S alone, not every "model".
        expect(await titles({ search: '"model s"' })).toEqual(['2020 Tesla Model S Long Range']);
        expect((await titles({ search: 'tesla -"model s"' })).sort()).toEqual(['2021 Tesla Model 3 Standard', '2024 Tesla Model Y']);
        expect((await titles({ search: '-"Tesla Model S"', sort: 'price_asc' })).filter((t) => t.includes('Tesla'))).toEqual(['2021 Tesla Model 3 Standard', '2024 Tesla Model Y']);
        expect((await search({ search: '-"model s"' })).total).toBe((await search({})).total - 1);
        // By closeness too: "tesal" is close to every Tesla.
        expect((await titles({ search: 'tesal -"model s"' })).sort()).toEqual(['2021 Tesla Model 3 Standard', '2024 Tesla Model Y']);
      } finally {
        for (const listing of made) await repo.remove(listing);
      }
    });
  });

  it('finds nothing for lone letters or symbols without comparing them by closeness, which would rank every listing', async () => {
    const statements: string[] = [];
    const watched = watchedPool(statements);
    const fresh = new PostgresListingSearch(watched, new SearchCache());
    const found = (text: string) => inContext(orm, () => fresh.searchPublic({ search: text, sort: 'default', limit: 24, offset: 0 }, 'member'));
    // "Model Y" has a lone letter: the words "x y" are in no listing together, and "a" is no word at all.
    for (const text of ['a', 'x y', '!!', '🚗', 'y 3']) expect((await found(text)).total).toBe(0);
    expect(statements.filter((sql) => sql.includes('<%') || sql.includes('word_similarity'))).toEqual([]);
    // Beside a word of two letters or more, a lone letter is left out of the comparison, not the search.
    statements.length = 0;
    expect((await found('tesal q')).items.map((i) => i.title)).toEqual(['2024 Tesla Model Y']);
    expect(statements.filter((sql) => sql.includes('<%')).length).toBeGreaterThan(0);
  });

  it('searches the words found in the market alone when the others are found nowhere, and only words found nowhere by closeness', async () => {
    const statements: string[] = [];
    const watched = watchedPool(statements);
    const fresh = new PostgresListingSearch(watched, new SearchCache());
    const found = async (c: Partial<ListingCriteria>) => {
      statements.length = 0;
      const page = await inContext(orm, () => fresh.searchPublic({ sort: 'default', limit: 24, offset: 0, ...c }, 'member'));
      return { titles: page.items.map((i) => i.title), total: page.total, byCloseness: statements.some((sql) => sql.includes('<%')) };
    };
    // No listing says "blue": the Model Y, found by its other words, not every Tesla by closeness.
    expect(await found({ search: 'tesla model y blue' })).toEqual({ titles: ['2024 Tesla Model Y'], total: 1, byCloseness: false });
    expect(await found({ search: 'Abuja leaf lagoon', sort: 'price_asc' })).toEqual({ titles: ['2019 Nissan Leaf'], total: 1, byCloseness: false });
    // Every word is in the market, never together: nothing, rather than look-alikes.
    expect(await found({ search: 'nissan dolphin' })).toEqual({ titles: [], total: 0, byCloseness: false });
    expect(await found({ search: 'tesla model y', location: 'Abuja' })).toEqual({ titles: [], total: 0, byCloseness: false });
    // Words found nowhere: compared by closeness.
    expect(await found({ search: 'dolphn' })).toEqual({ titles: ['2023 BYD Dolphin'], total: 1, byCloseness: true });
  });

  it('keeps what was excluded out at every step: as typed, as corrected, by the known words and by closeness', async () => {
    // As the use case asks: with the search's correction, if it has one.
    const found = async (text: string) => {
      const page = await search({ search: text, correctedSearch: correctSpelling(text) ?? undefined });
      return page.items.map((i) => i.title);
    };
    expect(await found('nissan -leaf')).toEqual([]);
    // Corrected: "nisan" is Nissan, and "-leaf" still excludes the Leaf.
    expect(await found('nisan -leaf')).toEqual([]);
    // "blue" is in no listing: the known word "nissan" is searched alone, still without the Leaf.
    expect(await found('nissan blue -leaf')).toEqual([]);
    expect(await found('nissan blue -dolphin')).toEqual(['2019 Nissan Leaf']);
    // By closeness: "dolphn" is close to the Dolphin, whose description says "wallbox".
    expect(await found('dolphn -wallbox')).toEqual([]);
    expect(await found('dolphn -leaf')).toEqual(['2023 BYD Dolphin']);
    expect(await found('dolphn -"wallbox charger"')).toEqual([]);
  });

  it('excludes a kind of vehicle by its word, though no listing\'s text says it ("-buses", "-danfo", "-cars")', async () => {
    const found = async (text: string) => (await search({ location: 'Abuja', search: text, sort: 'price_asc' })).items.map((i) => i.title);
    expect(await found('-buses')).toEqual(['2019 Nissan Leaf']);
    expect(await found('-danfo')).toEqual(['2019 Nissan Leaf']);
    expect(await found('-cars')).toEqual(['2021 Generic City Bus']);
    // A kind of car is not every car; a quoted word is a word.
    expect(await found('-suv')).toEqual(['2019 Nissan Leaf', '2021 Generic City Bus']);
    expect(await found('-"buses"')).toEqual(['2019 Nissan Leaf', '2021 Generic City Bus']);
    // By closeness too: "nisan" is close to the Leaf, a car.
    expect((await search({ search: 'nisan -cars', correctedSearch: correctSpelling('nisan -cars') ?? undefined })).items).toEqual([]);
  });

  it('keeps totals for a while but forgets them when a listing is written', async () => {
    expect((await search({ vehicleType: 'truck' })).total).toBe(0);
    await inContext(orm, async () => {
      const repo = new MikroOrmListingRepository(orm, counts);
      const truck = Listing.submit(await repo.nextId(), 's2', details({ title: 'Rivian R1T', brand: 'Rivian', model: 'R1T', vehicleType: 'truck' }), t0);
      truck.approve(t0);
      await repo.save(truck);
      expect((await search({ vehicleType: 'truck' })).total).toBe(1);
      await repo.remove(truck);
    });
    expect((await search({ vehicleType: 'truck' })).total).toBe(0);
  });

  it('pages with limit and offset while the total stays whole', async () => {
    const page = await search({ limit: 2, offset: 2 });
    expect(page.items.map((i) => i.title)).toEqual(['2023 BYD Dolphin', '2019 Nissan Leaf']);
    expect(page.total).toBe(5);
  });

  it('prepares a page read by id once per connection and runs it for every later page', async () => {
    const one = createReadPool(dbUrl, 1);
    try {
      const fresh = new PostgresListingSearch(one, new SearchCache());
      const shown: string[] = [];
      for (let offset = 0; offset < 5; offset++) {
        shown.push(...(await inContext(orm, () => fresh.searchPublic({ sort: 'default', limit: 1, offset }, 'member'))).items.map((i) => i.title));
      }
      expect(shown).toEqual(['2024 Tesla Model Y', '2021 Generic City Bus', '2023 BYD Dolphin', '2019 Nissan Leaf', '2022 Hyundai IONIQ 5']);
      const { rows } = await one.query<{ name: string; runs: number }>('select name, generic_plans + custom_plans as runs from pg_prepared_statements');
      // Each page, read by id from the search's kept matches, runs the one prepared statement.
      expect(rows.map((r) => r.name)).toEqual([expect.stringMatching(/^search_page_/)]);
      expect(rows.map((r) => r.runs)).toEqual([5]);
    } finally {
      await one.end();
    }
  });

  it('answers a page whose prepared statement a migration made stale (a column it returns changed type) on every connection', async () => {
    const three = createReadPool(dbUrl, 3);
    const fresh = new PostgresListingSearch(three, new SearchCache());
    const firstPage = () => inContext(orm, () => fresh.searchPublic({ sort: 'default', limit: 24, offset: 0 }, 'member'));
    const threeAtOnce = () => Promise.all([firstPage(), firstPage(), firstPage()]);
    try {
      // Each of the three connections prepares the page.
      const preparedOnEach = async () => {
        const clients = await Promise.all([three.connect(), three.connect(), three.connect()]);
        const counts = await Promise.all(clients.map(async (c) => (await c.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where name like 'search_page_%'`)).rows[0]!.n));
        clients.forEach((c) => c.release());
        return counts;
      };
      for (let tries = 0; tries < 20 && (await preparedOnEach()).includes(0); tries++) {
        expect((await threeAtOnce()).map((page) => page.items.length)).toEqual([5, 5, 5]);
      }
      expect(await preparedOnEach()).toEqual([1, 1, 1]);
      await pool.query('alter table listings alter column views type bigint');
      // One at a time first: a retry on another connection would meet the same stale statement there.
      for (const page of [await firstPage(), await firstPage(), ...await threeAtOnce()]) {
        expect(page.items.map((i) => i.title)).toEqual(['2024 Tesla Model Y', '2021 Generic City Bus', '2023 BYD Dolphin', '2019 Nissan Leaf', '2022 Hyundai IONIQ 5']);
      }
    } finally {
      await pool.query('alter table listings alter column views type integer');
      await three.end();
    }
  });

  it('counts a text search and lists its matches in one pass over them, then reads each later page by id in its order', async () => {
    const statements: string[] = [];
    const watched = watchedPool(statements);
    const fresh = new PostgresListingSearch(watched, new SearchCache());
    const criteria: ListingCriteria = { search: 'fine electric vehicle', sort: 'price_desc', limit: 2, offset: 0 };
    const first = await inContext(orm, () => fresh.searchPublic(criteria, 'member'));
    expect(statements).toContain(buildCountAndListSql(criteria, 'words').sql);
    expect(statements).not.toContain(buildMatchListSql(criteria, 'words').sql);
    expect(statements.filter((sql) => sql === buildCountSql(criteria, 'words').sql)).toEqual([]);

    const shown = first.items.map((i) => i.title);
    let next = first.next;
    while (next) {
      const before = statements.length;
      const page = await inContext(orm, () => fresh.searchPublic({ ...criteria, cursor: next! }, 'member'));
      expect(statements.length - before).toBe(1); // the page itself: its total and matches are kept
      shown.push(...page.items.map((i) => i.title));
      next = page.next;
    }
    // Every listing but the Dolphin (described otherwise), by price, dearest first.
    expect(first.total).toBe(4);
    expect(shown).toEqual(['2021 Generic City Bus', '2024 Tesla Model Y', '2022 Hyundai IONIQ 5', '2019 Nissan Leaf']);
  });

  it('refreshes a stale text search by counting and listing again once, not by reading its matches twice', async () => {
    const statements: string[] = [];
    const watched = watchedPool(statements);
    // Everything kept goes stale after a millisecond (and stays usable two minutes).
    const fresh = new PostgresListingSearch(watched, new SearchCache({ ttlMs: 1, maxTtlMs: 1, costlyPerMs: 0 }));
    const criteria: ListingCriteria = { search: 'fine electric vehicle', location: 'Lagos', sort: 'newest', limit: 24, offset: 0 };
    const first = await inContext(orm, () => fresh.searchPublic(criteria, 'member'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    statements.length = 0;
    const again = await inContext(orm, () => fresh.searchPublic(criteria, 'member'));
    expect(again.items.map((i) => i.title)).toEqual(first.items.map((i) => i.title));
    expect(first.items.map((i) => i.title)).toEqual(['2024 Tesla Model Y', '2022 Hyundai IONIQ 5']);
    expect(statements.filter((sql) => sql === buildCountAndListSql(criteria, 'words').sql)).toHaveLength(1);
    expect(statements).not.toContain(buildMatchListSql(criteria, 'words').sql);
  });

  /** Seven listings of a model word no catalogue corrects ("Zephyrion"), one boosted, listed an hour apart; removed after `work`. */
  async function withZephyrions(work: (byTitle: Record<string, Listing>) => Promise<void>): Promise<void> {
    const made: Record<string, Listing> = {};
    await inContext(orm, async () => {
      const repo = new MikroOrmListingRepository(orm, counts);
      for (const [n, title] of ['Zephyrion', 'Zephyrion Long Range', 'Zephyrion Plus', 'Zephyrion Plus Tourer', 'Zephyrion Max', 'Zephyrion GT', 'Zephyrion Base'].entries()) {
        const listing = Listing.submit(await repo.nextId(), 's2', details({ title, brand: 'Generic', model: 'City Bus', vehicleType: 'bus', location: 'Port Harcourt', price: 12_500_000 + n }), new Date(t0.getTime() + (10 + n) * 3600_000));
        listing.approve(t0);
        if (title === 'Zephyrion GT') {
          listing.boostTier = 2;
          listing.boostedUntil = new Date(Date.now() + 7 * 24 * 3600_000);
        }
        await repo.save(listing);
        made[title] = listing;
      }
    });
    try {
      await work(made);
    } finally {
      await inContext(orm, async () => {
        const repo = new MikroOrmListingRepository(orm, counts);
        for (const listing of Object.values(made)) await repo.remove(listing);
      });
    }
  }

  const zephyrian: ListingCriteria = { search: 'zephyrian', location: 'Port Harcourt', sort: 'default', limit: 3, offset: 0 };

  it('ranks a typo search by closeness once, then reads each later page by id in that order', async () => {
    await withZephyrions(async () => {
      const statements: string[] = [];
      const fresh = new PostgresListingSearch(watchedPool(statements), new SearchCache());
      const first = await inContext(orm, () => fresh.searchPublic(zephyrian, 'visitor'));
      expect(statements.filter((sql) => sql.includes('word_similarity'))).toHaveLength(1);
      expect(first.total).toBe(7);

      const shown = first.items.map((i) => i.title);
      let next = first.next;
      while (next) {
        // Continued after the last listing shown: its closeness and id.
        expect(next.after).toMatchObject({ key: expect.stringMatching(/^\d+$/) });
        statements.length = 0;
        const page = await inContext(orm, () => fresh.searchPublic({ ...zephyrian, cursor: next! }, 'visitor'));
        expect(statements.filter((sql) => sql.includes('<%') || sql.includes('word_similarity'))).toEqual([]);
        expect(statements).toHaveLength(1); // the page, by id
        shown.push(...page.items.map((i) => i.title));
        next = page.next;
      }
      // The same order as one page of them all from a fresh start: closest first (all are here), the later listed among equals.
      const whole = await inContext(orm, () => new PostgresListingSearch(pool, new SearchCache()).searchPublic({ ...zephyrian, limit: 24 }, 'visitor'));
      expect(shown).toEqual(whole.items.map((i) => i.title));
      expect(new Set(shown).size).toBe(7);
      expect(shown[0]).toBe('Zephyrion Base');
      // Its boost takes the promoted slot of every page where it is not already below it.
      const slotted = await inContext(orm, () => fresh.searchPublic({ ...zephyrian, promotedSlots: 1 }, 'visitor'));
      expect(slotted.items[0]).toMatchObject({ title: 'Zephyrion GT', isPromoted: true, isPremium: true });
      expect(slotted.items.slice(1).map((i) => i.title)).toEqual(shown.slice(0, 3).filter((t) => t !== 'Zephyrion GT'));
      // By offset too, as an older client pages.
      expect((await inContext(orm, () => fresh.searchPublic({ ...zephyrian, offset: 3 }, 'visitor'))).items.map((i) => i.title)).toEqual(shown.slice(3, 6));
    });
  });

  it('scrolls a typo search on from the last listing shown when listings are taken down or boosted between its pages', async () => {
    await withZephyrions(async (made) => {
      const cache = new SearchCache();
      const fresh = new PostgresListingSearch(pool, cache);
      const whole = (await inContext(orm, () => fresh.searchPublic({ ...zephyrian, limit: 24 }, 'visitor'))).items.map((i) => i.title);
      const first = await inContext(orm, () => fresh.searchPublic(zephyrian, 'visitor'));
      expect(first.items.map((i) => i.title)).toEqual(whole.slice(0, 3));
      // Meanwhile one not shown yet is taken down and another is boosted, and the search is ranked anew.
      const notYetShown = whole.slice(3);
      const [takenDown, boosted] = [notYetShown[0]!, notYetShown[1]!];
      await inContext(orm, async () => {
        const repo = new MikroOrmListingRepository(orm, counts);
        const gone = made[takenDown]!;
        gone.editByStaff({ status: 'pending' }, t0);
        await repo.save(gone);
        const plus = made[boosted]!;
        plus.boostTier = 1;
        plus.boostedUntil = new Date(Date.now() + 7 * 24 * 3600_000);
        await repo.save(plus);
      });
      cache.clear();
      const shown = first.items.map((i) => i.title);
      let next = first.next;
      while (next) {
        const page = await inContext(orm, () => fresh.searchPublic({ ...zephyrian, cursor: next! }, 'visitor'));
        shown.push(...page.items.map((i) => i.title));
        next = page.next;
      }
      // Nothing repeated, nothing of the rest skipped, the boosted one at its own place.
      expect(shown).toEqual(whole.filter((t) => t !== takenDown));
      // Asked anew with slots, the boosts take them in turn.
      const slotted = await inContext(orm, () => fresh.searchPublic({ ...zephyrian, promotedSlots: 2 }, 'visitor'));
      expect(slotted.items.filter((i) => i.isPromoted).map((i) => i.title).sort()).toEqual([boosted, 'Zephyrion GT'].sort());
    });
  });

  it('gathers a typo search\'s candidates with bitmap scans only, so the trigram index is among them', async () => {
    const statements: string[] = [];
    const fresh = new PostgresListingSearch(watchedPool(statements), new SearchCache());
    for (const c of [{ search: 'dolphn' }, { search: 'dolphn', sort: 'price_asc' as const }]) {
      statements.length = 0;
      const page = await inContext(orm, () => fresh.searchPublic({ sort: 'default', limit: 24, offset: 0, ...c }, 'member'));
      expect(page.items.map((i) => i.title)).toEqual(['2023 BYD Dolphin']);
      // Its count (or ranking by closeness) is the first statement comparing by trigrams, right after the settings.
      const gathering = statements.findIndex((sql) => sql.includes('<%'));
      expect(statements[gathering - 1]).toBe('begin; set local enable_seqscan = off; set local enable_indexscan = off');
      expect(statements[gathering + 1]).toBe('commit');
    }
  });

  it('turns the scans back on for the connection\'s next statement, after a failed one too', async () => {
    const one = createReadPool(dbUrl, 1);
    const scans = "select current_setting('enable_seqscan') as seq, current_setting('enable_indexscan') as idx";
    try {
      expect((await gatherByTrigrams(one, { sql: scans, params: [] })).rows).toEqual([{ seq: 'off', idx: 'off' }]);
      expect((await one.query(scans)).rows).toEqual([{ seq: 'on', idx: 'on' }]);
      await expect(gatherByTrigrams(one, { sql: 'select 1 / $1::int', params: [0] })).rejects.toThrow(/division by zero/);
      expect((await one.query(scans)).rows).toEqual([{ seq: 'on', idx: 'on' }]);
      expect(one.totalCount).toBe(1);
    } finally {
      await one.end();
    }
  });

  it('reads at most two pages at once that walk far through a sort index, and any number of unfiltered ones', async () => {
    let running = 0;
    let most = 0;
    // As at a million listings: a filter matching more than the count's cap, so its deep page walks the sort index.
    const watched = {
      query: async (statement: string | pg.QueryConfig, params: unknown[]) => {
        const sql = typeof statement === 'string' ? statement : statement.text;
        if (sql.includes('pg_class')) return { rows: [{ n: 1_000_000 }] };
        if (sql.startsWith('select count(*)::int as total')) return { rows: [{ total: SEARCH_TOTAL_CAP + 1 }] };
        if (!sql.includes('page as (')) return pool.query(sql, params);
        most = Math.max(most, ++running);
        try {
          await new Promise((resolve) => setTimeout(resolve, 30));
          return await pool.query(statement, params);
        } finally {
          running--;
        }
      },
    } as unknown as pg.Pool;
    const fresh = new PostgresListingSearch(watched, new SearchCache());
    const six = (c: Partial<ListingCriteria>) =>
      Promise.all(Array.from({ length: 6 }, () => inContext(orm, () => fresh.searchPublic({ sort: 'price_asc', limit: 1, offset: 5_000, ...c }, 'member'))));
    await six({ vehicleType: 'car' });
    expect(most).toBe(COSTLY_PAGES_AT_ONCE);
    most = 0;
    await six({});
    expect(most).toBe(6);
  });

  it("lists a seller's own listings in every status", async () => {
    const mine = await inContext(orm, () => new PostgresListingSearch(pool, counts).listBySeller('s1'));
    expect(mine.map((l) => l.status).sort()).toEqual(['active', 'active', 'pending', 'rejected']);
  });
});
