import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonymousGuest, closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, uploadedPhoto, validListing, type TestApi,
} from '../support/harness.js';

/**
 * Trust and safety through the API, against real Postgres and the Auth emulator: moderation that holds
 * after approval, expiry and renewal, reports and their outcomes, suspensions, and counted contact reveals.
 */
type Person = { uid: string; email: string; token: string };
let api: TestApi;
let db: pg.Client;
let seller: Person;
let buyer: Person;
let otherBuyer: Person;
let support: Person;
let admin: Person;

const auth = (p: { token: string }) => ({ Authorization: `Bearer ${p.token}` });
const notifications = async (p: Person) => (await request(api.url).get('/api/notifications').set(auth(p)).expect(200)).body.notifications as { title: string; message: string }[];

beforeAll(async () => {
  api = await startTestApi();
  db = new pg.Client({ connectionString: api.databaseUrl });
  await db.connect();
  [seller, buyer, otherBuyer, support, admin] = await Promise.all([
    signedInUser({ name: 'Chukwuemeka Okonkwo-Adebayo' }), signedInUser({ name: 'Tunde Adeyemi' }), signedInUser({ name: 'Ngozi Eze' }),
    signedInAs(api.staffEmails.support), signedInAs(api.staffEmails.admin),
  ]);
}, 60_000);

afterAll(async () => {
  await db?.end();
  await api?.close();
  await closeAdminApp();
});

