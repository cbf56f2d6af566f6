import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, liveListing, listingBy, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';
import { TestEventStream } from '../support/event-stream.js';

type Person = { uid: string; email: string; token: string };
let api: TestApi;
let admin: Person;
let ada: Person;
let emeka: Person;
let tunde: Person;
let listingId: number;
const auth = (p: { token: string }) => ({ Authorization: `Bearer ${p.token}` });

beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_MESSAGES_PER_MINUTE: '12', RATE_LIMIT_INQUIRIES_PER_HOUR: '4', LIVE_HEARTBEAT_SECONDS: '1' });
  [admin, ada, emeka, tunde] = await Promise.all([
    signedInAs(api.staffEmails.admin),
    signedInUser({ name: 'Ada Okafor', email: 'ada.okafor@example.ng' }),
    signedInUser({ name: 'Chukwuemeka Okonkwo-Adeyemi', email: 'chukwuemeka.okonkwo-adeyemi@lagos-business-school.edu.ng' }),
    signedInUser({ name: 'Tunde Adeyemi' }),
  ]);
  listingId = await liveListing(api.url, emeka.token, admin.token, { title: '2022 Hyundai IONIQ 5', location: 'Port Harcourt', price: 38_500_000 });
});

afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

const send = (from: Person, to: Person, message: string, vehicleId = listingId) =>
  request(api.url).post('/api/chat/send-message').set(auth(from)).send({ listingId: String(vehicleId), receiverId: to.uid, message });
const thread = (who: Person, other: Person, vehicleId = listingId) => request(api.url).get(`/api/chat/messages/${vehicleId}/${other.uid}`).set(auth(who));

