import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi, uploadedPhoto } from '../support/harness.js';

let api: TestApi;
let seller: { token: string };
let staff: { token: string };
let photo: string[];
const ioniqIds: number[] = [];
let pendingId: number;

const M = 1_000_000;
const ioniq = (price: number, imageUrls: string[]) => ({ title: '2022 Hyundai IONIQ 5 Long Range', brand: 'Hyundai', model: 'IONIQ 5', year: 2022, price, imageUrls });

/** Waits until the market-prices job has a price for the question (or the time is up). */
async function priceOnceComputed(query: string, timeoutMs = 20_000): Promise<request.Response> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await request(api.url).get(`/api/market-prices?${query}`);
    if (res.status === 200 || Date.now() > until) return res;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  api = await startTestApi();
  staff = await signedInAs(api.staffEmails.support);
  seller = await signedInUser({ name: 'Ada Okafor' });
  photo = [await uploadedPhoto(api.url, seller.token)];
  // Seven honest asking prices and a typo (₦4M): the typo is trimmed. A pending listing does not count.
  for (const price of [36, 37, 38, 39, 40, 41, 42, 4]) ioniqIds.push(await liveListing(api.url, seller.token, staff.token, ioniq(price * M, photo)));
  const pending = await request(api.url).post('/api/vehicles').set('Authorization', `Bearer ${seller.token}`).send({
    ...ioniq(90 * M, photo), description: 'Waiting for review.', mileage: 1000, range: 400, vehicleType: 'car', location: 'Lagos', chargingType: 'Both',
  });
  expect(pending.status).toBe(201);
  pendingId = pending.body.id;
  // Four Leafs of 2019: too few.
  for (const price of [7, 7.5, 8, 8.5]) await liveListing(api.url, seller.token, staff.token, { title: '2019 Nissan Leaf SV', brand: 'Nissan', model: 'Leaf', year: 2019, price: price * M, imageUrls: photo });
  await api.jobs.runNow('market-prices');
}, 120_000);

afterAll(async () => {
  await api?.close();
  await closeAdminApp();
});

describe('GET /api/market-prices', () => {
  it('answers anyone with the median and middle half of live comparable prices, outliers trimmed, as the catalogue spells the car', async () => {
    const res = await priceOnceComputed('brand=hyundai&model=ioniq%205&year=2022');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      brand: 'Hyundai', model: 'IONIQ 5', year: 2022, median: 39 * M, low: 37.5 * M, high: 40.5 * M, sampleSize: 7, updatedAt: expect.any(String), comparison: null,
    });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const asked = await request(api.url).get('/api/market-prices?brand=Hyundai&model=IONIQ%205&year=2022&price=37800000');
    expect(asked.body.comparison).toBe('₦1.2M below the typical price for a 2022 Hyundai IONIQ 5 (7 listings: ₦37.5M–₦40.5M)');
  });

  it("is on the vehicle's own page with its price placed against it, for visitors and its seller alike", async () => {
    await priceOnceComputed('brand=Hyundai&model=IONIQ%205&year=2022');
    const dearest = ioniqIds[6]!;
    const page = await request(api.url).get(`/api/vehicles/${dearest}`);
    expect(page.body.marketPrice).toMatchObject({ median: 39 * M, sampleSize: 7, comparison: '₦3M above the typical price for a 2022 Hyundai IONIQ 5 (7 listings: ₦37.5M–₦40.5M)' });
    const mine = await request(api.url).get(`/api/vehicles/${pendingId}`).set('Authorization', `Bearer ${seller.token}`);
    expect(mine.body.marketPrice.comparison).toBe('₦51M above the typical price for a 2022 Hyundai IONIQ 5 (7 listings: ₦37.5M–₦40.5M)');
    const leaf = await request(api.url).get(`/api/vehicles?brand=Nissan`);
    const leafPage = await request(api.url).get(`/api/vehicles/${leaf.body[0].id}`);
    expect(leafPage.status).toBe(200);
    expect(leafPage.body).not.toHaveProperty('marketPrice');
  });

  it('says there is no typical price when fewer than 5 listings compare', async () => {
    await priceOnceComputed('brand=Hyundai&model=IONIQ%205&year=2022');
    const res = await request(api.url).get('/api/market-prices?brand=Nissan&model=Leaf&year=2019');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'MARKET_PRICE_UNKNOWN', message: expect.stringContaining('Fewer than 5 comparable listings of a 2019 Nissan Leaf') });
  });

  it('counts a sold listing at its last asking price, and computes again only the model that changed', async () => {
    await priceOnceComputed('brand=Hyundai&model=IONIQ%205&year=2022');
    const sold = await request(api.url).post(`/api/vehicles/${ioniqIds[0]}/sold`).set('Authorization', `Bearer ${seller.token}`);
    expect(sold.status).toBe(200);
    // A fifth Leaf goes live: now the Leafs have a typical price too.
    const fifth = await liveListing(api.url, seller.token, staff.token, { title: '2019 Nissan Leaf S', brand: 'Nissan', model: 'Leaf', year: 2019, price: 9 * M, imageUrls: photo });
    // Its page, read before the job ran, says nothing yet (and this process keeps its copy of the prices).
    expect((await request(api.url).get(`/api/vehicles/${fifth}`)).body).not.toHaveProperty('marketPrice');
    await api.jobs.runNow('market-prices');
    const leaf = await priceOnceComputed('brand=Nissan&model=Leaf&year=2019');
    expect(leaf.body).toMatchObject({ median: 8 * M, sampleSize: 5 });
    // The job's run tells this process to read the prices again: the page has it at once.
    expect((await request(api.url).get(`/api/vehicles/${fifth}`)).body.marketPrice).toMatchObject({ median: 8 * M, comparison: '₦1M above the typical price for a 2019 Nissan Leaf (5 listings: ₦7.5M–₦8.5M)' });
    const ioniqPrice = await request(api.url).get('/api/market-prices?brand=Hyundai&model=IONIQ%205&year=2022');
    expect(ioniqPrice.body).toMatchObject({ median: 39 * M, sampleSize: 7 });
  });

  it.each([
    ['brand=Hyundai&model=IONIQ%205&year=2022&price=0', ['price']],
    ['brand=Hyundai&model=IONIQ%205&year=2022&price=36%2C000%2C000', ['price']],
    ['', ['brand', 'model', 'year']],
    ['brand=Toyota&model=Corolla&year=2022', ['brand']],
    ['brand=Hyundai&model=Leaf&year=2022', ['model']],
    ['brand=Hyundai&model=IONIQ%205&year=1999', ['year']],
    ['brand=Hyundai&model=IONIQ%205&year=twenty', ['year']],
    [`brand=${'x'.repeat(61)}&model=IONIQ%205&year=2022`, ['brand']],
  ])('refuses ?%s with a 400 naming each field', async (query, fields) => {
    const res = await request(api.url).get(`/api/market-prices?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect([...new Set((res.body.error.details as { field: string }[]).map((d) => d.field.replace(/^query\./, '')))].sort()).toEqual([...fields].sort());
  });
});
