import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, lagosDay } from '@voltmarket/domain';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi, uploadedPhoto } from '../support/harness.js';

/**
 * Renting end to end against the real API and Postgres: rental vehicles and their free days, the
 * server's quote, requests, the booking's life for renter, owner and staff, expiry, and the
 * database's refusal of double bookings under concurrent confirmations.
 */
type Person = { uid: string; token: string; email: string };
let api: TestApi;
let owner: Person;
let renter: Person;
let renter2: Person;
let stranger: Person;
let admin: Person;
let support: Person;
let suv: number; // created by the admin for the owner, Port Harcourt, SUV
let sedan: number; // the owner's own listing offered for rent, Lagos

const auth = (p: Person) => ({ Authorization: `Bearer ${p.token}` });
const sql = <T>(query: string, params: unknown[] = []) => api.orm.em.getConnection().execute<T[]>(query, params);
const today = () => lagosDay(new Date());
const day = (n: number) => addDays(today(), n);

async function ask(who: Person, vehicleId: number, from: number, to: number, extra: Record<string, unknown> = {}) {
  return request(api.url).post('/api/rentals').set(auth(who)).send({
    vehicleId, startDate: day(from), endDate: day(to), pickupLocation: 'Port Harcourt International Airport, Omagwa',
    dropoffLocation: 'GRA Phase 2, Port Harcourt', notes: 'Arriving on the evening flight from Lagos.', ...extra,
  });
}

beforeAll(async () => {
  api = await startTestApi();
  admin = await signedInAs(api.staffEmails.admin);
  support = await signedInAs(api.staffEmails.support);
  owner = await signedInUser({ name: 'Chukwuemeka Okonkwo-Adeyemi', email: 'chukwuemeka.okonkwo-adeyemi@port-harcourt-ev-rentals.com.ng' });
  renter = await signedInUser({ name: 'Oluwaseun Adebayo-Williams' });
  renter2 = await signedInUser({ name: 'Ngozi Eze' });
  stranger = await signedInUser({ name: 'Ibrahim Musa' });
  // Signed in once, so the member exists to be named the owner.
  await request(api.url).get('/api/rentals/mine').set(auth(owner)).expect(200);
  const photo = await uploadedPhoto(api.url, admin.token);
  const created = await request(api.url).post('/api/admin/rental-vehicles').set(auth(admin)).send({
    title: '2024 Hyundai IONIQ 5 Long Range AWD', description: 'Family SUV with Vehicle-to-Load.', brand: 'Hyundai', model: 'IONIQ 5',
    year: '2024', price: '48,500,000', dailyRentalRate: '32000', weeklyRentalRate: 190_000, monthlyRentalRate: '1,250,000', location: 'Port Harcourt',
    mileage: '', range: '488', batteryCapacity: '77.4', chargingType: 'CCS', bodyType: 'SUV', seats: '5',
    features: ['Vehicle-to-Load', 'Heated Seats', '360° Camera'], imageUrls: [photo], isRentalAvailable: true, vehicleType: 'EV', sellerId: owner.uid,
  }).expect(201);
  suv = created.body.id;
  sedan = await liveListing(api.url, owner.token, admin.token, {
    title: '2023 Tesla Model 3 Long Range', brand: 'Tesla', model: 'Model 3', location: 'Lagos', price: 42_000_000,
    isRentalAvailable: true, dailyRentalRate: 25_000, weeklyRentalRate: 150_000, monthlyRentalRate: null,
  });
});
afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

