import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

type Person = { uid: string; email: string; token: string };
let api: TestApi;
let admin: Person;
let buyer: Person;
let seller: Person;
let listingId: number;
const auth = (p: { token: string }) => ({ Authorization: `Bearer ${p.token}` });

beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_WRITES_PER_MINUTE: '40' });
  [admin, buyer, seller] = await Promise.all([
    signedInAs(api.staffEmails.admin),
    signedInUser({ name: 'Oluwaseun Adebayo-Williams', email: 'oluwaseun.adebayo-williams@university-of-ibadan.edu.ng' }),
    signedInUser({ name: 'Ngozi Chukwu' }),
  ]);
  listingId = await liveListing(api.url, seller.token, admin.token, { title: '2023 BYD Atto 3 Extended Range', location: 'Abuja', price: 41_750_000 });
});

afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

describe('one spelling per concept, the older ones still taken (contract 0.2.0)', () => {
  const send = (body: Record<string, unknown>) => request(api.url).post('/api/chat/send-message').set(auth(buyer)).send(body);

  it('takes a chat message as vehicleId and content, and as the deprecated listingId and message', async () => {
    const current = await send({ vehicleId: listingId, receiverId: seller.uid, content: 'Good morning, is the Atto 3 still available in Abuja?' }).expect(201);
    expect(current.body.message).toMatchObject({ senderId: buyer.uid, receiverId: seller.uid, content: 'Good morning, is the Atto 3 still available in Abuja?' });
    const older = await send({ listingId: String(listingId), receiverId: seller.uid, message: 'I can come on Saturday.' }).expect(201);
    expect(older.body.message.conversationId).toBe(current.body.message.conversationId);
    const thread = await request(api.url).get(`/api/chat/messages/${listingId}/${seller.uid}`).set(auth(buyer)).expect(200);
    expect(thread.body.messages.map((m: { content: string }) => m.content)).toEqual(['Good morning, is the Atto 3 still available in Abuja?', 'I can come on Saturday.']);
  });

  it('refuses a message that names both spellings differently, or neither, and stores nothing', async () => {
    const both = await send({ vehicleId: listingId, listingId: listingId + 1, receiverId: seller.uid, content: 'x' }).expect(400);
    expect(both.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'listingId', message: 'listingId is the older name of vehicleId: send one of them' }] });
    const neither = await send({ vehicleId: listingId, receiverId: seller.uid }).expect(400);
    expect(neither.body.error.details).toEqual([{ field: 'content', message: 'content is required' }]);
    const noListing = await send({ receiverId: seller.uid, content: 'Hello' }).expect(400);
    expect(noListing.body.error.details).toEqual([{ field: 'vehicleId', message: 'vehicleId is required' }]);
    const thread = await request(api.url).get(`/api/chat/messages/${listingId}/${seller.uid}`).set(auth(buyer)).expect(200);
    expect(thread.body.messages).toHaveLength(2);
  });

  it('answers a boost checkout as paymentUrl, and payment_url for the spec, with its Location', async () => {
    const started = await request(api.url).post('/api/advertising/purchase').set(auth(seller))
      .send({ vehicleId: listingId, packageType: 'premium', paymentMethod: 'card' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body.paymentUrl).toMatch(/^https?:\/\//);
    expect(started.body.payment_url).toBe(started.body.paymentUrl);
    expect(started.headers.location).toBe(`/api/payments/${started.body.reference}`);
    await request(api.url).get(started.headers.location!).set(auth(seller)).expect(200);
  });

  it('answers an upload with its Location, imageUrl, and the deprecated url', async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#1d4ed8' } }).jpeg().toBuffer();
    const res = await request(api.url).post('/api/upload/image').set(auth(seller)).attach('image', jpeg, 'BYD Atto 3, front.jpg').expect(201);
    expect(res.headers.location).toBe(res.body.imageUrl);
    expect(res.body.url).toBe(res.body.imageUrl);
  });
});

describe('headers an integrator reads', () => {
  it('tells how much of the write limit is left before a 429, and the same limit on the 429', async () => {
    const first = await request(api.url).post('/api/notifications/read-all').set(auth(buyer)).expect(200);
    expect(first.headers['ratelimit-limit']).toBe('40');
    const remaining = Number(first.headers['ratelimit-remaining']);
    expect(remaining).toBeLessThan(40);
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(Number(first.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
    const second = await request(api.url).post('/api/notifications/read-all').set(auth(buyer)).expect(200);
    expect(Number(second.headers['ratelimit-remaining'])).toBe(remaining - 1);
    let last = second;
    for (let i = 0; i < remaining; i++) last = await request(api.url).post('/api/notifications/read-all').set(auth(buyer));
    expect(last.status).toBe(429);
    expect(last.headers['ratelimit-remaining']).toBe('0');
    expect(Number(last.headers['retry-after'])).toBe(Number(last.headers['ratelimit-reset']));
    // Reads are not counted, and say nothing of the write limit.
    const read = await request(api.url).get('/api/notifications').set(auth(buyer)).expect(200);
    expect(read.headers['ratelimit-limit']).toBeUndefined();
  });

  it('tags every answer, errors included, with the X-Request-Id the error body repeats', async () => {
    const ok = await request(api.url).get('/api/catalogue').expect(200);
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await request(api.url).get('/api/vehicles/2147483647').set('X-Request-Id', 'partner-trace-0001').expect(404);
    expect(missing.headers['x-request-id']).toBe('partner-trace-0001');
    expect(missing.body.error).toMatchObject({ code: 'LISTING_NOT_FOUND', requestId: 'partner-trace-0001' });
  });

  it('takes the rental filters as bodyType and price_asc, and the deprecated type and price-asc alike', async () => {
    const current = await request(api.url).get('/api/rentals/vehicles').query({ bodyType: 'SUV', sort: 'price_asc' }).expect(200);
    const older = await request(api.url).get('/api/rentals/vehicles').query({ type: 'SUV', sort: 'price-asc' }).expect(200);
    expect(older.body).toEqual(current.body);
    expect(older.headers['x-total-count']).toBe(current.headers['x-total-count']);
    const clash = await request(api.url).get('/api/rentals/vehicles').query({ type: 'SUV', bodyType: 'Sedan' }).expect(400);
    expect(clash.body.error.details).toEqual([{ field: 'type', message: 'type is the older name of bodyType: send one of them' }]);
  });
});
