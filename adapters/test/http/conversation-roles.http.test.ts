import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

/**
 * Who may touch whose conversations, notifications, wishlist and inquiries. Ada (a buyer) talks to
 * Emeka (the seller) about his listing; Tunde is another member, Sola is support staff. Whatever
 * ids they send, nobody reads or changes what is not theirs, and a refused call changes nothing.
 */
type Person = { uid: string; token: string };
let api: TestApi;
let ada: Person;
let emeka: Person;
let tunde: Person;
let sola: Person;
let listingId: number;
let conversationId: string;
let emekasNotice: number;
const auth = (p: Person) => ({ Authorization: `Bearer ${p.token}` });

beforeAll(async () => {
  api = await startTestApi();
  let admin: Person;
  [ada, emeka, tunde, sola, admin] = await Promise.all([
    signedInUser({ name: 'Ada Okafor' }), signedInUser({ name: 'Emeka Bello' }), signedInUser({ name: 'Tunde Adeyemi' }),
    signedInAs(api.staffEmails.support), signedInAs(api.staffEmails.admin),
  ]);
  listingId = await liveListing(api.url, emeka.token, admin.token, { title: '2023 Kia EV6 GT-Line', location: 'Benin City' });
  const sent = await request(api.url).post('/api/chat/send-message').set(auth(ada)).send({ listingId, receiverId: emeka.uid, message: 'My offer is ₦27,000,000' }).expect(201);
  conversationId = sent.body.message.conversationId;
  await request(api.url).post('/api/wishlist').set(auth(ada)).send({ vehicleId: listingId }).expect(201);
  await request(api.url).post('/api/inquiries').send({ vehicleId: listingId, buyerName: 'Ngozi Chukwu', buyerEmail: 'ngozi@example.ng', buyerPhone: '+44 20 7946 0958', message: 'Is the battery warranty transferable?' }).expect(201);
  emekasNotice = (await request(api.url).get('/api/notifications').set(auth(emeka)).expect(200)).body.notifications[0].id;
  for (const who of [tunde, sola]) await request(api.url).get('/api/auth/user').set(auth(who)).expect(200);
});

afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

async function snapshot(): Promise<string> {
  const conn = api.orm.em.getConnection();
  const tables = await Promise.all(['messages', 'notifications', 'wishlist', 'inquiries', 'live_events'].map((t) => conn.execute(`select * from ${t} order by 1`)));
  return JSON.stringify(tables);
}

type Who = 'visitor' | 'ada' | 'emeka' | 'tunde' | 'sola';
const person = (who: Exclude<Who, 'visitor'>): Person => ({ ada, emeka, tunde, sola })[who];

interface Case {
  name: string;
  method: 'get' | 'post' | 'delete';
  path: () => string;
  body?: () => object;
  query?: () => Record<string, string>;
  expect: Partial<Record<Who, number>>;
}

const cases: Case[] = [
  { name: 'Ada and Emeka\'s chat, asked for by the buyer\'s side', method: 'get', path: () => `/api/chat/messages/${listingId}/${ada.uid}`, expect: { visitor: 401, tunde: 403, sola: 403, emeka: 200 } },
  { name: 'the chat with a buyer, claiming to be her', method: 'get', path: () => `/api/chat/messages/${listingId}/${emeka.uid}`, query: () => ({ userId: ada.uid }), expect: { tunde: 403, sola: 403, ada: 200 } },
  { name: 'marking their chat read', method: 'post', path: () => '/api/chat/mark-read', body: () => ({ conversationId }), expect: { visitor: 401, tunde: 403, sola: 403 } },
  { name: 'marking it read as Emeka', method: 'post', path: () => '/api/chat/mark-read', body: () => ({ conversationId, userId: emeka.uid }), expect: { tunde: 403, ada: 403 } },
  { name: 'writing into it as Ada', method: 'post', path: () => '/api/chat/send-message', body: () => ({ listingId, senderId: ada.uid, receiverId: emeka.uid, message: 'spoofed' }), expect: { visitor: 401, tunde: 403, sola: 403, emeka: 403 } },
  { name: 'Ada\'s conversation list', method: 'get', path: () => '/api/messages/conversations', query: () => ({ userId: ada.uid }), expect: { visitor: 401, tunde: 403, sola: 403, emeka: 403, ada: 200 } },
  { name: 'the listing\'s inquiries', method: 'get', path: () => `/api/vehicles/${listingId}/inquiries`, expect: { visitor: 401, ada: 403, tunde: 403, sola: 200, emeka: 200 } },
  { name: 'Emeka\'s notifications', method: 'get', path: () => '/api/notifications', query: () => ({ userId: emeka.uid }), expect: { visitor: 401, tunde: 403, sola: 403, ada: 403, emeka: 200 } },
  { name: 'marking Emeka\'s notification read', method: 'post', path: () => `/api/notifications/${emekasNotice}/read`, expect: { visitor: 401, tunde: 404, sola: 404, ada: 404 } },
  { name: 'Ada\'s wishlist', method: 'get', path: () => '/api/wishlist', query: () => ({ userId: ada.uid }), expect: { visitor: 401, tunde: 403, sola: 403, ada: 200 } },
  { name: 'saving into Ada\'s wishlist', method: 'post', path: () => '/api/wishlist', body: () => ({ vehicleId: listingId, userId: ada.uid }), expect: { visitor: 401, tunde: 403, sola: 403 } },
  { name: 'an event ticket', method: 'post', path: () => '/api/events/ticket', expect: { visitor: 401 } },
];

const rows = cases.flatMap((c) => Object.entries(c.expect).map(([who, status]) => ({ ...c, who: who as Who, status: status as number })));

describe('conversations, notifications, wishlists and inquiries are their owners\' only', () => {
  it.each(rows)('$name: $who → $status', async (c) => {
    const before = await snapshot();
    let req = request(api.url)[c.method](c.path());
    if (c.who !== 'visitor') req = req.set(auth(person(c.who)));
    if (c.query) req = req.query(c.query());
    if (c.body) req = req.send(c.body());
    const res = await req;
    expect(res.status).toBe(c.status);
    if (c.status >= 400) {
      expect(res.body.error.code).toEqual(expect.any(String));
      expect(await snapshot()).toBe(before);
      expect(JSON.stringify(res.body)).not.toContain('27,000,000');
    }
  });

  it('removing a listing from "my" wishlist never touches someone else\'s', async () => {
    await request(api.url).delete(`/api/wishlist/${listingId}`).set(auth(tunde)).expect(204);
    expect((await request(api.url).get('/api/wishlist').set(auth(ada)).expect(200)).body).toHaveLength(1);
  });

  it('staff do not read private chats: support gets their own empty chat with the seller, not Ada\'s', async () => {
    const res = await request(api.url).get(`/api/chat/messages/${listingId}/${emeka.uid}`).set(auth(sola)).expect(200);
    expect(res.body.messages).toEqual([]);
    expect(res.body.conversationId).toBeNull();
  });
});
