import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_LOCATIONS } from '@voltmarket/domain';
import { searchFingerprint } from '@voltmarket/application';
import { loadBenchListings } from '../../bench/bench-data.js';
import { PUBLIC_SEARCH_CACHE } from '../../src/http/routes/listing-routes.js';
import { buildCountSql } from '../../src/postgres/search/totals.js';
import { closeAdminApp, listingBy, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

/** More live listings than the search counts (10,000): the benchmark's data, every city and brand of the catalogue. */
const LISTINGS = 10_800;

let api: TestApi;
/** The same market through an API with no promoted slots (PROMOTED_SLOTS=0): the chosen order alone. */
let plainApi: TestApi;
let db: pg.Client;
let buyer: { token: string };

beforeAll(async () => {
  api = await startTestApi();
  db = new pg.Client({ connectionString: api.databaseUrl });
  await db.connect();
  await loadBenchListings(db, LISTINGS);
  plainApi = await startTestApi({ PROMOTED_SLOTS: '0' }, api);
  buyer = await signedInUser({ name: 'Oluwaseun Adebayo-Okonkwo' });
}, 120_000);

afterAll(async () => {
  await db?.end();
  await plainApi?.close();
  await api?.close();
  await closeAdminApp();
});

const liveCount = async (where: string, params: unknown[]) =>
  Number((await db.query<{ n: string }>(`select count(*) as n from listings where status = 'active' and ${where}`, params)).rows[0]!.n);

describe('a search matching more than 10,000 listings', () => {
  it('stops counting at 10,000 and says so, instead of counting the whole market', async () => {
    expect(await liveCount('true', [])).toBeGreaterThan(10_000);
    const res = await request(api.url).get('/api/vehicles').expect(200);
    expect(res.headers['x-total-count']).toBe('10000');
    expect(res.headers['x-total-count-capped']).toBe('true');
    expect(res.headers['access-control-expose-headers']).toContain('X-Total-Count-Capped');
    expect(ordered(res.body)).toHaveLength(24);
    // Above them, the page's promoted slots: running boosts, each once, none repeated below.
    const slots = promoted(res.body);
    expect(slots).toHaveLength(2);
    expect(slots.every((v) => v.boost !== null)).toBe(true);
    expect(new Set(res.body.map((v: Found) => v.id)).size).toBe(res.body.length);
  });

  it('still serves the last page a buyer may ask for', async () => {
    const res = await request(api.url).get('/api/vehicles').query({ offset: 10_000 }).expect(200);
    expect(ordered(res.body)).toHaveLength(24);
  });

  it('counts exactly, without the cap, a search matching fewer, in every city', async () => {
    for (const location of LISTING_LOCATIONS) {
      const res = await request(api.url).get('/api/vehicles').query({ location, vehicleType: 'car', limit: 100 }).expect(200);
      expect(res.headers['x-total-count'], location).toBe(String(await liveCount(`location = $1 and vehicle_type = 'car'`, [location])));
      // The filter given in another case or spacing, as a link someone typed might.
      const typed = await request(api.url).get('/api/vehicles').query({ location: location.toLowerCase().replace(' ', '-'), vehicleType: 'car', limit: 1 }).expect(200);
      expect([typed.headers['x-total-count'], typed.headers['x-search-location']], location).toEqual([res.headers['x-total-count'], undefined]);
      expect(res.headers['x-total-count-capped'], location).toBeUndefined();
      expect(new Set(res.body.map((v: { location: string }) => v.location))).toEqual(new Set([location]));
    }
  });
});

describe('a city or kind of vehicle typed as text', () => {
  // The benchmark's descriptions never name a city: only the listing's fields say where it is.
  it('takes a city filter by the short name people use: PH, FCT, Abj, Èkó', async () => {
    for (const [short, city] of [['PH', 'Port Harcourt'], ['FCT', 'Abuja'], ['Abj', 'Abuja'], ['Èkó', 'Lagos']] as const) {
      const res = await request(api.url).get('/api/vehicles').query({ location: short, vehicleType: 'bus', limit: 1 }).expect(200);
      expect(res.headers['x-total-count'], short).toBe(String(await liveCount(`location = $1 and vehicle_type = 'bus'`, [city])));
      expect(res.body[0]?.location, short).toBe(city);
    }
  });

  it('finds every live listing of that city, for each city of the catalogue, as typed by a buyer', async () => {
    for (const location of LISTING_LOCATIONS) {
      const expected = String(await liveCount('location = $1', [location]));
      for (const typed of [location, location.toLowerCase(), `in ${location.toUpperCase()}`]) {
        const res = await request(api.url).get('/api/vehicles').query({ search: typed, limit: 100 }).expect(200);
        expect(res.headers['x-total-count'], typed).toBe(expected);
        expect(new Set(res.body.map((v: { location: string }) => v.location)), typed).toEqual(new Set([location]));
        expect([res.headers['x-search-location'], res.headers['x-search-vehicle-type']], typed).toEqual([location, undefined]);
      }
    }
  });

  it('finds the Model S for "tesla model s", not every Tesla model ("s" is an English stop word)', async () => {
    const res = await request(api.url).get('/api/vehicles').query({ search: 'tesla model s', limit: 100 }).expect(200);
    expect(res.headers['x-total-count']).toBe(String(await liveCount(
      `model = 'Model S' and search_vector @@ websearch_to_tsquery('english', 'tesla model s')`, [])));
    expect(res.body.length).toBeGreaterThan(0);
    expect(new Set(res.body.map((v: { model: string }) => v.model))).toEqual(new Set(['Model S']));
  });

  it('finds the Model S matches in the words\' index, not by reading every Tesla "model" match from the table', async () => {
    const { sql, params } = buildCountSql({ search: 'tesla model s', sort: 'default', limit: 24, offset: 0 }, 'words');
    await db.query('begin');
    try {
      await db.query('set local enable_seqscan = off');
      const plan = JSON.stringify((await db.query(`explain (format json) ${sql}`, params)).rows[0]);
      // At a million listings: 19,182 table pages read for the Model S among 61,028 Tesla "model" matches, 98 ms; 8,561 pages, 27-34 ms.
      expect(plan).toMatch(/"Index Cond":"\(\(\(?model\)?(::text)? = ANY/);
    } finally {
      await db.query('rollback');
    }
  });

  it('finds a model typed without its hyphen or dot: "f150", "ipace", "id4", "q4 etron"', async () => {
    for (const [typed, model] of [['ford f150', 'F-150 Lightning'], ['ipace', 'I-PACE'], ['vw id4', 'ID.4'], ['q4 etron', 'Q4 e-tron']] as const) {
      const res = await request(api.url).get('/api/vehicles').query({ search: typed, limit: 100 }).expect(200);
      expect(Number(res.headers['x-total-count']), typed).toBe(Math.min(10_000, await liveCount('model = $1', [model])));
      expect(new Set(res.body.map((v: { model: string }) => v.model)), typed).toEqual(new Set([model]));
    }
  });

  it('says which words were left, so the same search can be asked across Nigeria', async () => {
    const teslas = await request(api.url).get('/api/vehicles').query({ search: 'Tesla Model 3 in Port Harcourt', limit: 1 }).expect(200);
    expect(teslas.headers['x-search-words']).toBe('Tesla%20Model%203');
    expect(teslas.headers['access-control-expose-headers']).toContain('X-Search-Words');
    const everywhere = await request(api.url).get('/api/vehicles').query({ search: 'Tesla Model 3', limit: 1 }).expect(200);
    expect(everywhere.headers['x-search-location']).toBeUndefined();
    expect(everywhere.headers['x-search-words']).toBeUndefined();
    expect(Number(everywhere.headers['x-total-count'])).toBeGreaterThan(Number(teslas.headers['x-total-count']));
    // Words no header can carry as typed, and nothing left once the city and kind were read.
    const accented = await request(api.url).get('/api/vehicles').query({ search: 'Nissan Léaf 日産 Ìbàdàn', limit: 1 }).expect(200);
    expect([accented.headers['x-search-location'], decodeURIComponent(accented.headers['x-search-words'] ?? '')]).toEqual(['Ibadan', 'Nissan Léaf 日産']);
    const buses = await request(api.url).get('/api/vehicles').query({ search: 'buses in Benin City', limit: 1 }).expect(200);
    expect(buses.headers['x-search-words']).toBe('');
  });

  it('searches the rest of the text within that city and kind', async () => {
    const teslas = await request(api.url).get('/api/vehicles').query({ search: 'tesla model 3 port harcourt', limit: 100 }).expect(200);
    expect(teslas.headers['x-total-count']).toBe(String(await liveCount(
      `location = 'Port Harcourt' and search_vector @@ websearch_to_tsquery('english', 'tesla model 3')`, [])));
    expect(teslas.body.length).toBeGreaterThan(0);
    for (const v of teslas.body as { brand: string; model: string; location: string }[]) expect([v.brand, v.model, v.location]).toEqual(['Tesla', 'Model 3', 'Port Harcourt']);
    // "Electric" says nothing on a market of electric vehicles, and "PH" is Port Harcourt.
    for (const [typed, where] of [['electric cars', `vehicle_type = 'car'`], ['EV in PH', `location = 'Port Harcourt'`], ['tesla abj', `location = 'Abuja' and brand = 'Tesla'`]] as const) {
      const res = await request(api.url).get('/api/vehicles').query({ search: typed, limit: 1 }).expect(200);
      expect(res.headers['x-total-count'], typed).toBe(String(Math.min(10_000, await liveCount(where, []))));
    }
    const buses = await request(api.url).get('/api/vehicles').query({ search: 'buses in Benin City', sort: 'price_asc', limit: 100 }).expect(200);
    expect(buses.headers['x-total-count']).toBe(String(await liveCount(`location = 'Benin City' and vehicle_type = 'bus'`, [])));
    expect(buses.body.length).toBeGreaterThan(0);
    expect([buses.headers['x-search-location'], buses.headers['x-search-vehicle-type']]).toEqual(['Benin City', 'bus']);
    // Filters given are not "read from the text": a city the Location filter names, and the words of another city.
    for (const query of [{ search: 'buses in Benin City', location: 'Benin City' }, { search: 'tesla lagos', location: 'Abuja' }]) {
      const given = await request(api.url).get('/api/vehicles').query(query).expect(200);
      expect(given.headers['x-search-location'], query.search).toBeUndefined();
    }
    // Below the slots, every one by price, boosted or not.
    const byPrice = ordered(buses.body as Found[]).map((v) => v.price);
    expect(byPrice.length).toBeGreaterThan(0);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
  });
});

describe('caching a public search', () => {
  it('lets a proxy keep a visitor\'s answer a few seconds, and answers 304 to its ETag', async () => {
    const first = await request(api.url).get('/api/vehicles').query({ location: 'Port Harcourt', brand: 'Hyundai' }).expect(200);
    expect(first.headers['cache-control']).toBe(PUBLIC_SEARCH_CACHE);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(first.headers.vary).toContain('Authorization');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await request(api.url).get('/api/vehicles').query({ location: 'Port Harcourt', brand: 'Hyundai' }).set('If-None-Match', etag).expect(304);
    expect(again.text ?? '').toBe('');
    const other = await request(api.url).get('/api/vehicles').query({ location: 'Benin City', brand: 'Hyundai' }).set('If-None-Match', etag).expect(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('answers anew once a listing on the page changes', async () => {
    const query = { location: 'Abuja', sort: 'price_desc' };
    const first = await request(api.url).get('/api/vehicles').query(query).expect(200);
    const dearest = ordered(first.body)[0]!;
    await db.query('update listings set price = price + 10000 where id = $1', [dearest.id]);
    // Totals are kept a few seconds; the page itself is read fresh every time.
    const after = await request(api.url).get('/api/vehicles').query(query).set('If-None-Match', first.headers.etag as string).expect(200);
    expect(ordered(after.body)[0]).toMatchObject({ id: dearest.id, price: dearest.price + 10_000 });
  });

  it('keeps a signed-in buyer\'s answer out of every shared cache', async () => {
    const res = await request(api.url).get('/api/vehicles').set('Authorization', `Bearer ${buyer.token}`).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-total-count-capped']).toBe('true');
  });
});

interface Found { id: number; boost: { tier: number } | null; isPromoted: boolean; price: number; mileage: number; year: number; createdAt: string }

const found = ({ id, boost, isPromoted, price, mileage, year, createdAt }: Found): Found => ({ id, boost, isPromoted, price, mileage, year, createdAt });
/** The listings of a page at their place in the order, and those in its promoted slots. */
const ordered = (page: Found[]) => page.filter((v) => !v.isPromoted);
const promoted = (page: Found[]) => page.filter((v) => v.isPromoted);

/**
 * Scrolls a search to its end with the cursors the API hands out, as the storefront's infinite scroll
 * does: the listings of the order, and every page whole (its slots first).
 */
async function scrollByCursor(url: string, query: Record<string, string | number>, limit: number) {
  const listed: Found[] = [];
  const pages: Found[][] = [];
  let cursor: string | undefined;
  do {
    const res = await request(url).get('/api/vehicles').query({ ...query, limit, ...(cursor ? { cursor } : {}) }).expect(200);
    const page = (res.body as Found[]).map(found);
    listed.push(...ordered(page));
    pages.push(page);
    cursor = res.headers['x-next-cursor'] as string | undefined;
  } while (cursor && pages.length < 200);
  return { listed, pages };
}

async function pagesByOffset(url: string, query: Record<string, string | number>, limit: number, until: number) {
  const listed: Found[] = [];
  for (let offset = 0; offset < until; offset += limit) {
    const res = await request(url).get('/api/vehicles').query({ ...query, limit, offset }).expect(200);
    listed.push(...ordered((res.body as Found[]).map(found)));
  }
  return listed;
}

/** Whether listings follow a sort's order: its key, then the id in the same direction. */
function inOrder(listings: Found[], sort: string): boolean {
  const [field, dir] = ({
    default: ['createdAt', -1], newest: ['createdAt', -1], oldest: ['createdAt', 1], price_desc: ['price', -1], price_asc: ['price', 1],
    mileage_desc: ['mileage', -1], mileage_asc: ['mileage', 1], year_desc: ['year', -1], year_asc: ['year', 1],
  } as Record<string, [keyof Found, number]>)[sort]!;
  const key = (v: Found) => (field === 'createdAt' ? Date.parse(v.createdAt) : (v[field] as number));
  return listings.every((v, i) => {
    const prev = listings[i - 1];
    if (!prev) return true;
    const step = key(v) === key(prev) ? v.id - prev.id : key(v) - key(prev);
    return step * dir > 0;
  });
}

describe('scrolling a search with cursors (keyset paging)', () => {
  it('shows every match of "Port Harcourt" once, in exactly the chosen order, boosts at their own place, for every sort', async () => {
    const sorts = ['default', 'newest', 'oldest', 'price_desc', 'price_asc', 'mileage_desc', 'mileage_asc', 'year_desc', 'year_asc'];
    const total = await liveCount(`location = 'Port Harcourt'`, []);
    expect(total).toBeGreaterThan(100);
    for (const sort of sorts) {
      const query = { location: 'Port Harcourt', sort };
      // The API without slots: the order alone.
      const { listed } = await scrollByCursor(plainApi.url, query, 48);
      expect(listed.length, sort).toBe(total);
      expect(new Set(listed.map((v) => v.id)).size, sort).toBe(total);
      expect(listed, sort).toEqual(await pagesByOffset(plainApi.url, query, 48, total));
      expect(inOrder(listed, sort), sort).toBe(true);
      // The boosted listings stand in it at their own place, not before it.
      expect(listed.filter((v) => v.boost !== null).length, sort).toBeGreaterThan(2);
      expect(listed.slice(0, 5).every((v) => v.boost !== null), sort).toBe(false);
    }
  });

  it('adds two promoted slots to every page, drawn among the search\'s running boosts, and leaves the order below them as it is', async () => {
    const boosted = new Set((await db.query<{ id: number }>(
      `select id from listings where status = 'active' and location = 'Port Harcourt' and boost_tier > 0 and boosted_until > now()`)).rows.map((r) => r.id));
    expect(boosted.size).toBeGreaterThan(2);
    for (const sort of ['default', 'price_asc', 'mileage_desc']) {
      const query = { location: 'Port Harcourt', sort };
      const { pages } = await scrollByCursor(api.url, query, 48);
      const { pages: plainPages } = await scrollByCursor(plainApi.url, query, 48);
      expect(pages.length, sort).toBe(plainPages.length);
      pages.forEach((page, i) => {
        const slots = promoted(page);
        expect(slots.map((v) => boosted.has(v.id)), `${sort} page ${i}`).toEqual([true, true]);
        expect(new Set(slots.map((v) => v.id)).size, `${sort} page ${i}`).toBe(2);
        // Below the slots: the page of the order, less the listings a slot already shows.
        const inSlots = new Set(slots.map((v) => v.id));
        expect(ordered(page).map((v) => v.id), `${sort} page ${i}`).toEqual(plainPages[i]!.map((v) => v.id).filter((id) => !inSlots.has(id)));
      });
      // The draw is fresh on every page: the slots do not show the same two boosts page after page.
      expect(new Set(pages.flatMap((page) => promoted(page).map((v) => v.id))).size, sort).toBeGreaterThan(2);
    }
  });

  it('goes as deep as offsets may and no further, and its deepest page is the offset\'s', async () => {
    expect(await liveCount('true', [])).toBeGreaterThan(10_100);
    const { listed } = await scrollByCursor(plainApi.url, {}, 100);
    expect(listed).toHaveLength(10_100);
    expect(new Set(listed.map((v) => v.id)).size).toBe(10_100);
    const deepest = await request(plainApi.url).get('/api/vehicles').query({ limit: 100, offset: 10_000 }).expect(200);
    expect(listed.slice(10_000).map((v) => v.id)).toEqual(deepest.body.map((v: Found) => v.id));
  });

  it('continues right after the last listing shown when a new listing arrives at the top meanwhile (an offset would repeat one)', async () => {
    const query = { location: 'Kano', sort: 'newest', limit: 24 };
    const first = await request(plainApi.url).get('/api/vehicles').query(query).expect(200);
    const cursor = first.headers['x-next-cursor'] as string;
    const second = await request(plainApi.url).get('/api/vehicles').query({ ...query, cursor }).expect(200);

    const seller = await signedInUser({ name: 'Abdulrahman Musa-Ibrahim' });
    const admin = await signedInAs(api.staffEmails.admin);
    // Through the API that answered the pages, so what it keeps of the search is cleared at once.
    const submitted = await request(plainApi.url).post('/api/vehicles').set('Authorization', `Bearer ${seller.token}`)
      .send(await listingBy(plainApi.url, seller.token, { title: '2025 BYD Seal Excellence AWD, one owner', brand: 'BYD', model: 'Seal', location: 'Kano', price: 64_500_000 }))
      .expect(201);
    await request(plainApi.url).post(`/api/admin/vehicles/${submitted.body.id}/approve`).set('Authorization', `Bearer ${admin.token}`).expect(200);
    // Newest first, whether boosted or not: the new one.
    const top = await request(plainApi.url).get('/api/vehicles').query(query).expect(200);
    expect(top.body[0].id).toBe(submitted.body.id);

    const byCursor = await request(plainApi.url).get('/api/vehicles').query({ ...query, cursor }).expect(200);
    expect(byCursor.body.map((v: Found) => v.id)).toEqual(second.body.map((v: Found) => v.id));
    const byOffset = await request(plainApi.url).get('/api/vehicles').query({ ...query, offset: 24 }).expect(200);
    expect(byOffset.body[0].id).toBe(first.body.at(-1).id);
  });

  it('leaves out a listing taken down since its search was kept, and scrolls on past it', async () => {
    const query = { location: 'Jos', sort: 'price_asc' };
    const { listed: before } = await scrollByCursor(plainApi.url, query, 24);
    const gone = before[30]!.id;
    await db.query(`update listings set status = 'rejected' where id = $1`, [gone]);
    const { listed: after } = await scrollByCursor(plainApi.url, query, 24);
    expect(after.map((v) => v.id)).toEqual(before.map((v) => v.id).filter((id) => id !== gone));
  });

  it('ends a short search with no cursor at all', async () => {
    const res = await request(api.url).get('/api/vehicles').query({ location: 'Port Harcourt', brand: 'Hyundai', vehicleType: 'motorcycle', limit: 100 }).expect(200);
    expect(res.body.length).toBeLessThan(100);
    expect(res.headers['x-next-cursor']).toBeUndefined();
    expect(res.headers['access-control-expose-headers']).toContain('X-Next-Cursor');
  });

  it('refuses, field by field and changing nothing, a cursor it did not make or one used out of place', async () => {
    const token = (parts: unknown) => Buffer.from(typeof parts === 'string' ? parts : JSON.stringify(parts)).toString('base64url');
    const first = await request(api.url).get('/api/vehicles').query({ sort: 'price_asc' }).expect(200);
    const cursor = first.headers['x-next-cursor'] as string;
    const everything = searchFingerprint({});
    const refused: [Record<string, unknown>, RegExp][] = [
      [{ cursor: 'not a cursor!' }, /cursor/],
      [{ cursor: token('{"shown": 24') }, /not one this search gave/],
      [{ cursor: token(['price_asc', 24, everything, '1e99', 5]) }, /not one this search gave/],
      [{ cursor: token(['price_asc', 24, everything, '100', 0]) }, /not one this search gave/],
      [{ cursor: token(['price_asc', 10_001, everything]), sort: 'price_asc' }, /cannot go past 10000/],
      [{ cursor: token(['cheapest', 24, everything]) }, /not one this search gave/],
      [{ cursor: token(['price_asc', -1, everything]) }, /not one this search gave/],
      [{ cursor: token(['price_asc', 24, 'DROP TABLE']) }, /not one this search gave/],
      [{ cursor: token(['price_asc', 24]) }, /not one this search gave/],
      [{ cursor, sort: 'newest' }, /another sort order/],
      [{ cursor, sort: 'price_asc', offset: 24 }, /either cursor or offset/],
      // The unfiltered list's cursor in Lagos would skip Lagos listings it never showed.
      [{ cursor, sort: 'price_asc', location: 'Lagos' }, /another search/],
      [{ cursor, sort: 'price_asc', search: 'tesla' }, /another search/],
    ];
    for (const [query, message] of refused) {
      const res = await request(api.url).get('/api/vehicles').query(query).expect(400);
      expect(res.body.error.details, JSON.stringify(query)).toEqual([expect.objectContaining({ field: 'cursor', message: expect.stringMatching(message) })]);
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts|select /);
    }
  });

  it('takes any well-formed position, however far, without an error', async () => {
    const token = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    for (const sort of ['newest', 'oldest', 'price_asc', 'price_desc', 'year_asc']) {
      for (const key of ['9999999999999999', '-9999999999999999', '0']) {
        const res = await request(api.url).get('/api/vehicles').query({ sort, cursor: token([sort, 500, searchFingerprint({}), key, 2_147_483_647]) }).expect(200);
        expect(Array.isArray(res.body), `${sort} ${key}`).toBe(true);
      }
    }
  });
});

describe('free text as buyers type it', () => {
  const found = async (search: string, query: Record<string, string> = {}) => {
    const res = await request(api.url).get('/api/vehicles').query({ search, limit: 100, ...query }).expect(200);
    return { total: Number(res.headers['x-total-count']), models: new Set(res.body.map((v: { brand: string; model: string }) => `${v.brand} ${v.model}`)) };
  };

  it('splits words typed without their spaces into the catalogue\'s', async () => {
    for (const [typed, brand, model] of [['ioniq5', 'Hyundai', 'IONIQ 5'], ['teslamodel3', 'Tesla', 'Model 3'], ['nissanleaf', 'Nissan', 'Leaf'], ['bydatto3', 'BYD', 'Atto 3']] as const) {
      const { total, models } = await found(typed);
      expect(total, typed).toBe(await liveCount('brand = $1 and model = $2', [brand, model]));
      expect(models, typed).toEqual(new Set([`${brand} ${model}`]));
    }
  });

  it('reads a city or kind typed with a typo once corrected: "lightening truk", "lagso tesla"', async () => {
    const trucks = await found('lightening truk');
    expect(trucks.total).toBe(await liveCount(`model = 'F-150 Lightning'`, []));
    expect(trucks.models).toEqual(new Set(['Ford F-150 Lightning']));
    const res = await request(api.url).get('/api/vehicles').query({ search: 'lagso tesla', limit: 100 }).expect(200);
    expect([res.headers['x-total-count'], res.headers['x-search-location'], res.headers['x-search-words']]).toEqual([
      String(Math.min(10_000, await liveCount(`brand = 'Tesla' and location = 'Lagos'`, []))), 'Lagos', 'tesla',
    ]);
  });

  it('searches the words some listing has when another is in none, within the other filters', async () => {
    const blue = await found('tesla model 3 blue', { location: 'Port Harcourt' });
    expect(blue.total).toBe(await liveCount(`brand = 'Tesla' and model = 'Model 3' and location = 'Port Harcourt'`, []));
    expect(blue.total).toBeGreaterThan(0);
    expect(blue.models).toEqual(new Set(['Tesla Model 3']));
    const car = await found('🚗 nissan leaf');
    expect(car.total).toBe(await liveCount(`brand = 'Nissan' and model = 'Leaf'`, []));
  });

  it('finds nothing, at once, for symbols, lone letters, or words never found together', async () => {
    for (const typed of ['!!', '🚗', 'a', 'x y', '#%_', 'nissan dolphin']) expect((await found(typed)).total, typed).toBe(0);
  });
});
