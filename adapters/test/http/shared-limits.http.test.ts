import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

/**
 * Two API processes on one Postgres, as replicas behind a load balancer: a limit counts across both
 * (30 messages a minute per account is 30, not 60), sent one after another or all at once.
 */
type Person = { uid: string; email: string; token: string };
let one: TestApi;
let two: TestApi;
let seller: Person;
let vehicleId: number;
const auth = (p: Person) => ({ Authorization: `Bearer ${p.token}` });
const send = (via: TestApi, from: Person, content: string) =>
  request(via.url).post('/api/chat/send-message').set(auth(from)).send({ vehicleId, receiverId: seller.uid, content });

beforeAll(async () => {
  one = await startTestApi();
  two = await startTestApi({}, one);
  const admin = await signedInAs(one.staffEmails.admin);
  seller = await signedInUser({ name: 'Oluwaseun Adebayo-Williams' });
  vehicleId = await liveListing(one.url, seller.token, admin.token, { title: '2022 Hyundai IONIQ 5 Long Range', brand: 'Hyundai', model: 'IONIQ 5', location: 'Lagos', price: 38_500_000 });
}, 120_000);
afterAll(async () => {
  await two?.close();
  await one?.close();
  await closeAdminApp();
});

describe('a limit shared by two processes', () => {
  it('lets an account send 30 messages a minute in all, whichever process each one reaches', async () => {
    const buyer = await signedInUser({ name: 'Ngozi Eze' });
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await send(i % 2 === 0 ? one : two, buyer, `Is the IONIQ still available? (${i + 1})`)).status);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const refused = await send(two, buyer, 'One more?').expect(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    // Another account has its own allowance on both.
    const other = await signedInUser({ name: 'Ibrahim Musa' });
    await send(one, other, 'Hello from Kano').expect(201);
    await send(two, other, 'Still available?').expect(201);
  });

  it('counts every one of 40 sent at once across both, and lets exactly 30 through', async () => {
    const buyer = await signedInUser({ name: 'Chiamaka Okonkwo-Eze' });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(i % 2 === 0 ? one : two, buyer, `Offer number ${i + 1}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const thread = await request(one.url).get(`/api/chat/messages/${vehicleId}/${seller.uid}`).query({ limit: 200 }).set(auth(buyer)).expect(200);
    expect(thread.body.messages).toHaveLength(30);
  });
});
