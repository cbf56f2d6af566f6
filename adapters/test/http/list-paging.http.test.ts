import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

/**
 * The public API's one paging model (decision 0022), list by list against the real API and
 * Postgres: limit, then the X-Next-Cursor sent back as cursor until it stops coming, every row once,
 * in the list's order, with the total in X-Total-Count; a cursor only continues the list it came from.
 */
type Person = { uid: string; token: string; email: string };
let api: TestApi;
let seller: Person;
let admin: Person;
let buyer: Person;
const ids: number[] = [];

const auth = (p: Person) => ({ Authorization: `Bearer ${p.token}` });

/** Every page of a list, walked by cursor: the ids in the order they came, and the headers of each page. */
async function walk(path: string, query: Record<string, unknown>, who?: Person) {
  const seen: number[] = [];
  const totals: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 20; pages += 1) {
    const req = request(api.url).get(path).query({ ...query, ...(cursor ? { cursor } : {}) });
    const res = await (who ? req.set(auth(who)) : req).expect(200);
    const rows = (Array.isArray(res.body) ? res.body : res.body.items) as { id: number }[];
    seen.push(...rows.map((r) => r.id));
    totals.push(res.headers['x-total-count'] as string);
    expect(res.headers['access-control-expose-headers']).toContain('X-Next-Cursor');
    cursor = res.headers['x-next-cursor'] as string | undefined;
    if (!cursor) return { seen, totals, pages: pages + 1 };
  }
  throw new Error(`${path} never stopped giving a next cursor`);
}

beforeAll(async () => {
  api = await startTestApi();
  admin = await signedInAs(api.staffEmails.admin);
  seller = await signedInUser({ name: 'Oluwaseun Adebayo-Williams' });
  buyer = await signedInUser({ name: 'Ngozi Eze' });
  const cars = [
    { title: '2022 Hyundai IONIQ 5 Long Range', brand: 'Hyundai', model: 'IONIQ 5', location: 'Lagos', price: 38_500_000 },
    { title: '2021 Nissan Leaf SV Plus', brand: 'Nissan', model: 'Leaf', location: 'Port Harcourt', price: 14_500_000 },
    { title: '2023 Kia EV6 GT-Line', brand: 'Kia', model: 'EV6', location: 'Abuja', price: 61_000_000 },
    { title: '2020 Tesla Model 3 Standard Range', brand: 'Tesla', model: 'Model 3', location: 'Kano', price: 29_000_000 },
    { title: '2024 BYD Atto 3 Extended', brand: 'BYD', model: 'Atto 3', location: 'Ibadan', price: 33_000_000, isRentalAvailable: true, dailyRentalRate: 28_000 },
  ];
  for (const car of cars) ids.push(await liveListing(api.url, seller.token, admin.token, car));
}, 120_000);
afterAll(async () => {
  await api?.close();
  await closeAdminApp();
});

