import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, lagosDay } from '@voltmarket/domain';
import { closeAdminApp, liveListing, listingBy, signedInAs, signedInUser, startTestApi, type TestApi, uploadedPhoto } from '../support/harness.js';

/**
 * Seller Insights and the staff's Analytics over HTTP, against the real API and Postgres: views of 200
 * viewers at once, a save, an inquiry (which opens a chat), a boost bought in the sandbox checkout,
 * the comparison with similar listings, who may read what, and bad input on every route.
 */
let api: TestApi;
type Account = { uid: string; token: string; email: string };
let seller: Account;
let rival: Account;
let buyer: Account;
let admin: Account;
let support: Account;
let listing: number;
let pending: number;
let leaf: number;
const similar: number[] = [];

const auth = (a: { token: string }) => ({ Authorization: `Bearer ${a.token}` });
const today = () => lagosDay(new Date());
const insights = (id: number | string, who?: { token: string }) => {
  const req = request(api.url).get(`/api/vehicles/${id}/insights`);
  return who ? req.set(auth(who)) : req;
};

/** Buys a boost in the sandbox checkout, as a seller's browser would. */
async function buyBoost(listingId: number, packageType: string): Promise<void> {
  const started = await request(api.url).post('/api/advertising/purchase').set(auth(seller))
    .send({ vehicleId: listingId, packageType, paymentMethod: 'card', email: seller.email }).expect(201);
  const paymentUrl = started.body.payment_url as string;
  await request(paymentUrl).get('').expect(200);
  const code = new URL(paymentUrl).pathname.split('/').pop()!;
  const done = await request(api.url).post(`/sandbox/paystack/checkout/${code}/pay`).expect(303);
  const callback = new URL(done.headers.location!);
  await request(api.url).get(`${callback.pathname}${callback.search}`).expect(302);
}

beforeAll(async () => {
  api = await startTestApi();
  [admin, support, seller, rival, buyer] = await Promise.all([
    signedInAs(api.staffEmails.admin), signedInAs(api.staffEmails.support),
    signedInUser({ name: 'Ada Okafor' }), signedInUser({ name: 'Bola Ade' }), signedInUser({ name: 'Chidi Eze' }),
  ]);
  const photo = [await uploadedPhoto(api.url, seller.token)];
  listing = await liveListing(api.url, seller.token, admin.token, { imageUrls: photo });
  leaf = await liveListing(api.url, seller.token, admin.token, { title: '2019 Nissan Leaf SV', brand: 'Nissan', model: 'Leaf', year: 2019, price: 8_000_000, imageUrls: photo });
  const rivalPhoto = [await uploadedPhoto(api.url, rival.token)];
  for (let i = 0; i < 5; i++) similar.push(await liveListing(api.url, rival.token, admin.token, { imageUrls: rivalPhoto, price: 36_000_000 + i * 1_000_000 }));
  const created = await request(api.url).post('/api/vehicles').set(auth(seller)).send(await listingBy(api.url, seller.token, { title: '2023 Kia EV6 GT-Line' }));
  expect(created.status).toBe(201);
  pending = created.body.id as number;
}, 120_000);

afterAll(async () => {
  await api?.close();
  await closeAdminApp();
});

describe('counting views', () => {
  it('loses none when 200 viewers open a listing at once, and counts each once a day', async () => {
    const view = (i: number) => request(api.url).get(`/api/vehicles/${listing}`).set('X-Forwarded-For', `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`).expect(200);
    await Promise.all(Array.from({ length: 200 }, (_, i) => view(i)));
    // The same 200 again, the seller's own visits, and staff reading it: no more views.
    await Promise.all(Array.from({ length: 200 }, (_, i) => view(i)));
    await request(api.url).get(`/api/vehicles/${listing}`).set(auth(seller)).expect(200);
    await api.flushCounters();
    const page = await request(api.url).get(`/api/vehicles/${listing}`).set(auth(seller)).expect(200);
    expect(page.body.views).toBe(200);
    const res = await insights(listing, seller).expect(200);
    expect(res.body.days.at(-1)).toMatchObject({ day: today(), views: 200 });
    expect(res.body.totals.views).toBe(200);
  });
});