describe('moderation that holds after approval', () => {
  it("keeps the approved version live while the seller's material changes wait for staff, who see both and decide", async () => {
    const id = await liveListing(api.url, seller.token, admin.token, { title: '2022 Hyundai IONIQ 5 Long Range', price: 38_500_000, location: 'Lagos' });
    const newPhoto = await uploadedPhoto(api.url, seller.token, '#c33');
    // A bait edit: a new title, a price cut by more than a fifth, someone else's photos, and a small range fix.
    const edit = await request(api.url).patch(`/api/vehicles/${id}`).set(auth(seller))
      .send({ title: '2023 Hyundai IONIQ 5 — urgent sale', price: 19_000_000, imageUrls: [newPhoto], range: 470 }).expect(200);
    expect(edit.body).toMatchObject({ status: 'active', title: '2022 Hyundai IONIQ 5 Long Range', price: 38_500_000, range: 470 });
    expect(edit.body.changeReview).toMatchObject({ status: 'pending', changes: { title: '2023 Hyundai IONIQ 5 — urgent sale', price: 19_000_000, imageUrls: [newPhoto] } });

    // Buyers (page and search) see the approved version; the seller sees what waits.
    const publicPage = await request(api.url).get(`/api/vehicles/${id}`).set(auth(buyer)).expect(200);
    expect(publicPage.body).toMatchObject({ title: '2022 Hyundai IONIQ 5 Long Range', price: 38_500_000 });
    expect(publicPage.body).not.toHaveProperty('changeReview');
    const found = await request(api.url).get('/api/vehicles').query({ search: 'urgent sale' }).expect(200);
    expect(found.body.map((l: { id: number }) => l.id)).not.toContain(id);
    const own = await request(api.url).get(`/api/vehicles/${id}`).set(auth(seller)).expect(200);
    expect(own.body.changeReview.status).toBe('pending');
    const mine = await request(api.url).get('/api/vehicles/my-listings').set(auth(seller)).expect(200);
    expect(mine.body.find((l: { id: number }) => l.id === id)).toMatchObject({ changesWaiting: true, status: 'active' });

    // A second edit keeps what waited and adds to it; a small price move applies at once.
    await request(api.url).patch(`/api/vehicles/${id}`).set(auth(seller)).send({ location: 'Abuja' }).expect(200);
    const queue = await request(api.url).get('/api/admin/listing-changes').query({ filter: JSON.stringify({ status: 'pending', vehicleId: id }) }).set(auth(support)).expect(200);
    expect(queue.body).toHaveLength(1);
    const change = queue.body[0];
    expect((await request(api.url).get(`/api/admin/listing-changes/${change.id}`).set(auth(support)).expect(200)).body).toEqual(change);
    expect(change).toMatchObject({
      vehicleId: id, sellerId: seller.uid, status: 'pending', listingTitle: '2022 Hyundai IONIQ 5 Long Range',
      changes: { title: '2023 Hyundai IONIQ 5 — urgent sale', price: 19_000_000, location: 'Abuja' },
      live: { title: '2022 Hyundai IONIQ 5 Long Range', price: 38_500_000, location: 'Lagos' },
    });

    // Neither a buyer nor a visitor reads or decides the queue.
    await request(api.url).get('/api/admin/listing-changes').expect(401);
    await request(api.url).get('/api/admin/listing-changes').set(auth(buyer)).expect(403);
    await request(api.url).post(`/api/admin/listing-changes/${change.id}/approve`).set(auth(seller)).expect(403);
    const noReason = await request(api.url).post(`/api/admin/listing-changes/${change.id}/reject`).set(auth(support)).send({ reason: '  ' }).expect(400);
    expect(noReason.body.error.details).toEqual([{ field: 'reason', message: 'Tell the seller why: they are shown this.' }]);

    await request(api.url).post(`/api/admin/listing-changes/${change.id}/reject`).set(auth(support))
      .send({ reason: 'The new photos are of another car.' }).expect(200);
    const after = await request(api.url).get(`/api/vehicles/${id}`).set(auth(seller)).expect(200);
    expect(after.body).toMatchObject({ title: '2022 Hyundai IONIQ 5 Long Range', price: 38_500_000, location: 'Lagos', status: 'active' });
    expect(after.body.changeReview).toMatchObject({ status: 'rejected', reason: 'The new photos are of another car.' });
    expect((await notifications(seller)).map((n) => n.title)).toContain('Your changes were not approved');
    await request(api.url).post(`/api/admin/listing-changes/${change.id}/approve`).set(auth(support)).expect(409);
  });

  it('applies approved changes for everyone, audited, and keeps one pending change per listing under concurrent edits', async () => {
    const id = await liveListing(api.url, seller.token, admin.token, { title: '2021 Kia EV6 GT-Line', brand: 'Kia', model: 'EV6', price: 41_000_000 });
    // Five edits at once from two tabs: one pending change holds the last one written, never two.
    const edits = await Promise.all(['Blue', 'Red', 'Grey', 'White', 'Black'].map((colour) =>
      request(api.url).patch(`/api/vehicles/${id}`).set(auth(seller)).send({ description: `One owner, ${colour} paint, full service history.` })));
    expect(edits.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const pending = await db.query(`select changes from listing_changes where listing_id = $1 and status = 'pending'`, [id]);
    expect(pending.rows).toHaveLength(1);
    const wanted = pending.rows[0].changes.description as string;
    const [change] = (await request(api.url).get('/api/admin/listing-changes').query({ filter: JSON.stringify({ status: 'pending', vehicleId: id }) }).set(auth(admin)).expect(200)).body;
    // Approval and one more edit race: the edit either lands in the approved change or waits anew, never lost.
    const [approved, lateEdit] = await Promise.all([
      request(api.url).post(`/api/admin/listing-changes/${change.id}/approve`).set(auth(admin)),
      request(api.url).patch(`/api/vehicles/${id}`).set(auth(seller)).send({ title: '2021 Kia EV6 GT-Line AWD' }),
    ]);
    expect([approved.status, lateEdit.status]).toEqual([200, 200]);
    const live = (await request(api.url).get(`/api/vehicles/${id}`).set(auth(seller)).expect(200)).body;
    expect(live.description).toBe(wanted);
    const title = live.title === '2021 Kia EV6 GT-Line AWD' || live.changeReview?.changes.title === '2021 Kia EV6 GT-Line AWD';
    expect(title).toBe(true);
    const audit = await db.query(`select action, before, after from audit_log where record_id = $1 and action = 'vehicle.changes_approved'`, [String(id)]);
    expect(audit.rows[0]).toMatchObject({ before: { description: 'One owner, full service history, home charger included.' } });
    expect((await request(api.url).get(`/api/vehicles/${id}`).expect(200)).body.description).toBe(wanted);
  });
});

describe('expiry and renewal', () => {
  it('takes a listing off the market 60 days after it went live, tells its seller, and brings it back in one tap', async () => {
    const id = await liveListing(api.url, seller.token, admin.token, { title: '2020 Nissan Leaf SV', brand: 'Nissan', model: 'Leaf', price: 9_800_000 });
    const live = (await request(api.url).get(`/api/vehicles/${id}`).set(auth(seller)).expect(200)).body;
    const days = (Date.parse(live.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59.9);
    expect(days).toBeLessThanOrEqual(60);
    await db.query(`update listings set expires_at = now() + interval '2 days' where id = $1`, [id]);
    await api.jobs.runNow('listings-expiry-reminders');
    await expect.poll(async () => (await notifications(seller)).map((n) => n.title), { timeout: 15_000 }).toContain('Your listing expires soon');

    await db.query(`update listings set expires_at = now() - interval '1 minute' where id = $1`, [id]);
    await api.jobs.runNow('listings-expire');
    await expect.poll(async () => (await request(api.url).get(`/api/vehicles/${id}`).set(auth(seller))).body.status, { timeout: 15_000 }).toBe('expired');
    await request(api.url).get(`/api/vehicles/${id}`).set(auth(buyer)).expect(404);
    expect((await notifications(seller)).map((n) => n.title)).toContain('Your listing has expired');

    await request(api.url).post(`/api/vehicles/${id}/renew`).expect(401);
    await request(api.url).post(`/api/vehicles/${id}/renew`).set(auth(buyer)).expect(404);
    const renewed = await request(api.url).post(`/api/vehicles/${id}/renew`).set(auth(seller)).expect(200);
    expect(renewed.body).toMatchObject({ id, status: 'active' });
    expect((await request(api.url).get(`/api/vehicles/${id}`).set(auth(buyer)).expect(200)).body.title).toBe('2020 Nissan Leaf SV');
  });
});

describe('reports and suspensions', () => {
  it("lets a member report a listing once, queues it by target with its history, and tells every reporter the outcome", async () => {
    const id = await liveListing(api.url, seller.token, admin.token, { title: '2023 Tesla Model Y Long Range', brand: 'Tesla', model: 'Model Y', price: 52_000_000 });
    await request(api.url).post('/api/reports').send({ target: 'listing', targetId: String(id), reason: 'scam' }).expect(401);
    const bad = await request(api.url).post('/api/reports').set(auth(buyer)).send({ target: 'listing', targetId: String(id), reason: 'other', note: ' ' }).expect(400);
    expect(bad.body.error.details).toEqual([{ field: 'note', message: 'Tell us what is wrong' }]);
    const self = await request(api.url).post('/api/reports').set(auth(seller)).send({ target: 'listing', targetId: String(id), reason: 'scam' }).expect(422);
    expect(self.body.error.code).toBe('CANNOT_REPORT_YOURSELF');
    await request(api.url).post('/api/reports').set(auth(buyer)).send({ target: 'listing', targetId: '999999', reason: 'scam' }).expect(404);

    await request(api.url).post('/api/reports').set(auth(buyer))
      .send({ target: 'listing', targetId: String(id), reason: 'stolen_photos', note: 'Same photos as a Model Y listed in Abuja by someone else.' }).expect(201);
    const again = await request(api.url).post('/api/reports').set(auth(buyer)).send({ target: 'listing', targetId: String(id), reason: 'scam' }).expect(409);
    expect(again.body.error.code).toBe('ALREADY_REPORTED');
    await request(api.url).post('/api/reports').set(auth(otherBuyer)).send({ target: 'listing', targetId: String(id), reason: 'scam', note: 'Asked me for a deposit.' }).expect(201);

    await request(api.url).get('/api/admin/reports').set(auth(buyer)).expect(403);
    const queue = await request(api.url).get('/api/admin/reports').set(auth(support)).expect(200);
    const group = queue.body.find((g: { id: string }) => g.id === `listing:${id}`);
    expect(group).toMatchObject({ target: 'listing', targetUserId: seller.uid, label: '2023 Tesla Model Y Long Range', targetStatus: 'active', openCount: 2 });
    expect([...group.reasons].sort()).toEqual(['scam', 'stolen_photos']);
    // The backoffice asks with the id percent-encoded, as react-admin sends it.
    const detail = await request(api.url).get(`/api/admin/reports/${encodeURIComponent(`listing:${id}`)}`).set(auth(support)).expect(200);
    expect(detail.body.open.map((r: { reporterName: string }) => r.reporterName)).toEqual(['Tunde Adeyemi', 'Ngozi Eze']);

    // Support takes it down and suspends the seller for a week (longer is an admin's).
    const tooLong = await request(api.url).post(`/api/admin/reports/listing:${id}/resolve`).set(auth(support))
      .send({ outcome: 'suspended', reason: 'Listing with stolen photos', days: 30, takeDown: true }).expect(403);
    expect(tooLong.body.error.code).toBe('SUSPENSION_TOO_LONG');
    const resolved = await request(api.url).post(`/api/admin/reports/listing:${id}/resolve`).set(auth(support))
      .send({ outcome: 'suspended', reason: 'Listing with stolen photos', days: 7, takeDown: true }).expect(200);
    expect(resolved.body).toEqual({ outcome: 'suspended', told: 2 });
    for (const reporter of [buyer, otherBuyer]) {
      expect((await notifications(reporter)).find((n) => n.title === 'We acted on your report')?.message)
        .toBe('Thanks to your report, we took down the listing and suspended the account behind "2023 Tesla Model Y Long Range".');
    }
    await request(api.url).post(`/api/admin/reports/listing:${id}/resolve`).set(auth(support)).send({ outcome: 'dismissed' }).expect(409);

    // The seller: told why and until when, listings gone from search, cannot list, write or pay; chats marked.
    const me = await request(api.url).post('/api/auth/sync').set(auth(seller)).send({}).expect(200);
    expect(me.body.suspension).toMatchObject({ reason: 'Listing with stolen photos' });
    const until = Date.parse(me.body.suspension.until);
    expect(Math.round((until - Date.now()) / 86_400_000)).toBe(7);
    expect((await request(api.url).get(`/api/vehicles/${id}`).set(auth(seller)).expect(200)).body.status).toBe('rejected');
    const listed = await request(api.url).post('/api/vehicles').set(auth(seller)).send(validListing()).expect(403);
    expect(listed.body.error).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    expect(listed.body.error.message).toMatch(/^Your account is suspended until \d{1,2} \w+ 20\d\d: Listing with stolen photos\. You cannot list, write or pay/);
    const audit = await db.query(`select action from audit_log where record_id in ($1, $2) order by id`, [String(id), seller.uid]);
    expect(audit.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['vehicle.taken_down', 'user.suspended']));
  });

  it("hides a suspended seller's live listings until an admin lifts it, and marks their chats", async () => {
    const dealer = await signedInUser({ name: 'Babajide Motors Ikeja' });
    const ids = await Promise.all([1, 2].map((n) => liveListing(api.url, dealer.token, admin.token, { title: `2022 BYD Atto 3 no. ${n}`, brand: 'BYD', model: 'Atto 3', location: 'Ibadan' })));
    await request(api.url).post('/api/chat/send-message').set(auth(buyer)).send({ listingId: ids[0], receiverId: dealer.uid, message: 'Is it still available?' }).expect(201);
    await request(api.url).post(`/api/admin/users/${dealer.uid}/suspend`).set(auth(buyer)).send({ reason: 'x', days: 1 }).expect(403);
    await request(api.url).post(`/api/admin/users/${admin.uid}/suspend`).set(auth(admin)).send({ reason: 'x', days: 1 }).expect(409);
    const waiting = (await request(api.url).post('/api/vehicles').set(auth(dealer)).send(validListing({ imageUrls: [await uploadedPhoto(api.url, dealer.token, '#963')], title: '2021 BYD Han EV', brand: 'BYD', model: 'Han' })).expect(201)).body.id as number;
    const suspended = await request(api.url).post(`/api/admin/users/${dealer.uid}/suspend`).set(auth(admin)).send({ reason: 'Repeated deposit requests', days: null }).expect(200);
    expect(suspended.body).toMatchObject({ userId: dealer.uid, until: null, listingsHidden: 2 });
    // A listing of theirs still waiting is not approved onto the market meanwhile.
    expect((await request(api.url).post(`/api/admin/vehicles/${waiting}/approve`).set(auth(support)).expect(409)).body.error.code).toBe('SELLER_SUSPENDED');
    const search = await request(api.url).get('/api/vehicles').query({ location: 'Ibadan', brand: 'BYD' }).expect(200);
    expect(search.body.map((l: { id: number }) => l.id)).not.toEqual(expect.arrayContaining(ids));
    await request(api.url).get(`/api/vehicles/${ids[0]}`).set(auth(buyer)).expect(404);
    const chat = await request(api.url).get(`/api/chat/messages/${ids[0]}/${dealer.uid}`).set(auth(buyer)).expect(200);
    expect(chat.body.otherUser.suspended).toBe(true);
    const write = await request(api.url).post('/api/chat/send-message').set(auth(dealer)).send({ listingId: ids[0], receiverId: buyer.uid, message: 'Pay a deposit now' }).expect(403);
    expect(write.body.error.code).toBe('ACCOUNT_SUSPENDED');
    // An open-ended suspension is an admin's to lift.
    await request(api.url).post(`/api/admin/users/${dealer.uid}/lift-suspension`).set(auth(support)).expect(403);
    const lifted = await request(api.url).post(`/api/admin/users/${dealer.uid}/lift-suspension`).set(auth(admin)).expect(200);
    expect(lifted.body).toEqual({ userId: dealer.uid, listingsRestored: 2 });
    await request(api.url).get(`/api/vehicles/${ids[0]}`).set(auth(buyer)).expect(200);
    await request(api.url).post(`/api/admin/users/${dealer.uid}/lift-suspension`).set(auth(admin)).expect(409);
  });

  it('brings listings back by itself when a timed suspension ends', async () => {
    const person = await signedInUser({ name: 'Ifeoma Nwachukwu' });
    const id = await liveListing(api.url, person.token, admin.token, { title: '2021 MG ZS EV Exclusive', brand: 'MG', model: 'ZS EV' });
    await request(api.url).post(`/api/admin/users/${person.uid}/suspend`).set(auth(support)).send({ reason: 'Offensive messages', days: 1 }).expect(200);
    await db.query(`update users set suspended_until = now() - interval '1 second' where id = $1`, [person.uid]);
    await db.query(`update suspensions set until = now() - interval '1 second' where user_id = $1`, [person.uid]);
    // Free by the date at once, before the job runs.
    await request(api.url).post(`/api/vehicles/${id}/renew`).set(auth(person)).expect(409);
    await api.jobs.runNow('suspensions-end');
    await expect.poll(async () => (await request(api.url).get(`/api/vehicles/${id}`)).status, { timeout: 15_000 }).toBe(200);
  });
});

describe('contact details', () => {
  it('are never given to visitors, are counted per member, and stop at the limit with a clear 429', async () => {
    const sellers = await Promise.all(Array.from({ length: 4 }, (_, i) => signedInUser({ name: `Seller Number${i}` })));
    const ids = await Promise.all(sellers.map((s, i) => liveListing(api.url, s.token, admin.token, { title: `2022 Hyundai Kona Electric ${i}`, brand: 'Hyundai', model: 'Kona Electric', sellerPhone: `0803 555 01${10 + i}` })));
    await request(api.url).post(`/api/vehicles/${ids[0]}/contact`).expect(401);
    // A guest account (free to mint) sees 3 sellers' numbers a day, then a 429 that says when.
    const guest = await anonymousGuest();
    const network = { 'X-Forwarded-For': '10.77.0.1' };
    for (const id of ids.slice(0, 3)) await request(api.url).post(`/api/vehicles/${id}/contact`).set(auth(guest)).set(network).expect(200);
    const limited = await request(api.url).post(`/api/vehicles/${ids[3]}/contact`).set(auth(guest)).set(network).expect(429);
    expect(limited.body.error.code).toBe('CONTACT_LIMIT_REACHED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(86_000);
    // A sold listing's seller is no longer given out.
    await request(api.url).post(`/api/vehicles/${ids[3]}/sold`).set(auth(sellers[3]!)).expect(200);
    expect((await request(api.url).post(`/api/vehicles/${ids[3]}/contact`).set(auth(buyer)).expect(409)).body.error.code).toBe('CONTACT_NOT_AVAILABLE');
    // Seeing one already seen again is free.
    await request(api.url).post(`/api/vehicles/${ids[0]}/contact`).set(auth(guest)).set(network).expect(200);
    // The seller sees who was shown their number; nobody else does.
    const reveals = await request(api.url).get(`/api/vehicles/${ids[0]}/contact-reveals`).set(auth(sellers[0]!)).expect(200);
    expect(reveals.body.total).toBe(1);
    await request(api.url).get(`/api/vehicles/${ids[0]}/contact-reveals`).set(auth(buyer)).expect(403);
  });

  it('lets one network address collect at most 30 listings\' contacts a day, however many accounts it makes', async () => {
    const sellers = await Promise.all(Array.from({ length: 36 }, (_, i) => signedInUser({ name: `Harvest Target${i}` })));
    const ids: number[] = [];
    for (const s of sellers) ids.push(await liveListing(api.url, s.token, admin.token, { title: '2021 Volkswagen e-Golf', brand: 'Volkswagen', model: 'e-Golf', sellerPhone: '0809 111 2222' }));
    const accounts = await Promise.all(Array.from({ length: 3 }, (_, i) => signedInUser({ name: `Harvester Account${i}` })));
    const network = { 'X-Forwarded-For': '10.66.0.9' };
    let phones = 0;
    let refused = 0;
    // Each account asks for 12 different listings (36 in all), some at once.
    await Promise.all(accounts.map(async (account, a) => {
      for (const id of ids.slice(a * 12, a * 12 + 12)) {
        const res = await request(api.url).post(`/api/vehicles/${id}/contact`).set(auth(account)).set(network);
        if (res.status === 200) phones += 1;
        else if (res.status === 429) refused += 1;
      }
    }));
    expect(phones).toBe(30);
    expect(refused).toBe(6);
  }, 120_000);
});

describe('chat safety', () => {
  it('marks a message asking for a deposit or carrying an account number with a tip, and never blocks it', async () => {
    const honest = await signedInUser({ name: 'Aisha Bello' });
    const listing = await liveListing(api.url, honest.token, admin.token, { title: '2022 Volvo XC40 Recharge', brand: 'Volvo', model: 'XC40 Recharge' });
    await request(api.url).post('/api/chat/send-message').set(auth(buyer)).send({ listingId: listing, receiverId: honest.uid, message: 'Is it available?' }).expect(201);
    const sent = await request(api.url).post('/api/chat/send-message').set(auth(honest))
      .send({ listingId: listing, receiverId: buyer.uid, message: 'Yes. Pay a deposit of 500k to 0123456789 GTBank to hold it for you.' }).expect(201);
    expect(sent.body.message.safetyTip).toBe('Never pay a deposit or send money before you have seen the car and its papers.');
    const thread = await request(api.url).get(`/api/chat/messages/${listing}/${honest.uid}`).set(auth(buyer)).expect(200);
    expect(thread.body.youAre).toBe('buyer');
    expect(thread.body.messages.map((m: { safetyTip?: string }) => m.safetyTip ?? null)).toEqual([
      null, 'Never pay a deposit or send money before you have seen the car and its papers.',
    ]);
  });
});

describe('authorization matrix of the trust-and-safety routes', () => {
  it('answers visitors 401, members 403 on staff routes, and lets support and admins through', async () => {
    const member = await signedInUser({ name: 'Matrix Member' });
    const target = await signedInUser({ name: 'Matrix Target' });
    const id = await liveListing(api.url, target.token, admin.token, { title: '2022 Nissan Ariya Evolve', brand: 'Nissan', model: 'Ariya' });
    await request(api.url).post('/api/reports').set(auth(member)).send({ target: 'user', targetId: target.uid, reason: 'offensive' }).expect(201);
    const staffRoutes: [string, string, object?][] = [
      ['GET', '/api/admin/listing-changes'],
      ['GET', '/api/admin/listing-changes/999999'],
      ['POST', '/api/admin/listing-changes/999999/approve'],
      ['POST', '/api/admin/listing-changes/999999/reject', { reason: 'x' }],
      ['GET', '/api/admin/reports'],
      ['GET', `/api/admin/reports/user:${target.uid}`],
      ['POST', `/api/admin/reports/user:${target.uid}/resolve`, { outcome: 'dismissed' }],
      ['POST', `/api/admin/users/${target.uid}/suspend`, { reason: 'x', days: 1 }],
      ['POST', `/api/admin/users/${target.uid}/lift-suspension`],
    ];
    const send = (method: string, path: string, body: object | undefined, who?: { token: string }) => {
      const r = method === 'GET' ? request(api.url).get(path) : request(api.url).post(path).send(body ?? {});
      return who ? r.set(auth(who)) : r;
    };
    for (const [method, path, body] of staffRoutes) {
      expect((await send(method, path, body)).status, `${method} ${path} visitor`).toBe(401);
      expect((await send(method, path, body, member)).status, `${method} ${path} member`).toBe(403);
      expect([200, 404, 409], `${method} ${path} support`).toContain((await send(method, path, body, support)).status);
    }
    const memberRoutes: [string, string, object?][] = [
      ['POST', '/api/reports', { target: 'listing', targetId: String(id), reason: 'scam' }],
      ['POST', `/api/vehicles/${id}/contact`],
      ['GET', `/api/vehicles/${id}/contact-reveals`],
      ['POST', `/api/vehicles/${id}/renew`],
    ];
    for (const [method, path, body] of memberRoutes) expect((await send(method, path, body)).status, `${method} ${path} visitor`).toBe(401);
    // Another member is not the listing's seller: no reveals list, no renewal.
    expect((await send('GET', `/api/vehicles/${id}/contact-reveals`, undefined, member)).status).toBe(403);
    expect((await send('POST', `/api/vehicles/${id}/renew`, undefined, member)).status).toBe(403);
    expect((await send('POST', `/api/vehicles/${id}/renew`, undefined, target)).status).toBe(200);
  });
});