describe('a conversation about a listing', () => {
  it('is opened by the buyer, answered by the seller, and read by both the same way', async () => {
    const empty = await thread(ada, emeka).expect(200);
    expect(empty.body).toMatchObject({ success: true, conversationId: null, messages: [], vehicle: { id: listingId, title: '2022 Hyundai IONIQ 5', price: 38_500_000, location: 'Port Harcourt', available: true } });
    expect(empty.body.otherUser).toMatchObject({ id: emeka.uid, firstName: 'Chukwuemeka', displayName: 'Chukwuemeka Okonkwo-Adeyemi' });

    const first = await send(ada, emeka, '  Good afternoon! Is the IONIQ 5 still available in Port Harcourt?  ').expect(201);
    expect(first.body.message).toMatchObject({ senderId: ada.uid, receiverId: emeka.uid, content: 'Good afternoon! Is the IONIQ 5 still available in Port Harcourt?', isRead: false });
    const conversationId = `${listingId}_${ada.uid}_${emeka.uid}`;
    expect(first.body.message.conversationId).toBe(conversationId);
    await send(emeka, ada, 'Yes it is. ₦38,500,000, slightly negotiable.').expect(201);

    const buyerSide = await thread(ada, emeka).expect(200);
    const sellerSide = await thread(emeka, ada).expect(200);
    expect(buyerSide.body.conversationId).toBe(conversationId);
    expect(buyerSide.body.messages.map((m: { content: string }) => m.content)).toEqual([
      'Good afternoon! Is the IONIQ 5 still available in Port Harcourt?', 'Yes it is. ₦38,500,000, slightly negotiable.',
    ]);
    expect(sellerSide.body.messages).toEqual(buyerSide.body.messages);

    const [sellerList] = (await request(api.url).get('/api/messages/conversations').set(auth(emeka)).expect(200)).body;
    expect(sellerList).toMatchObject({ conversationId, role: 'seller', otherUser: { id: ada.uid, firstName: 'Ada' }, vehicle: { title: '2022 Hyundai IONIQ 5' }, unreadCount: 1 });
    const [buyerList] = (await request(api.url).get('/api/messages/conversations').set(auth(ada)).query({ userId: ada.uid }).expect(200)).body;
    expect(buyerList).toMatchObject({ role: 'buyer', lastMessage: { content: 'Yes it is. ₦38,500,000, slightly negotiable.', senderId: emeka.uid }, unreadCount: 1 });

    expect((await request(api.url).post('/api/chat/mark-read').set(auth(emeka)).send({ conversationId }).expect(200)).body).toEqual({ success: true, marked: 1 });
    expect((await request(api.url).post('/api/chat/mark-read').set(auth(emeka)).send({ conversationId, userId: emeka.uid }).expect(200)).body).toEqual({ success: true, marked: 0 });
    const afterRead = await thread(ada, emeka).expect(200);
    expect(afterRead.body.messages.map((m: { isRead: boolean }) => m.isRead)).toEqual([true, false]);
  });

  it('is closed to everyone else: no reading, marking or writing into it, whatever ids they send', async () => {
    const conversationId = `${listingId}_${ada.uid}_${emeka.uid}`;
    // Tunde asking for "Ada's chat with Emeka" gets his own (empty) chat with the seller, never theirs.
    expect((await thread(tunde, emeka).expect(200)).body.messages).toEqual([]);
    expect((await thread(tunde, ada).expect(403)).body.error.code).toBe('RECEIVER_NOT_SELLER');
    expect((await request(api.url).post('/api/chat/mark-read').set(auth(tunde)).send({ conversationId }).expect(403)).body.error.code).toBe('NOT_IN_CONVERSATION');
    expect((await request(api.url).post('/api/chat/mark-read').set(auth(ada)).send({ conversationId, userId: emeka.uid }).expect(403)).body.error.code).toBe('USER_MISMATCH');
    expect((await request(api.url).post('/api/chat/send-message').set(auth(tunde)).send({ listingId, senderId: ada.uid, receiverId: emeka.uid, message: 'spoof' }).expect(403)).body.error.code).toBe('USER_MISMATCH');
    expect((await send(tunde, ada, 'Hello Ada')).status).toBe(403);
    expect((await request(api.url).get('/api/messages/conversations').set(auth(tunde)).query({ userId: emeka.uid }).expect(403)).body.error.code).toBe('USER_MISMATCH');
    expect((await request(api.url).get('/api/messages/conversations').set(auth(tunde)).expect(200)).body).toEqual([]);
    const still = await thread(ada, emeka).expect(200);
    expect(still.body.messages.map((m: { content: string }) => m.content)).not.toContain('spoof');
  });

  it('goes on after the listing leaves the market, but no new one starts about it', async () => {
    const sold = await liveListing(api.url, emeka.token, admin.token, { title: 'Electric Bikes NG City Cruiser', brand: 'Electric Bikes NG', model: 'City Cruiser', vehicleType: 'bike', location: 'Benin City' });
    await send(ada, emeka, 'Is the bike still for sale?', sold).expect(201);
    await request(api.url).delete(`/api/vehicles/${sold}`).set(auth(emeka)).expect(204);
    const reply = await send(emeka, ada, 'Sorry, sold this morning.', sold).expect(201);
    expect(reply.body.message.receiverId).toBe(ada.uid);
    const gone = await thread(ada, emeka, sold).expect(200);
    expect(gone.body.vehicle).toEqual({ id: sold, title: 'Electric Bikes NG City Cruiser', price: null, location: null, imageUrl: null, available: false });
    expect((await send(tunde, emeka, 'Still there?', sold).expect(404)).body.error.code).toBe('LISTING_NOT_FOUND');
  });

  it('slows down a sender who floods, with Retry-After and a clear message', async () => {
    const flood = await liveListing(api.url, emeka.token, admin.token, { title: '2023 Kia EV6', brand: 'Kia', model: 'EV6', location: 'Kano' });
    const statuses: number[] = [];
    let limited: request.Response | undefined;
    for (let i = 0; i < 14; i++) {
      const res = await send(tunde, emeka, `Offer number ${i + 1}`, flood);
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(12);
    expect(limited?.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited?.body.error.message).toMatch(/^You are sending messages too quickly\. Try again in \d+ s\.$/);
  });
});

describe('inquiries', () => {
  const form = (overrides: Record<string, unknown> = {}) => ({
    vehicleId: listingId, buyerName: 'Ngozi Chukwu', buyerEmail: 'Ngozi.Chukwu@Example.ng', buyerPhone: '0803 555 1234',
    message: 'Good day. Can I see the car in Port Harcourt this weekend?', ...overrides,
  });

  it('from a visitor reach the seller (notification, listing inquiries, my-listings count) and nobody else', async () => {
    const receipt = await request(api.url).post('/api/inquiries').send(form()).expect(201);
    expect(receipt.body).toMatchObject({ success: true, conversationId: null });
    const list = await request(api.url).get(`/api/vehicles/${listingId}/inquiries`).set(auth(emeka)).expect(200);
    expect(list.body[0]).toMatchObject({ buyerName: 'Ngozi Chukwu', buyerEmail: 'ngozi.chukwu@example.ng', buyerPhone: '+2348035551234', conversationId: null });
    await request(api.url).get(`/api/vehicles/${listingId}/inquiries`).set(auth(admin)).expect(200);
    expect((await request(api.url).get(`/api/vehicles/${listingId}/inquiries`).set(auth(tunde)).expect(403)).body.error.code).toBe('NOT_LISTING_OWNER');
    const notices = await request(api.url).get('/api/notifications').set(auth(emeka)).expect(200);
    expect(notices.body.notifications.map((n: { title: string }) => n.title)).toContain('New inquiry about 2022 Hyundai IONIQ 5');
    const mine = await request(api.url).get('/api/vehicles/my-listings').set(auth(emeka)).expect(200);
    expect(mine.body.find((l: { id: number }) => l.id === listingId).inquiryCount).toBeGreaterThanOrEqual(1);
  });

  it('from a signed-in buyer open the chat with the seller', async () => {
    const receipt = await request(api.url).post('/api/inquiries').set(auth(tunde)).send(form({ buyerName: 'Tunde Adeyemi', message: 'Would you take ₦36,000,000 for it?' })).expect(201);
    expect(receipt.body.conversationId).toBe(`${listingId}_${tunde.uid}_${emeka.uid}`);
    const chat = await thread(emeka, tunde).expect(200);
    expect(chat.body.messages.map((m: { content: string }) => m.content)).toEqual(['Would you take ₦36,000,000 for it?']);
  });

  it('are refused about one\'s own listing and with bad fields, all named at once', async () => {
    expect((await request(api.url).post('/api/inquiries').set(auth(emeka)).send(form()).expect(422)).body.error.code).toBe('CANNOT_INQUIRE_OWN_LISTING');
    const bad = await request(api.url).post('/api/inquiries').send(form({ buyerName: ' ', buyerEmail: 'ngozi@example', buyerPhone: '0803', message: 'Hi' })).expect(400);
    expect(bad.body.error.details.map((d: { field: string }) => d.field)).toEqual(['buyerName', 'buyerEmail', 'buyerPhone', 'message']);
  });

  it('slow down a visitor who sends many, with Retry-After and a clear message', async () => {
    const statuses: number[] = [];
    let limited: request.Response | undefined;
    for (let i = 0; i < 6 && !limited; i++) {
      const res = await request(api.url).post('/api/inquiries').send(form({ buyerName: `Visitor ${i + 1}` }));
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(4);
    expect(limited?.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited?.body.error.message).toMatch(/^You have sent several inquiries in a short time\. Try again in \d+ s\.$/);
  });
});

describe('notifications', () => {
  it('tell a seller of approval and rejection at once, are marked read by their owner only, and all in one call', async () => {
    const seller = await signedInUser({ name: 'Ifeoma Eze' });
    await liveListing(api.url, seller.token, admin.token, { title: '2024 BYD Seal', brand: 'BYD', model: 'Seal', location: 'Abuja' });
    const { body: { id: pendingId } } = await request(api.url).post('/api/vehicles').set(auth(seller))
      .send(await listingBy(api.url, seller.token, { title: '2021 Nissan Leaf', brand: 'Nissan', model: 'Leaf' })).expect(201);
    await request(api.url).post(`/api/admin/vehicles/${pendingId}/reject`).set(auth(admin)).send({ reason: 'Photos show a different car' }).expect(200);
    const list = await request(api.url).get('/api/notifications').set(auth(seller)).expect(200);
    expect(list.body.unreadCount).toBe(2);
    expect(list.body.notifications.map((n: { title: string; type: string }) => [n.type, n.title])).toEqual([
      ['listing', 'Your listing was not approved'], ['listing', 'Your listing is live'],
    ]);
    expect(list.body.notifications[0].message).toContain('Photos show a different car');
    const id = list.body.notifications[0].id as number;
    expect((await request(api.url).post(`/api/notifications/${id}/read`).set(auth(tunde)).expect(404)).body.error.code).toBe('NOTIFICATION_NOT_FOUND');
    expect((await request(api.url).post(`/api/notifications/${id}/read`).set(auth(seller)).expect(200)).body.isRead).toBe(true);
    expect((await request(api.url).post('/api/notifications/read-all').set(auth(seller)).expect(200)).body).toEqual({ success: true, marked: 1 });
    expect((await request(api.url).get('/api/notifications').set(auth(seller)).expect(200)).body.unreadCount).toBe(0);
  });
});

describe('the wishlist', () => {
  it('saves a live listing once, shows it as no longer available once it leaves the market, and the seller sees the count', async () => {
    const buyer = await signedInUser({ name: 'Bola Tinubu-Ajayi' });
    const saved = await liveListing(api.url, emeka.token, admin.token, { title: '2023 Tesla Model Y', brand: 'Tesla', model: 'Model Y', location: 'Abuja', price: 52_000_000 });
    const first = await request(api.url).post('/api/wishlist').set(auth(buyer)).send({ vehicleId: saved }).expect(201);
    expect(first.body.vehicle).toMatchObject({ id: saved, title: '2023 Tesla Model Y', price: 52_000_000, location: 'Abuja', available: true });
    await request(api.url).post('/api/wishlist').set(auth(buyer)).send({ vehicleId: String(saved) }).expect(200);
    const mine = await request(api.url).get('/api/vehicles/my-listings').set(auth(emeka)).expect(200);
    expect(mine.body.find((l: { id: number }) => l.id === saved).savedCount).toBe(1);

    await request(api.url).delete(`/api/vehicles/${saved}`).set(auth(emeka)).expect(204);
    const list = await request(api.url).get('/api/wishlist').set(auth(buyer)).expect(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0].vehicle).toEqual({ id: saved, title: '2023 Tesla Model Y', location: null, price: null, imageUrl: null, available: false });
    expect((await request(api.url).get('/api/wishlist').set(auth(tunde)).expect(200)).body).toEqual([]);
    await request(api.url).delete(`/api/wishlist/${saved}`).set(auth(buyer)).expect(204);
    await request(api.url).delete(`/api/wishlist/${saved}`).set(auth(buyer)).expect(204);
    expect((await request(api.url).get('/api/wishlist').set(auth(buyer)).expect(200)).body).toEqual([]);
  });
});

describe('the event stream', () => {
  it('pushes a new message, its notification and unread counts to the receiver, and the read receipt to the sender', async () => {
    const buyer = await signedInUser({ name: 'Kemi Balogun' });
    const sellerStream = await TestEventStream.open(api.url, emeka.token);
    const buyerStream = await TestEventStream.open(api.url, buyer.token);
    try {
      const sent = await send(buyer, emeka, 'Hello from Lekki').expect(201);
      const [message] = await sellerStream.waitFor('message');
      expect(message!.data).toMatchObject({ messageId: sent.body.message.messageId, content: 'Hello from Lekki', vehicleId: listingId });
      const [notice] = await sellerStream.waitFor('notification');
      expect(notice!.data).toMatchObject({ type: 'message', title: 'New message from Kemi Balogun', metadata: { conversationId: sent.body.message.conversationId } });
      const unread = await sellerStream.waitFor('unread');
      expect(unread.at(-1)!.data.messages).toBeGreaterThanOrEqual(1);
      await buyerStream.waitFor('message');

      await request(api.url).post('/api/chat/mark-read').set(auth(emeka)).send({ conversationId: sent.body.message.conversationId }).expect(200);
      const [receipt] = await buyerStream.waitFor('read');
      expect(receipt!.data).toMatchObject({ conversationId: sent.body.message.conversationId, readerId: emeka.uid, messageIds: [sent.body.message.messageId] });
      const ids = sellerStream.events.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(sellerStream.events.every((e) => e.data && typeof e.id === 'number')).toBe(true);
    } finally {
      await sellerStream.close();
      await buyerStream.close();
    }
  });

  it('keeps a quiet stream open with a comment line every heartbeat', async () => {
    const quiet = await signedInUser({ name: 'Halima Yusuf' });
    const stream = await TestEventStream.open(api.url, quiet.token);
    try {
      await new Promise((r) => setTimeout(r, 2500));
      expect(stream.comments).toBeGreaterThanOrEqual(2);
      expect(stream.events).toEqual([]);
    } finally {
      await stream.close();
    }
  });

  it('opens with a ticket only once, and never shows one person\'s events to another', async () => {
    const buyer = await signedInUser({ name: 'Musa Ibrahim' });
    const { ticket } = (await request(api.url).post('/api/events/ticket').set(auth(buyer)).expect(201)).body;
    // A request refused for its resume point does not spend the ticket.
    const refused = await request(api.url).get('/api/events').query({ ticket }).set('Last-Event-ID', 'abc').expect(400);
    expect(refused.body.error.details).toEqual([{ field: 'Last-Event-ID', message: 'Last-Event-ID must be a whole number' }]);
    const stream = await TestEventStream.open(api.url, buyer.token, { ticket });
    const eavesdropper = await TestEventStream.open(api.url, tunde.token);
    try {
      const again = await request(api.url).get('/api/events').query({ ticket }).expect(401);
      expect(again.body.error.code).toBe('EVENT_TICKET_INVALID');
      await send(buyer, emeka, 'Private: my number is 0803 555 1234').expect(201);
      await stream.waitFor('message');
      await new Promise((r) => setTimeout(r, 300));
      expect(eavesdropper.events.filter((e) => JSON.stringify(e.data).includes('0803 555 1234'))).toEqual([]);
    } finally {
      await stream.close();
      await eavesdropper.close();
    }
  });

  it('replays exactly what a reconnecting client missed, in order, from its Last-Event-ID', async () => {
    const buyer = await signedInUser({ name: 'Zainab Lawal' });
    // "Two" gets the last ids below a power of ten and "Three" the first above (they would sort wrongly as text).
    await api.orm.em.getConnection().execute(
      `select setval('live_events_id_seq', power(10, ceil(log(coalesce((select max(id) from live_events), 0) + 10)))::bigint - 9)`);
    const first = await TestEventStream.open(api.url, emeka.token);
    await send(buyer, emeka, 'One').expect(201);
    await first.waitFor('message');
    await first.waitFor('unread');
    const lastId = first.events.at(-1)!.id;
    await first.close();

    await send(buyer, emeka, 'Two').expect(201);
    await send(buyer, emeka, 'Three').expect(201);
    const resumed = await TestEventStream.open(api.url, emeka.token, { lastEventId: lastId });
    try {
      const messages = await resumed.waitFor('message', 2);
      expect(messages.map((m) => m.data.content)).toEqual(['Two', 'Three']);
      await send(buyer, emeka, 'Four').expect(201);
      await resumed.waitFor('message', 3);
      const ids = resumed.events.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(ids.every((id) => id > lastId)).toBe(true);
      expect(resumed.of('message').map((m) => m.data.content)).toEqual(['Two', 'Three', 'Four']);
    } finally {
      await resumed.close();
    }
  });
});

describe('a message sent again after losing the network', () => {
  it('is stored once under its Idempotency-Key: a repeat answers the first answer again, a different message under the key is 422', async () => {
    const ngozi = await signedInUser({ name: 'Ngozi Eze' });
    const key = `ngozi-offline-${Date.now()}`;
    const send = (message: string, k = key) => request(api.url).post('/api/chat/send-message').set(auth(ngozi)).set('Idempotency-Key', k)
      .send({ listingId, receiverId: emeka.uid, message });
    // Three tries at once (a flaky network, a background sync and the page): one message, one notice.
    const tries = await Promise.all([send('Still available? I can come on Saturday.'), send('Still available? I can come on Saturday.'), send('Still available? I can come on Saturday.')]);
    expect(tries.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(tries.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(new Set(tries.map((r) => r.body.message.messageId)).size).toBe(1);
    const thread = await request(api.url).get(`/api/chat/messages/${listingId}/${emeka.uid}`).set(auth(ngozi)).expect(200);
    expect(thread.body.messages.filter((m: { content: string }) => m.content === 'Still available? I can come on Saturday.')).toHaveLength(1);
    const other = await send('A different message').expect(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    await send('Bad key', 'short').expect(400);
    // Without a key, the same text twice is two messages, as before.
    await request(api.url).post('/api/chat/send-message').set(auth(ngozi)).send({ listingId, receiverId: emeka.uid, message: 'Hello?' }).expect(201);
    await request(api.url).post('/api/chat/send-message').set(auth(ngozi)).send({ listingId, receiverId: emeka.uid, message: 'Hello?' }).expect(201);
  });
});

describe('an inquiry sent again after losing the network', () => {
  it('reaches the seller once under its Idempotency-Key, from a visitor too', async () => {
    const key = `visitor-inquiry-${Date.now()}`;
    const form = { vehicleId: listingId, buyerName: 'Amarachi Obi', buyerEmail: 'amarachi.obi@example.ng', buyerPhone: '0803 555 0177', message: 'Is the price negotiable? I can pay after inspection.' };
    const send = (body: object) => request(api.url).post('/api/inquiries').set('Idempotency-Key', key).set('X-Forwarded-For', '10.44.0.7').send(body);
    const before = (await request(api.url).get(`/api/vehicles/${listingId}/inquiries`).set(auth(emeka)).expect(200)).body.length;
    const first = await send(form).expect(201);
    const again = await send(form).expect(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await request(api.url).get(`/api/vehicles/${listingId}/inquiries`).set(auth(emeka)).expect(200)).body.length).toBe(before + 1);
    expect((await send({ ...form, message: 'Another question entirely.' }).expect(422)).body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});