describe('creating a rental vehicle', () => {
  it('converts the spec\'s text fields, owns it to the named member, and puts it live', async () => {
    const { body } = await request(api.url).get(`/api/admin/rental-vehicles/${suv}`).set(auth(support)).expect(200);
    expect(body).toMatchObject({
      status: 'active', price: 48_500_000, dailyRentalRate: 32_000, weeklyRentalRate: 190_000, monthlyRentalRate: 1_250_000, mileage: 0, range: 488,
      batteryCapacity: 77.4, chargingType: 'DC', bodyType: 'SUV', seats: 5, vehicleType: 'car', sellerId: owner.uid, isRentalAvailable: true,
    });
    const [audit] = await sql<{ action: string; actor_id: string }>(`select action, actor_id from audit_log where record_id = ? and action = 'vehicle.rental_created'`, [String(suv)]);
    expect(audit?.actor_id).toBe(admin.uid);
  });

  it('is for admins only, and names every missing or malformed field instead of storing 0', async () => {
    const before = (await sql<{ n: number }>('select count(*)::int as n from listings'))[0]!.n;
    const valid = { title: '2023 Nissan Leaf', brand: 'Nissan', model: 'Leaf', year: 2023, price: 16_500_000, location: 'Lagos', range: 270, dailyRentalRate: 15_000, imageUrls: ['/uploads/x.webp'] };
    await request(api.url).post('/api/admin/rental-vehicles').set(auth(support)).send(valid).expect(403);
    await request(api.url).post('/api/admin/rental-vehicles').set(auth(renter)).send(valid).expect(403);
    await request(api.url).post('/api/admin/rental-vehicles').send(valid).expect(401);
    const bad = await request(api.url).post('/api/admin/rental-vehicles').set(auth(admin)).send({
      title: '2023 Nissan Leaf', brand: 'Nissan', model: 'Leaf', year: 'twenty', price: '', location: 'Lagos', range: '270', dailyRentalRate: 'abc', imageUrls: [],
    }).expect(400);
    expect(bad.body.error.details.map((d: { field: string }) => d.field)).toEqual(['year', 'price', 'dailyRentalRate', 'imageUrls']);
    expect((await sql<{ n: number }>('select count(*)::int as n from listings'))[0]!.n).toBe(before);
  });
});

describe('finding a rental vehicle', () => {
  it('filters by part of the city in any case and by type, and tells availability', async () => {
    const ph = await request(api.url).get('/api/rentals/vehicles').query({ location: 'port harc' }).expect(200);
    expect(ph.body.map((v: { id: number }) => v.id)).toEqual([suv]);
    expect(ph.headers['x-total-count']).toBe('1');
    expect(ph.body[0]).toMatchObject({ bodyType: 'SUV', seats: 5, features: ['Vehicle-to-Load', 'Heated Seats', '360° Camera'], dailyRentalRate: 32_000, weeklyRentalRate: 190_000, monthlyRentalRate: 1_250_000, dailyRate: 32_000, availability: 'available', quote: null, owner: { id: owner.uid } });
    const suvs = await request(api.url).get('/api/rentals/vehicles').query({ type: 'SUV' }).expect(200);
    expect(suvs.body.map((v: { id: number }) => v.id)).toEqual([suv]);
    const any = await request(api.url).get('/api/rentals/vehicles').query({ type: 'any', sort: 'price-asc' }).expect(200);
    expect(any.body.map((v: { id: number }) => v.id)).toEqual([sedan, suv]);
    await request(api.url).get('/api/rentals/vehicles').query({ type: 'Limousine' }).expect(400);
  });

  it('quotes a stay by the server\'s rule, and refuses bad dates with the field', async () => {
    const q = await request(api.url).get('/api/rentals/quote').query({ vehicleId: suv, startDate: day(3), endDate: day(13) }).expect(200);
    expect(q.body).toMatchObject({ days: 10, total: 190_000 + 3 * 32_000, fullDailyPrice: 320_000, saving: 34_000, available: true });
    const past = await request(api.url).get('/api/rentals/quote').query({ vehicleId: suv, startDate: day(-1), endDate: day(2) }).expect(400);
    expect(past.body.error.details).toEqual([{ field: 'startDate', message: 'Start date cannot be in the past' }]);
    const backwards = await request(api.url).get('/api/rentals/quote').query({ vehicleId: suv, startDate: day(5), endDate: day(5) }).expect(400);
    expect(backwards.body.error.details[0].field).toBe('endDate');
    await request(api.url).get('/api/rentals/quote').query({ vehicleId: suv, startDate: '2026-02-30', endDate: day(5) }).expect(400);
    await request(api.url).get('/api/rentals/quote').query({ vehicleId: 2_000_000_000, startDate: day(1), endDate: day(2) }).expect(404);
  });
});

