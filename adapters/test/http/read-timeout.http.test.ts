import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

/**
 * A read the database cannot finish (here: the listings locked by another transaction, as a stuck
 * migration or a stalled replica would) is given up after READ_TIMEOUT_MS: the buyer hears 503 with
 * Retry-After instead of waiting, and nothing stays held once the database answers again. So is a
 * statement through the ORM (a listing's page, a seller's change) after STATEMENT_TIMEOUT_MS, and
 * the change is not made.
 */
const TIMEOUT_MS = 1_500;
const STATEMENT_TIMEOUT_MS = 700;

let api: TestApi;
let db: pg.Client;
let listingId: number;
let admin: { token: string };
let seller: { token: string };

beforeAll(async () => {
  api = await startTestApi({ READ_TIMEOUT_MS: String(TIMEOUT_MS), STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS) });
  db = new pg.Client({ connectionString: api.databaseUrl });
  await db.connect();
  [seller, admin] = await Promise.all([signedInUser({ name: 'Adaeze Okafor-Williams' }), signedInAs(api.staffEmails.admin)]);
  listingId = await liveListing(api.url, seller.token, admin.token,
    { title: '2023 Hyundai IONIQ 5 Long Range', brand: 'Hyundai', model: 'IONIQ 5', location: 'Port Harcourt', price: 48_500_000 });
}, 60_000);

afterAll(async () => {
  await db?.query('rollback').catch(() => undefined);
  await db?.end();
  await api?.close();
  await closeAdminApp();
});

/** Runs `during` while another transaction holds every lock on the listings, then lets them go. */
async function whileListingsLocked<T>(during: () => Promise<T>): Promise<T> {
  await db.query('begin');
  await db.query('lock table listings in access exclusive mode');
  try {
    return await during();
  } finally {
    await db.query('rollback');
  }
}

const searches = ['search=hyundai%20ioniq&location=Port%20Harcourt', 'location=Port%20Harcourt&sort=price_desc', 'minPrice=40000000&maxPrice=60000000'];

describe('when the database does not answer a read in time', () => {
  it('a search answers 503 with Retry-After within the limit, and finds the listing again once the database answers', async () => {
    const answers = await whileListingsLocked(() => Promise.all(searches.map(async (query) => {
      const started = performance.now();
      const res = await request(api.url).get(`/api/vehicles?${query}`);
      return { res, ms: performance.now() - started };
    })));
    for (const { res, ms } of answers) {
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Voltmarket could not answer in time. Please try again in a moment.' });
      expect(JSON.stringify(res.body)).not.toMatch(/canceling statement|listings|at .*\.js/);
      // Given up at the limit (the total and the page each wait at most TIMEOUT_MS), not at the lock's end.
      expect(ms).toBeLessThan(TIMEOUT_MS * 2 + 2_000);
    }
    // Nothing failed is remembered, and no connection or place in the search gate stays taken.
    const again = await Promise.all([...searches, ...searches].map((query) => request(api.url).get(`/api/vehicles?${query}`)));
    for (const res of again) {
      expect(res.status).toBe(200);
      expect(res.body.map((l: { id: number }) => l.id)).toEqual([listingId]);
      expect(res.headers['x-total-count']).toBe('1');
    }
  });

  it('a staff list answers 503 too, and the listing once the database answers', async () => {
    const auth = { Authorization: `Bearer ${admin.token}` };
    const res = await whileListingsLocked(() => request(api.url).get('/api/admin/vehicles?filter=%7B%22location%22%3A%22Port%20Harcourt%22%7D').set(auth));
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
    const after = await request(api.url).get('/api/admin/vehicles?filter=%7B%22location%22%3A%22Port%20Harcourt%22%7D').set(auth).expect(200);
    expect(after.body.map((l: { id: number; title: string }) => [l.id, l.title])).toEqual([[listingId, '2023 Hyundai IONIQ 5 Long Range']]);
  });
});

describe('when the database does not answer the ORM in time', () => {
  const unavailable = (res: request.Response) => {
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(JSON.stringify(res.body)).not.toMatch(/canceling statement|listings|at .*\.js/);
  };
  const timed = async (send: () => Promise<request.Response>) => {
    const started = performance.now();
    const res = await send();
    return { res, ms: performance.now() - started };
  };

  it("a listing's page answers 503 within the limit, also to those waiting for a connection, and the listing once the database answers", async () => {
    // Four times as many at once as the ORM has connections (10): the rest wait for one, and are given up at the limit too.
    const answers = await whileListingsLocked(() => Promise.all(Array.from({ length: 40 }, () => timed(() => request(api.url).get(`/api/vehicles/${listingId}`)))));
    for (const { res, ms } of answers) {
      unavailable(res);
      expect(ms).toBeLessThan(STATEMENT_TIMEOUT_MS * 2 + 2_000);
    }
    const after = await request(api.url).get(`/api/vehicles/${listingId}`).expect(200);
    expect(after.body).toMatchObject({ id: listingId, title: '2023 Hyundai IONIQ 5 Long Range', location: 'Port Harcourt' });
  });

  it("a seller's change that cannot be written in time answers 503 and changes nothing; sent again, it is made", async () => {
    const auth = { Authorization: `Bearer ${seller.token}` };
    // Only the listing's row is held: the change reads it, then waits to write it.
    await db.query('begin');
    await db.query('select id from listings where id = $1 for update', [listingId]);
    let held: { res: request.Response; ms: number };
    try {
      held = await timed(() => request(api.url).patch(`/api/vehicles/${listingId}`).set(auth).send({ price: 46_000_000 }));
    } finally {
      await db.query('rollback');
    }
    unavailable(held.res);
    expect(held.ms).toBeLessThan(STATEMENT_TIMEOUT_MS * 2 + 2_000);
    expect((await db.query<{ price: number }>('select price from listings where id = $1', [listingId])).rows[0]?.price).toBe(48_500_000);
    // Every connection the ORM lent out is back: a burst of changes and pages all answer.
    const again = await Promise.all([
      request(api.url).patch(`/api/vehicles/${listingId}`).set(auth).send({ price: 46_000_000 }),
      ...Array.from({ length: 12 }, () => request(api.url).get(`/api/vehicles/${listingId}`)),
    ]);
    expect(again.map((r) => r.status)).toEqual(Array(13).fill(200));
    expect((await db.query<{ price: number }>('select price from listings where id = $1', [listingId])).rows[0]?.price).toBe(46_000_000);
  });
});
