import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

/**
 * Sellers' public pages against the real API and Postgres: their record from listings live and
 * sold, their rating from real reviews, how they answer buyers from real chats, their listings
 * paged and sorted, and the server-rendered head a link preview reads.
 */
type Person = { uid: string; token: string; email: string };
let api: TestApi;
let seller: Person;
let admin: Person;
const buyers: Person[] = [];
const ids: number[] = [];

const auth = (p: Person) => ({ Authorization: `Bearer ${p.token}` });
const sql = <T>(query: string, params: unknown[] = []) => api.orm.em.getConnection().execute<T[]>(query, params);
const say = (from: Person, to: Person, listingId: number, message: string) =>
  request(api.url).post('/api/chat/send-message').set(auth(from)).send({ listingId, receiverId: to.uid, message }).expect(201);

beforeAll(async () => {
  api = await startTestApi({ PUBLIC_URL: 'https://voltmarket.ng' });
  admin = await signedInAs(api.staffEmails.admin);
  seller = await signedInUser({ name: 'Adaeze <b>Okafor</b>' });
  for (const name of ['Tunde Adeyemi', 'Ngozi Eze', 'Ibrahim Musa']) buyers.push(await signedInUser({ name }));
  const cars = [
    { title: '2022 Hyundai IONIQ 5 Long Range', brand: 'Hyundai', model: 'IONIQ 5', location: 'Lagos', price: 38_500_000 },
    { title: '2021 Nissan Leaf SV Plus', brand: 'Nissan', model: 'Leaf', location: 'Lagos', price: 14_500_000 },
    { title: '2023 Kia EV6 GT-Line', brand: 'Kia', model: 'EV6', location: 'Abuja', price: 61_000_000 },
    { title: '2020 Tesla Model 3 Standard Range', brand: 'Tesla', model: 'Model 3', location: 'Lagos', price: 29_000_000 },
  ];
  for (const car of cars) ids.push(await liveListing(api.url, seller.token, admin.token, car));
}, 120_000);
afterAll(async () => {
  await api?.close();
  await closeAdminApp();
});

describe('a seller page', () => {
  it("gives the seller's record: member since, cities by listings, live and sold, and a verified email", async () => {
    await request(api.url).post(`/api/vehicles/${ids[3]}/sold`).set(auth(seller)).expect(200);
    const res = await request(api.url).get(`/api/sellers/${seller.uid}`).expect(200);
    expect(res.body).toEqual({
      id: seller.uid, name: 'Adaeze <b>Okafor</b>', memberSince: expect.any(String), emailVerified: true, phoneVerified: false,
      cities: ['Lagos', 'Abuja'], liveListings: 3, listingsSold: 1, rating: null, responsiveness: null,
    });
  });

  it('says how the seller answers buyers only from 3 chats or more: the share answered and the median time', async () => {
    await say(buyers[0]!, seller, ids[0]!, 'Is the IONIQ still available?');
    await say(seller, buyers[0]!, ids[0]!, 'Yes it is.');
    await say(buyers[1]!, seller, ids[1]!, 'Can I see the Leaf on Saturday?');
    expect((await request(api.url).get(`/api/sellers/${seller.uid}`)).body.responsiveness).toBeNull();
    await say(buyers[2]!, seller, ids[2]!, 'What is your last price for the EV6?');
    await say(seller, buyers[2]!, ids[2]!, 'Come and see it first.');
    // The answers came 90 minutes after the questions, as a seller at work answers.
    await sql(`update messages set created_at = created_at + interval '90 minutes' where sender_id = ?`, [seller.uid]);
    const res = await request(api.url).get(`/api/sellers/${seller.uid}`).expect(200);
    expect(res.body.responsiveness).toEqual({ responseRate: 67, responseTime: 'usually replies within 2 hours', chats: 3 });
  });

  it('lists only live listings, newest first or by price, a page at a time, with the total', async () => {
    const newest = await request(api.url).get(`/api/sellers/${seller.uid}/listings`).expect(200);
    expect(newest.body.map((l: { id: number }) => l.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(newest.headers['x-total-count']).toBe('3');
    const cheapest = await request(api.url).get(`/api/sellers/${seller.uid}/listings`).query({ sort: 'price_asc', limit: 2 }).expect(200);
    expect(cheapest.body.map((l: { price: number }) => l.price)).toEqual([14_500_000, 38_500_000]);
    const next = await request(api.url).get(`/api/sellers/${seller.uid}/listings`).query({ sort: 'price_asc', limit: 2, offset: 2 }).expect(200);
    expect(next.body.map((l: { price: number }) => l.price)).toEqual([61_000_000]);
    await request(api.url).get(`/api/sellers/${seller.uid}/listings`).query({ sort: 'views' }).expect(400);
    await request(api.url).get(`/api/sellers/${seller.uid}/listings`).query({ limit: 49 }).expect(400);
  });

  it('is not there for someone who never listed, nor for a made-up id', async () => {
    await request(api.url).get(`/api/sellers/${buyers[0]!.uid}`).expect(404);
    await request(api.url).get('/api/sellers/nobody-at-all').expect(404);
    await request(api.url).get(`/api/sellers/${'x'.repeat(129)}`).expect(400);
    expect((await request(api.url).get('/api/sellers/nobody/listings').expect(200)).body).toEqual([]);
  });

  it('has a server-rendered head for link previews, its name escaped, and a 404 page for no seller', async () => {
    const page = await request(api.url).get(`/sellers/${seller.uid}`).expect(200);
    expect(page.text).toContain('<title>Adaeze &lt;b&gt;Okafor&lt;/b&gt; — Seller | Voltmarket</title>');
    expect(page.text).toMatch(/3 electric vehicles for sale in Lagos, Abuja · 1 sold · member since [A-Z][a-z]+ \d{4} · usually replies within 2 hours\./);
    expect(page.text).not.toContain('<b>Okafor</b>');
    await request(api.url).get('/sellers/nobody-at-all').expect(404);
  });
});