describe("a listing's insights", () => {
  it('counts saves, inquiries and the chats they open, and draws the boosts bought', async () => {
    await request(api.url).post('/api/wishlist').set(auth(buyer)).send({ vehicleId: listing }).expect(201);
    // Saving again changes nothing, so it is not a second save.
    await request(api.url).post('/api/wishlist').set(auth(buyer)).send({ vehicleId: listing });
    await request(api.url).post('/api/inquiries').set(auth(buyer))
      .send({ vehicleId: listing, buyerName: 'Chidi Eze', buyerEmail: buyer.email, buyerPhone: '0803 555 1234', message: 'Is the battery warranty still valid?' }).expect(201);
    await buyBoost(listing, 'basic');
    await api.flushCounters();

    const res = await insights(listing, seller).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ listingId: listing, title: '2022 Hyundai IONIQ 5', from: addDays(today(), -29), to: today() });
    expect(res.body.days).toHaveLength(30);
    expect(res.body.days.slice(0, 29).every((d: Record<string, number>) => d.views === 0 && d.saves === 0)).toBe(true);
    expect(res.body.totals).toMatchObject({ views: 200, saves: 1, inquiries: 1, chats: 1, rentalRequests: 0 });
    expect(res.body.boosts).toEqual([{
      packageType: 'basic', packageName: 'Basic Boost', tier: 1, status: 'active', startsAt: expect.any(String), endsAt: expect.any(String),
    }]);
    const [boost] = res.body.boosts as { startsAt: string; endsAt: string }[];
    expect(Date.parse(boost!.endsAt) - Date.parse(boost!.startsAt)).toBe(7 * 86_400_000);
  });

  it('compares with the median of five or more other live listings of the model, and says nothing below five', async () => {
    // Three of the five similar listings have one viewer each: the median is 1.
    for (const id of similar.slice(0, 3)) await request(api.url).get(`/api/vehicles/${id}`).set('X-Forwarded-For', '10.9.9.9').expect(200);
    await api.flushCounters();
    expect((await insights(listing, seller).expect(200)).body.similar).toEqual({
      brand: 'Hyundai', model: 'IONIQ 5', sampleSize: 5, medianViews: 1, medianInquiries: 0,
    });
    // The rival's listing is compared with the four others and the seller's: six listings, five others.
    expect((await insights(similar[0]!, rival).expect(200)).body.similar).toMatchObject({ sampleSize: 5, medianViews: 1 });
    expect((await insights(leaf, seller).expect(200)).body.similar).toBeNull();
  });

  it('is for the seller and staff only: 401 signed out, 403 for others, 404 where the listing is not theirs to see', async () => {
    await insights(listing).expect(401);
    expect((await insights(listing, buyer).expect(403)).body.error.code).toBe('NOT_LISTING_OWNER');
    await insights(listing, rival).expect(403);
    await insights(listing, support).expect(200);
    await insights(listing, admin).expect(200);
    // A listing still under review: its seller and staff see it, nobody else learns it exists.
    await insights(pending, seller).expect(200);
    await insights(pending, support).expect(200);
    expect((await insights(pending, buyer).expect(404)).body.error.code).toBe('LISTING_NOT_FOUND');
    await insights(2_000_000_000, seller).expect(404);
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])('refuses the id %s with a 400 naming it', async (id) => {
    const res = await insights(id, seller).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details[0].field).toMatch(/id/);
  });
});

