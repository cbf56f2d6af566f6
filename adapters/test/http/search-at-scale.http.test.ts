import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_LOCATIONS } from '@voltmarket/domain';
import { loadBenchListings } from '../../bench/bench-data.js';
import { PUBLIC_SEARCH_CACHE } from '../../src/http/routes/listing-routes.js';
import { closeAdminApp, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

/** More live listings than the search counts (10,000): the benchmark's data, every city and brand of the catalogue. */
const LISTINGS = 10_800;

let api: TestApi;
let db: pg.Client;
let buyer: { token: string };

beforeAll(async () => {
  api = await startTestApi();
  db = new pg.Client({ connectionString: api.databaseUrl });
  await db.connect();
  await loadBenchListings(db, LISTINGS);
  buyer = await signedInUser({ name: 'Oluwaseun Adebayo-Okonkwo' });
}, 120_000);

afterAll(async () => {
  await db?.end();
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
    expect(res.body).toHaveLength(24);
  });

  it('still serves the last page a buyer may ask for', async () => {
    const res = await request(api.url).get('/api/vehicles').query({ offset: 10_000 }).expect(200);
    expect(res.body).toHaveLength(24);
  });

  it('counts exactly, without the cap, a search matching fewer, in every city', async () => {
    for (const location of LISTING_LOCATIONS) {
      const res = await request(api.url).get('/api/vehicles').query({ location, vehicleType: 'car', limit: 100 }).expect(200);
      expect(res.headers['x-total-count'], location).toBe(String(await liveCount(`location = $1 and vehicle_type = 'car'`, [location])));
      expect(res.headers['x-total-count-capped'], location).toBeUndefined();
      expect(new Set(res.body.map((v: { location: string }) => v.location))).toEqual(new Set([location]));
    }
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
    await db.query('update listings set price = price + 10000 where id = $1', [first.body[0].id]);
    // Totals are kept a few seconds; the page itself is read fresh every time.
    const after = await request(api.url).get('/api/vehicles').query(query).set('If-None-Match', first.headers.etag as string).expect(200);
    expect(after.body[0].price).toBe(first.body[0].price + 10_000);
  });

  it('keeps a signed-in buyer\'s answer out of every shared cache', async () => {
    const res = await request(api.url).get('/api/vehicles').set('Authorization', `Bearer ${buyer.token}`).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-total-count-capped']).toBe('true');
  });
});