describe('asking to rent', () => {
  it('needs a signed-in renter who is not the owner, and a vehicle taking requests', async () => {
    await request(api.url).post('/api/rentals').send({ vehicleId: suv, startDate: day(1), endDate: day(2), pickupLocation: 'a', dropoffLocation: 'b' }).expect(401);
    expect((await ask(owner, suv, 1, 2)).status).toBe(422);
    expect((await ask(renter, suv, 1, 2, { renterId: stranger.uid })).status).toBe(403);
    const missing = await ask(renter, suv, 1, 2, { pickupLocation: '   ' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toEqual([{ field: 'pickupLocation', message: 'Pickup location is required' }]);
    await request(api.url).patch(`/api/admin/vehicles/${sedan}/rental-settings`).set(auth(support)).send({ isRentalAvailable: false }).expect(200);
    const off = await ask(renter, sedan, 1, 2);
    expect(off.status).toBe(422);
    expect(off.body.error.message).toBe('This vehicle is not taking rental requests right now.');
    await request(api.url).patch(`/api/admin/vehicles/${sedan}/rental-settings`).set(auth(support)).send({ isRentalAvailable: true }).expect(200);
    expect((await sql<{ n: number }>('select count(*)::int as n from rentals'))[0]!.n).toBe(0);
  });

  it('is priced by the server whatever the client sends, and tells the owner', async () => {
    const res = await ask(renter, suv, 2, 9, { totalPrice: 1, dailyRate: 1, ownerId: renter.uid });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending', days: 7, totalPrice: 190_000, dailyRentalRate: 32_000, weeklyRentalRate: 190_000, dailyRate: 32_000, renterId: renter.uid, ownerId: owner.uid, actions: ['cancel'],
      pickupLocation: 'Port Harcourt International Airport, Omagwa', owner: { name: 'Chukwuemeka Okonkwo-Adeyemi' },
    });
    expect(new Date(res.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 47 * 3_600_000);
    const [notice] = await sql<{ title: string; type: string; action_url: string }>(`select title, type, action_url from notifications where user_id = ? order by id desc limit 1`, [owner.uid]);
    expect(notice).toMatchObject({ title: 'New rental request', type: 'rental' });
    expect(notice!.action_url).toContain('tab=rentals');
    const again = await ask(renter, suv, 5, 6);
    expect(again.status).toBe(409);
  });
});

describe('a booking\'s life', () => {
  let first: number;
  let rival: number;

  it('shows each person only their own bookings: renter, owner, and nobody else', async () => {
    first = (await request(api.url).get('/api/rentals/mine').set(auth(renter)).expect(200)).body[0].id;
    rival = (await ask(renter2, suv, 4, 6)).body.id;
    const asOwner = await request(api.url).get('/api/rentals/mine').query({ as: 'owner' }).set(auth(owner)).expect(200);
    expect(asOwner.body.map((r: { id: number }) => r.id).sort()).toEqual([first, rival].sort());
    expect(asOwner.body[0].actions).toEqual(['confirm', 'cancel']);
    expect(asOwner.body.find((r: { id: number }) => r.id === first).renter.email).toBe(renter.email);
    const mine = await request(api.url).get('/api/rentals/mine').set(auth(renter2)).expect(200);
    expect(mine.body.map((r: { id: number }) => r.id)).toEqual([rival]);
    expect((await request(api.url).get('/api/rentals/mine').set(auth(stranger)).expect(200)).body).toEqual([]);
    expect((await request(api.url).get('/api/rentals/mine').query({ as: 'owner' }).set(auth(renter)).expect(200)).body).toEqual([]);
    await request(api.url).get(`/api/rentals/${first}`).set(auth(stranger)).expect(403);
    await request(api.url).get(`/api/rentals/${first}`).set(auth(renter2)).expect(403);
    await request(api.url).get(`/api/rentals/${first}`).set(auth(support)).expect(200);
    await request(api.url).get('/api/rentals/mine').expect(401);
  });

  it('moves only by the owner or staff; spoofed callers get 403 and change nothing', async () => {
    await request(api.url).post(`/api/rentals/${first}/status`).set(auth(renter)).send({ status: 'confirmed' }).expect(403);
    await request(api.url).post(`/api/rentals/${first}/status`).set(auth(stranger)).send({ status: 'confirmed' }).expect(403);
    await request(api.url).post(`/api/rentals/${first}/cancel`).set(auth(stranger)).send({}).expect(403);
    await request(api.url).patch(`/api/admin/rentals/${first}/status`).set(auth(owner)).send({ status: 'confirmed' }).expect(403);
    const [row] = await sql<{ status: string }>('select status from rentals where id = ?', [first]);
    expect(row!.status).toBe('pending');
  });

  it('confirms: the rival request for the same days is cancelled, both renters are told, and the days are taken', async () => {
    const res = await request(api.url).post(`/api/rentals/${first}/status`).set(auth(owner)).send({ status: 'confirmed' }).expect(200);
    expect(res.body).toMatchObject({ status: 'confirmed', actions: ['cancel', 'start'] });
    const rivalNow = await request(api.url).get(`/api/rentals/${rival}`).set(auth(renter2)).expect(200);
    expect(rivalNow.body).toMatchObject({ status: 'cancelled', cancelReason: 'These dates are no longer available', cancelledBy: 'system', actions: [] });
    const titles = await sql<{ user_id: string; title: string }>(`select user_id, title from notifications where type = 'rental' and user_id in (?, ?) order by id`, [renter.uid, renter2.uid]);
    expect(titles).toEqual(expect.arrayContaining([{ user_id: renter.uid, title: 'Rental confirmed' }, { user_id: renter2.uid, title: 'Rental request cancelled' }]));
    const taken = await ask(renter2, suv, 8, 10);
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('These dates are no longer available');
    expect((await ask(renter2, suv, 9, 11)).status).toBe(201); // the drop-off day is free
    const search = await request(api.url).get('/api/rentals/vehicles').query({ startDate: day(5), endDate: day(6) }).expect(200);
    expect(search.body.map((v: { id: number }) => v.id)).toEqual([sedan]);
    expect(search.body[0].quote).toMatchObject({ days: 1, total: 25_000, available: true });
    const detail = await request(api.url).get(`/api/rentals/vehicles/${suv}`).expect(200);
    expect(detail.body.bookedRanges).toEqual([{ startDate: day(2), endDate: day(9) }]);
  });

  it('refuses moves the state does not allow (409) and a start before the first day (422)', async () => {
    const complete = await request(api.url).post(`/api/rentals/${first}/status`).set(auth(owner)).send({ status: 'completed' }).expect(409);
    expect(complete.body.error.message).toBe('A confirmed booking cannot be completed.');
    await request(api.url).post(`/api/rentals/${first}/status`).set(auth(owner)).send({ status: 'confirmed' }).expect(409);
    const early = await request(api.url).patch(`/api/admin/rentals/${first}/status`).set(auth(support)).send({ status: 'active' }).expect(422);
    expect(early.body.error.code).toBe('RENTAL_NOT_STARTED');
  });

  it('lets staff run it through its life, audited, with the renter told each time', async () => {
    await sql(`update rentals set start_date = ?::date where id = ?`, [today(), first]);
    const started = await request(api.url).patch(`/api/admin/rentals/${first}/status`).set(auth(support)).send({ status: 'active' }).expect(200);
    expect(started.body).toMatchObject({ status: 'active', actions: ['complete'], renter: { email: renter.email } });
    await request(api.url).post(`/api/rentals/${first}/cancel`).set(auth(renter)).send({}).expect(409);
    await request(api.url).patch(`/api/admin/rentals/${first}/status`).set(auth(support)).send({ status: 'completed' }).expect(200);
    await request(api.url).patch(`/api/admin/rentals/${first}/status`).set(auth(support)).send({ status: 'cancelled' }).expect(409);
    const audit = await sql<{ before: { status: string }; after: { status: string } }>(`select before, after from audit_log where resource = 'rentals' and record_id = ? order by id`, [String(first)]);
    expect(audit.map((a) => [a.before.status, a.after.status])).toEqual([['confirmed', 'active'], ['active', 'completed']]);
    const told = await sql<{ title: string }>(`select title from notifications where user_id = ? and type = 'rental' order by id`, [renter.uid]);
    expect(told.map((t) => t.title)).toEqual(['Rental confirmed', 'Rental started', 'Rental completed']);
  });

  it('lets the renter withdraw a pending request, and the owner hears of it', async () => {
    const pending = (await ask(renter, sedan, 20, 22)).body.id;
    const res = await request(api.url).post(`/api/rentals/${pending}/cancel`).set(auth(renter)).send({ reason: 'Plans changed' }).expect(200);
    expect(res.body).toMatchObject({ status: 'cancelled', cancelReason: 'Plans changed', cancelledBy: 'renter' });
    const [notice] = await sql<{ title: string }>(`select title from notifications where user_id = ? order by id desc limit 1`, [owner.uid]);
    expect(notice!.title).toBe('Rental cancelled by the renter');
  });

  it('keeps /cancel for the renter: the owner declines through /status, always with a reason the renter reads', async () => {
    const pending = (await ask(renter, sedan, 24, 26)).body.id as number;
    const row = async () => (await sql<{ status: string; cancel_reason: string | null; cancelled_by: string | null }>(
      'select status, cancel_reason, cancelled_by from rentals where id = ?', [pending]))[0];
    const renterNotices = async () => (await sql<{ n: number }>(`select count(*)::int as n from notifications where user_id = ?`, [renter.uid]))[0]!.n;
    const toldBefore = await renterNotices();

    const refused = await request(api.url).post(`/api/rentals/${pending}/cancel`).set(auth(owner)).send({}).expect(403);
    expect(refused.body.error.code).toBe('RENTAL_DECLINE_WITH_REASON');
    expect(refused.body.error.message).toMatch(/decline.*reason/);
    await request(api.url).post(`/api/rentals/${pending}/cancel`).set(auth(owner)).send({ reason: 'Car is in for service' }).expect(403);
    await request(api.url).post(`/api/rentals/${pending}/cancel`).set(auth(support)).send({ reason: 'Asked by phone' }).expect(403);
    expect(await row()).toEqual({ status: 'pending', cancel_reason: null, cancelled_by: null });

    const bare = await request(api.url).post(`/api/rentals/${pending}/status`).set(auth(owner)).send({ status: 'cancelled' }).expect(400);
    expect(bare.body.error.details).toEqual([{ field: 'reason', message: 'Tell the renter why you are declining' }]);
    await request(api.url).post(`/api/rentals/${pending}/status`).set(auth(owner)).send({ status: 'cancelled', reason: '   ' }).expect(400);
    expect(await row()).toEqual({ status: 'pending', cancel_reason: null, cancelled_by: null });
    expect(await renterNotices()).toBe(toldBefore);

    const declined = await request(api.url).post(`/api/rentals/${pending}/status`).set(auth(owner)).send({ status: 'cancelled', reason: 'The car is in for service that week' }).expect(200);
    expect(declined.body).toMatchObject({ status: 'cancelled', cancelledBy: 'owner', cancelReason: 'The car is in for service that week', actions: [] });
    const seen = await request(api.url).get(`/api/rentals/${pending}`).set(auth(renter)).expect(200);
    expect(seen.body).toMatchObject({ cancelledBy: 'owner', cancelReason: 'The car is in for service that week' });
    const [told] = await sql<{ title: string; message: string }>(`select title, message from notifications where user_id = ? order by id desc limit 1`, [renter.uid]);
    expect(told).toMatchObject({ title: 'Rental request declined' });
    expect(told!.message).toContain('Reason: The car is in for service that week');
  });
});

describe('a vehicle taken off the market', () => {
  it('keeps its bookings (named as they were), cannot confirm a request, and can still decline it', async () => {
    const leaf = await liveListing(api.url, owner.token, admin.token, {
      title: '2022 Nissan Leaf e+ Tekna', brand: 'Nissan', model: 'Leaf', location: 'Benin City', price: 16_500_000, isRentalAvailable: true, dailyRentalRate: 15_000,
    });
    const id = (await ask(renter, leaf, 30, 33)).body.id as number;
    await request(api.url).delete(`/api/admin/vehicles/${leaf}`).set(auth(admin)).expect(200);
    const mine = await request(api.url).get(`/api/rentals/${id}`).set(auth(owner)).expect(200);
    expect(mine.body.vehicle.title).toBe('2022 Nissan Leaf e+ Tekna');
    const refused = await request(api.url).post(`/api/rentals/${id}/status`).set(auth(owner)).send({ status: 'confirmed' }).expect(422);
    expect(refused.body.error.code).toBe('VEHICLE_NOT_LISTED');
    await request(api.url).post(`/api/rentals/${id}/status`).set(auth(owner)).send({ status: 'cancelled', reason: 'Sold the car' }).expect(200);
  });
});

describe('never a double booking', () => {
  it('twenty concurrent confirmations of overlapping requests: exactly one wins, the rest get 409', async () => {
    const renters = [renter, renter2, stranger];
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const [row] = await sql<{ id: string }>(
        `insert into rentals (vehicle_id, vehicle_title, renter_id, owner_id, start_date, end_date, days, total_price, daily_rate, status,
                              pickup_location, dropoff_location, expires_at)
         values (?, 'Tesla', ?, ?, ?::date, ?::date, 3, 75000, 25000, 'pending', 'Lekki Phase 1', 'Ikeja GRA', now() + interval '1 day') returning id`,
        [sedan, renters[i % 3]!.uid, owner.uid, day(40 + (i % 3)), day(43 + (i % 3))]);
      ids.push(Number(row!.id));
    }
    const results = await Promise.all(ids.map((id, i) => (i % 2 === 0
      ? request(api.url).post(`/api/rentals/${id}/status`).set(auth(owner)).send({ status: 'confirmed' })
      : request(api.url).patch(`/api/admin/rentals/${id}/status`).set(auth(support)).send({ status: 'confirmed' }))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const overlapping = await sql<{ n: number }>(
      `select count(*)::int as n from rentals a join rentals b on a.vehicle_id = b.vehicle_id and a.id < b.id
       where a.status in ('confirmed', 'active') and b.status in ('confirmed', 'active') and daterange(a.start_date, a.end_date) && daterange(b.start_date, b.end_date)`);
    expect(overlapping[0]!.n).toBe(0);
    const cancelled = await sql<{ n: number }>(`select count(*)::int as n from rentals where id in (${ids.join(', ')}) and status = 'cancelled'`);
    expect(cancelled[0]!.n).toBe(19);
  });

  it('is refused by the database itself, whatever the application does', async () => {
    const rows = await sql<{ id: string }>(`select id from rentals where vehicle_id = ? and status = 'cancelled' and start_date >= ?::date order by id limit 1`, [sedan, day(40)]);
    await expect(sql(`update rentals set status = 'confirmed', cancel_reason = null where id = ?`, [rows[0]!.id])).rejects.toMatchObject({ code: '23P01' });
  });
});

describe('requests nobody answers', () => {
  it('read as cancelled once lapsed, and the job cancels them as expired and tells the renter', async () => {
    const id = (await ask(renter2, sedan, 60, 62)).body.id as number;
    await sql(`update rentals set expires_at = now() - interval '1 minute' where id = ?`, [id]);
    const read = await request(api.url).get(`/api/rentals/${id}`).set(auth(renter2)).expect(200);
    expect(read.body).toMatchObject({ status: 'cancelled', cancelReason: 'expired', actions: [], expiresAt: null });
    await request(api.url).post(`/api/rentals/${id}/status`).set(auth(owner)).send({ status: 'confirmed' }).expect(409);
    await api.jobs.runNow('rental-requests-expire');
    await expect.poll(async () => (await sql<{ status: string; cancel_reason: string }>('select status, cancel_reason from rentals where id = ?', [id]))[0],
      { timeout: 20_000, interval: 250 }).toEqual({ status: 'cancelled', cancel_reason: 'expired' });
    const [notice] = await sql<{ title: string }>(`select title from notifications where user_id = ? order by id desc limit 1`, [renter2.uid]);
    expect(notice!.title).toBe('Rental request expired');
  });
});

describe('the backoffice', () => {
  it('lists bookings with filters and counts them by status', async () => {
    const cancelled = await request(api.url).get('/api/admin/rentals').query({ filter: JSON.stringify({ status: 'cancelled', q: 'ngozi' }) }).set(auth(support)).expect(200);
    expect(cancelled.headers['content-range']).toMatch(/^rentals /);
    const all = await request(api.url).get('/api/admin/rentals').query({ sort: JSON.stringify(['id', 'ASC']) }).set(auth(support)).expect(200);
    expect(all.body.length).toBeGreaterThan(0);
    const one = await request(api.url).get(`/api/admin/rentals/${all.body[0].id}`).set(auth(support)).expect(200);
    expect(one.body).toEqual(all.body[0]);
    expect(one.body.dailyRentalRate).toBe(one.body.dailyRate);
    await request(api.url).get(`/api/admin/rentals/${all.body[0].id}`).set(auth(renter)).expect(403);
    const summary = await request(api.url).get('/api/admin/rental-summary').set(auth(support)).expect(200);
    const [counts] = await sql<Record<string, number>>(`select (count(*) filter (where status = 'completed'))::int as completed, (count(*) filter (where status = 'confirmed'))::int as confirmed from rentals`);
    expect(summary.body).toMatchObject({ completed: counts!.completed, confirmed: counts!.confirmed, vehicles: 2, availableVehicles: 2 });
    await request(api.url).get('/api/admin/rentals').set(auth(renter)).expect(403);
    await request(api.url).get('/api/admin/rentals').query({ filter: JSON.stringify({ status: 'lost' }) }).set(auth(support)).expect(400);
  });

  it('edits rates: a whole naira amount, never an empty or non-numeric one read as 0', async () => {
    for (const bad of ['', 'abc', 0, '12.5', -5]) {
      const res = await request(api.url).patch(`/api/admin/vehicles/${sedan}/rental-settings`).set(auth(support)).send({ dailyRentalRate: bad }).expect(400);
      expect(res.body.error.details[0].field).toBe('dailyRentalRate');
    }
    const ok = await request(api.url).patch(`/api/admin/vehicles/${sedan}/rental-settings`).set(auth(support)).send({ dailyRentalRate: '27,500', weeklyRentalRate: null, monthlyRentalRate: 600_000 }).expect(200);
    expect(ok.body).toMatchObject({ dailyRentalRate: 27_500, weeklyRentalRate: null, monthlyRentalRate: 600_000 });
    await request(api.url).patch(`/api/admin/vehicles/${sedan}/rental-settings`).set(auth(renter)).send({ dailyRentalRate: 1 }).expect(403);
    const list = await request(api.url).get('/api/admin/rental-vehicles').query({ range: '[0,49]' }).set(auth(support)).expect(200);
    expect(list.body.map((v: { id: number }) => v.id).sort()).toEqual([suv, sedan].sort());
  });
});