describe('a list walked by cursor', () => {
  it("gives a seller's listings once each, in the chosen order, with the total on every page", async () => {
    const byPrice = await walk(`/api/sellers/${seller.uid}/listings`, { sort: 'price_asc', limit: 2 });
    expect(byPrice.pages).toBe(3);
    expect(byPrice.totals).toEqual(['5', '5', '5']);
    expect(byPrice.seen).toEqual([ids[1], ids[3], ids[4], ids[0], ids[2]]);
    const whole = await request(api.url).get(`/api/sellers/${seller.uid}/listings`).query({ limit: 48 }).expect(200);
    expect(whole.headers['x-next-cursor']).toBeUndefined();
  });

  it("pages the seller's own listings only when asked; without limit the whole list comes at once", async () => {
    const all = await request(api.url).get('/api/vehicles/my-listings').set(auth(seller)).expect(200);
    expect(all.body).toHaveLength(5);
    expect(all.headers['x-next-cursor']).toBeUndefined();
    const walked = await walk('/api/vehicles/my-listings', { limit: 2 }, seller);
    expect(walked.seen).toEqual(all.body.map((l: { id: number }) => l.id));
    expect(walked.totals).toEqual(['5', '5', '5']);
  });

  it('pages rental vehicles and reviews the same way', async () => {
    const rentals = await walk('/api/rentals/vehicles', { limit: 1, location: 'ibadan' });
    expect(rentals).toMatchObject({ seen: [ids[4]], totals: ['1'], pages: 1 });
    const reviews = await walk(`/api/users/${seller.uid}/reviews`, { limit: 5 });
    expect(reviews).toMatchObject({ seen: [], totals: ['0'], pages: 1 });
    const bookings = await walk('/api/rentals/mine', { limit: 5 }, buyer);
    expect(bookings).toMatchObject({ seen: [], totals: ['0'] });
  });

  it('continues a conversation backwards from X-Next-Cursor, as before= did', async () => {
    for (const content of ['Is the IONIQ still available?', 'Can I see it on Saturday in Lekki?', 'What is your last price?']) {
      await request(api.url).post('/api/chat/send-message').set(auth(buyer)).send({ vehicleId: ids[0], receiverId: seller.uid, content }).expect(201);
    }
    const path = `/api/chat/messages/${ids[0]}/${seller.uid}`;
    const latest = await request(api.url).get(path).query({ limit: 2 }).set(auth(buyer)).expect(200);
    expect(latest.body.messages.map((m: { content: string }) => m.content)).toEqual(['Can I see it on Saturday in Lekki?', 'What is your last price?']);
    const cursor = latest.headers['x-next-cursor'] as string;
    expect(cursor).toBe(String(latest.body.messages[0].messageId));
    const older = await request(api.url).get(path).query({ limit: 2, cursor }).set(auth(buyer)).expect(200);
    expect(older.body.messages.map((m: { content: string }) => m.content)).toEqual(['Is the IONIQ still available?']);
    expect(older.body.hasMore).toBe(false);
    expect(older.headers['x-next-cursor']).toBeUndefined();
    expect((await request(api.url).get(path).query({ limit: 2, before: cursor }).set(auth(buyer)).expect(200)).body).toEqual(older.body);
    const both = await request(api.url).get(path).query({ cursor, before: 1 }).set(auth(buyer)).expect(400);
    expect(both.body.error.details).toEqual([{ field: 'before', message: 'before is the older name of cursor: send one of them' }]);
  });
});

describe('a cursor', () => {
  it("continues only the list it came from, with the same filters, and never beside offset", async () => {
    const first = await request(api.url).get(`/api/sellers/${seller.uid}/listings`).query({ sort: 'price_asc', limit: 2 }).expect(200);
    const cursor = first.headers['x-next-cursor'] as string;
    const message = 'cursor is not one this list gave with these filters; start from the first page';
    for (const [path, query] of [
      [`/api/sellers/${seller.uid}/listings`, { sort: 'price_desc', cursor }],
      [`/api/sellers/${buyer.uid}/listings`, { sort: 'price_asc', cursor }],
      ['/api/rentals/vehicles', { cursor }],
      [`/api/sellers/${seller.uid}/listings`, { sort: 'price_asc', cursor: 'bm90LWEtY3Vyc29y' }],
      [`/api/sellers/${seller.uid}/listings`, { sort: 'price_asc', cursor: Buffer.from(JSON.stringify(['x', -1])).toString('base64url') }],
    ] as const) {
      const res = await request(api.url).get(path).query(query).expect(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'cursor', message }] });
    }
    const both = await request(api.url).get(`/api/sellers/${seller.uid}/listings`).query({ sort: 'price_asc', cursor, offset: 2 }).expect(400);
    expect(both.body.error.details).toEqual([{ field: 'cursor', message: 'Send cursor or offset, not both' }]);
    await request(api.url).get(`/api/sellers/${seller.uid}/listings`).query({ sort: 'price_asc', cursor: 'not a cursor!' }).expect(400);
  });

  it('gives the same page as the offset it stands for, so numbered pages and cursors agree', async () => {
    const first = await request(api.url).get(`/api/sellers/${seller.uid}/listings`).query({ limit: 2 }).expect(200);
    const byCursor = await request(api.url).get(`/api/sellers/${seller.uid}/listings`).query({ limit: 2, cursor: first.headers['x-next-cursor'] }).expect(200);
    const byOffset = await request(api.url).get(`/api/sellers/${seller.uid}/listings`).query({ limit: 2, offset: 2 }).expect(200);
    expect(byCursor.body).toEqual(byOffset.body);
  });
});