describe("the staff's analytics", () => {
  /** Waits for the roll-up job to count what the tests did (it runs every 10 minutes, and when asked). */
  async function figuresOnceCounted(query: string): Promise<request.Response> {
    await api.flushCounters();
    await api.jobs.runNow('analytics-rollup');
    const until = Date.now() + 20_000;
    for (;;) {
      const res = await request(api.url).get(`/api/admin/analytics?${query}`).set(auth(support)).expect(200);
      if (res.body.totals.saves >= 1 && res.body.totals.views >= 203 || Date.now() > until) return res;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it('gives the figures per day from the same counters and facts', async () => {
    const res = await figuresOnceCounted('interval=day');
    expect(res.body).toMatchObject({ from: addDays(today(), -29), to: today(), interval: 'day', updatedAt: expect.any(String) });
    expect(res.body.buckets).toHaveLength(30);
    // Eight listings submitted (one waits for review), seven approved, one seller and a rival active (by listing).
    expect(res.body.totals).toEqual({
      newListings: 8, approvals: 7, rejections: 0, activeSellers: 2, messages: 1, inquiries: 1, chats: 1, rentalRequests: 0,
      adRevenue: 5_000, adSales: 1, views: 203, saves: 1,
    });
    expect(res.body.buckets.at(-1)).toEqual({ from: today(), to: today(), ...res.body.totals });
  });

  it('groups by week and month, cut to the range', async () => {
    await figuresOnceCounted('interval=day');
    const from = addDays(today(), -40);
    const weeks = await request(api.url).get(`/api/admin/analytics?from=${from}&to=${today()}&interval=week`).set(auth(admin)).expect(200);
    expect(weeks.body.buckets[0].from).toBe(from);
    expect(weeks.body.buckets.at(-1).to).toBe(today());
    expect(weeks.body.buckets.length).toBeGreaterThanOrEqual(6);
    expect(weeks.body.buckets.at(-1)).toMatchObject({ newListings: 8, adRevenue: 5_000 });
    const months = await request(api.url).get(`/api/admin/analytics?from=${from}&to=${today()}&interval=month`).set(auth(admin)).expect(200);
    expect(months.body.buckets.length).toBeGreaterThanOrEqual(2);
    expect(months.body.totals).toEqual(weeks.body.totals);
  });

  it('exports the same figures as CSV, a row per period and a row of totals', async () => {
    await figuresOnceCounted('interval=day');
    const res = await request(api.url).get(`/api/admin/analytics/export?from=${addDays(today(), -6)}&to=${today()}&interval=day`).set(auth(support)).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="voltmarket-analytics-${addDays(today(), -6)}-to-${today()}-by-day.csv"`);
    const lines = res.text.replace(/^\uFEFF/, () => '').trim().split('\r\n');
    expect(lines[0]).toBe('period,from,to,new_listings,approvals,rejections,active_sellers,messages,inquiries,chats_started,rental_requests,ad_revenue_naira,ad_sales,views,saves');
    expect(lines).toHaveLength(1 + 7 + 1);
    expect(lines.at(-2)).toBe(`day,${today()},${today()},8,7,0,2,1,1,1,0,5000,1,203,1`);
    expect(lines.at(-1)).toBe(`total,${addDays(today(), -6)},${today()},8,7,0,2,1,1,1,0,5000,1,203,1`);
  });

  it('is for staff only: 401 signed out, 403 for anyone else', async () => {
    for (const path of ['/api/admin/analytics', '/api/admin/analytics/export']) {
      await request(api.url).get(path).expect(401);
      expect((await request(api.url).get(path).set(auth(buyer)).expect(403)).body.error.code).toBe('STAFF_ONLY');
      await request(api.url).get(path).set(auth(seller)).expect(403);
      await request(api.url).get(path).set(auth(support)).expect(200);
      await request(api.url).get(path).set(auth(admin)).expect(200);
    }
  });

  const fieldsOf = (res: request.Response) =>
    [...new Set((res.body.error.details as { field: string }[]).map((d) => d.field.replace(/^query\./, '')))].sort();

  it.each([
    ['from=2026-13-01', ['from']],
    ['from=2026-02-30', ['from']],
    ['to=yesterday', ['to']],
    ['interval=year', ['interval']],
    ['interval=day&interval=week', ['interval']],
    ['from=20261201', ['from']],
    ['unknown=1', ['unknown']],
  ])('refuses ?%s with a 400 naming each field, as JSON and as CSV', async (query, fields) => {
    for (const path of ['/api/admin/analytics', '/api/admin/analytics/export']) {
      const res = await request(api.url).get(`${path}?${query}`).set(auth(admin)).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(fieldsOf(res)).toEqual(fields);
    }
  });

  it('refuses a range backwards, longer than a year, in the future or older than the 400 days kept', async () => {
    const cases: [string, string][] = [
      [`from=${today()}&to=${addDays(today(), -1)}`, 'from must be on or before to'],
      [`from=${addDays(today(), -366)}&to=${today()}`, 'A range covers at most 366 days'],
      [`to=${addDays(today(), 1)}`, `to cannot be after today (${today()} in Lagos)`],
      [`from=${addDays(today(), -400)}&to=${addDays(today(), -300)}`, `Figures are kept for 400 days: from must be ${addDays(today(), -399)} or later`],
    ];
    for (const [query, message] of cases) {
      for (const path of ['/api/admin/analytics', '/api/admin/analytics/export']) {
        const res = await request(api.url).get(`${path}?${query}`).set(auth(support)).expect(400);
        expect(res.body.error.details).toEqual([{ field: expect.stringMatching(/^(from|to)$/), message }]);
      }
    }
    await request(api.url).get(`/api/admin/analytics?from=${addDays(today(), -365)}&to=${today()}&interval=month`).set(auth(support)).expect(200);
  });
});
