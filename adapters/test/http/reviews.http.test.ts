import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, lagosDay } from '@voltmarket/domain';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

/**
 * Reviews end to end against the real API and Postgres: who may review whom and when, the rental's
 * double-blind, one review and one reply each, staff hiding with a reason, ratings that follow, and
 * bad input on every route.
 */
type Person = { uid: string; token: string; email: string };
let api: TestApi;
let owner: Person;
let renter: Person;
let buyer: Person;
let stranger: Person;
let support: Person;
let admin: Person;
let car: number;
let booking: number;

const auth = (p: Person) => ({ Authorization: `Bearer ${p.token}` });
const sql = <T>(query: string, params: unknown[] = []) => api.orm.em.getConnection().execute<T[]>(query, params);
const day = (n: number) => addDays(lagosDay(new Date()), n);
const review = (extra: Record<string, unknown>) => ({ rating: 5, title: 'Smooth from pickup to return', comment: 'The car was clean and charged, and the handover took five minutes.', ...extra });

/** A booking of `car` by `who`, taken through confirmed, active and completed by the owner. */
async function completedRental(who: Person, from: number, to: number): Promise<number> {
  const asked = await request(api.url).post('/api/rentals').set(auth(who)).send({
    vehicleId: car, startDate: day(from), endDate: day(to), pickupLocation: 'Lekki Phase 1, Lagos', dropoffLocation: 'Lekki Phase 1, Lagos', notes: '',
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const id = asked.body.id as number;
  await request(api.url).post(`/api/rentals/${id}/status`).set(auth(owner)).send({ status: 'confirmed' }).expect(200);
  await sql(`update rentals set start_date = ?::date where id = ?`, [day(0), id]);
  await request(api.url).post(`/api/rentals/${id}/status`).set(auth(owner)).send({ status: 'active' }).expect(200);
  await request(api.url).post(`/api/rentals/${id}/status`).set(auth(owner)).send({ status: 'completed' }).expect(200);
  return id;
}

beforeAll(async () => {
  api = await startTestApi();
  admin = await signedInAs(api.staffEmails.admin);
  support = await signedInAs(api.staffEmails.support);
  owner = await signedInUser({ name: 'Chukwuemeka Okonkwo-Adeyemi' });
  renter = await signedInUser({ name: 'Oluwaseun Adebayo-Williams' });
  buyer = await signedInUser({ name: 'Tunde Adeyemi' });
  stranger = await signedInUser({ name: 'Ibrahim Musa' });
  car = await liveListing(api.url, owner.token, admin.token, {
    title: '2023 Tesla Model 3 Long Range', brand: 'Tesla', model: 'Model 3', location: 'Lagos', price: 42_000_000,
    isRentalAvailable: true, dailyRentalRate: 25_000, weeklyRentalRate: 150_000, monthlyRentalRate: null,
  });
  const asked = await request(api.url).post('/api/rentals').set(auth(renter)).send({
    vehicleId: car, startDate: day(3), endDate: day(5), pickupLocation: 'Lekki Phase 1, Lagos', dropoffLocation: 'Lekki Phase 1, Lagos', notes: '',
  }).expect(201);
  booking = asked.body.id;
}, 120_000);
afterAll(async () => {
  await api?.close();
  await closeAdminApp();
});

describe('a rental review', () => {
  it('waits for the rental to end, says so in words, and is not for anyone outside the booking', async () => {
    const early = await request(api.url).post('/api/reviews').set(auth(renter)).send(review({ rentalId: booking })).expect(403);
    expect(early.body.error).toMatchObject({ code: 'REVIEW_NOT_ALLOWED', message: 'You can review Chukwuemeka Okonkwo-Adeyemi after your rental ends.' });
    const asked = await request(api.url).get('/api/reviews/eligibility').query({ rentalId: booking }).set(auth(renter)).expect(200);
    expect(asked.body).toEqual({ allowed: false, reason: 'You can review Chukwuemeka Okonkwo-Adeyemi after your rental ends.', reviewee: { id: owner.uid, name: 'Chukwuemeka Okonkwo-Adeyemi' } });
    await request(api.url).post('/api/reviews').set(auth(stranger)).send(review({ rentalId: booking })).expect(404);
    await request(api.url).get('/api/reviews/eligibility').query({ rentalId: booking }).set(auth(stranger)).expect(404);
    await request(api.url).post('/api/reviews').send(review({ rentalId: booking })).expect(401);
  });

  it('is double-blind: each side reads the other\'s only once both have written, then both count and can be answered once', async () => {
    const done = await completedRental(renter, 8, 10);
    const mine = await request(api.url).post('/api/reviews').set(auth(renter)).send(review({ rentalId: done, rating: 4 })).expect(201);
    expect(mine.body).toMatchObject({ kind: 'rental', rating: 4, published: false, revieweeRole: 'owner', reviewee: { id: owner.uid }, reviewer: { name: 'Oluwaseun A.' } });
    await request(api.url).post('/api/reviews').set(auth(renter)).send(review({ rentalId: done })).expect(409);
    // The owner is told, without the stars, and reads nothing yet; nobody else does either.
    const [told] = await sql<{ message: string }>(`select message from notifications where user_id = ? and title = 'You have a new review'`, [owner.uid]);
    expect(told!.message).toMatch(/^Oluwaseun Adebayo-Williams reviewed your rental of "2023 Tesla Model 3 Long Range"\. Write yours to read it/);
    expect((await request(api.url).get(`/api/users/${owner.uid}/reviews`)).body).toEqual({ items: [], total: 0, rating: null });
    const waiting = await request(api.url).post(`/api/reviews/${mine.body.id}/reply`).set(auth(owner)).send({ reply: 'Thank you!' }).expect(409);
    expect(waiting.body.error.code).toBe('REVIEW_NOT_PUBLISHED');
    const theirs = await request(api.url).get('/api/reviews/eligibility').query({ rentalId: done }).set(auth(owner)).expect(200);
    expect(theirs.body).toMatchObject({ allowed: true, reviewee: { id: renter.uid } });
    expect(theirs.body).not.toHaveProperty('review');

    await request(api.url).post('/api/reviews').set(auth(owner)).send(review({ rentalId: done, title: 'A careful renter', comment: 'Returned on time, charged to 80%.' })).expect(201);
    const aboutOwner = await request(api.url).get(`/api/users/${owner.uid}/reviews`).expect(200);
    expect(aboutOwner.body).toMatchObject({ total: 1, rating: { average: 4, count: 1 }, items: [{ id: mine.body.id, published: true, reviewer: { name: 'Oluwaseun A.' } }] });
    const aboutRenter = await request(api.url).get(`/api/users/${renter.uid}/reviews`).query({ as: 'renter' }).expect(200);
    expect(aboutRenter.body).toMatchObject({ total: 1, rating: null, items: [{ title: 'A careful renter', revieweeRole: 'renter' }] });
    // The vehicle page carries the owner's rating.
    expect((await request(api.url).get(`/api/vehicles/${car}`)).body.seller.rating).toEqual({ average: 4, count: 1 });

    const replied = await request(api.url).post(`/api/reviews/${mine.body.id}/reply`).set(auth(owner)).send({ reply: '  Thank you, Seun!  ' }).expect(200);
    expect(replied.body).toMatchObject({ reply: 'Thank you, Seun!', repliedAt: expect.any(String) });
    expect((await request(api.url).post(`/api/reviews/${mine.body.id}/reply`).set(auth(owner)).send({ reply: 'Again' }).expect(409)).body.error.code).toBe('REVIEW_ALREADY_REPLIED');
    expect((await request(api.url).post(`/api/reviews/${mine.body.id}/reply`).set(auth(renter)).send({ reply: 'Me too' }).expect(403)).body.error.code).toBe('NOT_REVIEWEE');
  });

  it('is published by the job when the 14 days end with one side silent, and refused after them', async () => {
    const second = await signedInUser({ name: 'Ngozi Eze' });
    const done = await completedRental(second, 12, 13);
    const written = await request(api.url).post('/api/reviews').set(auth(second)).send(review({ rentalId: done, rating: 2, title: 'Late handover' })).expect(201);
    await sql(`update rentals set updated_at = now() - interval '15 days' where id = ?`, [done]);
    const late = await request(api.url).post('/api/reviews').set(auth(owner)).send(review({ rentalId: done })).expect(403);
    expect(late.body.error.message).toMatch(/^The time to review this rental ended on \d{1,2} [A-Z][a-z]+ \d{4}\.$/);
    await api.jobs.runNow('reviews-publish');
    // The job runs on pg-boss: wait for it (or the time to run out).
    let about = await request(api.url).get(`/api/users/${owner.uid}/reviews`);
    for (const until = Date.now() + 20_000; about.body.total < 2 && Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
      about = await request(api.url).get(`/api/users/${owner.uid}/reviews`);
    }
    expect(about.body.items.map((r: { id: number }) => r.id)).toContain(written.body.id);
    expect(about.body.rating).toEqual({ average: 3, count: 2 });
  });
});

describe('a buyer\'s review of a seller', () => {
  it('needs a reply from the seller, then a week or a sale; it is public at once', async () => {
    const notYet = await request(api.url).post('/api/reviews').set(auth(buyer)).send(review({ vehicleId: car })).expect(403);
    expect(notYet.body.error.message).toBe('You can review Chukwuemeka Okonkwo-Adeyemi once they have replied to you about this listing.');
    await request(api.url).post('/api/chat/send-message').set(auth(buyer)).send({ listingId: car, receiverId: owner.uid, message: 'Is it still available?' }).expect(201);
    await request(api.url).post('/api/chat/send-message').set(auth(owner)).send({ listingId: car, receiverId: buyer.uid, message: 'Yes, come and see it.' }).expect(201);
    const week = await request(api.url).post('/api/reviews').set(auth(buyer)).send(review({ vehicleId: car })).expect(403);
    expect(week.body.error.message).toMatch(/^You can review Chukwuemeka Okonkwo-Adeyemi from \d{1,2} [A-Z][a-z]+ \d{4}, a week after their reply, or once the listing is sold\.$/);
    await request(api.url).post('/api/reviews').set(auth(owner)).send(review({ vehicleId: car })).expect(403);
    await request(api.url).post(`/api/vehicles/${car}/sold`).set(auth(owner)).expect(200);
    const written = await request(api.url).post('/api/reviews').set(auth(buyer)).send(review({ vehicleId: car, rating: 5, title: '  Honest   seller ' })).expect(201);
    expect(written.body).toMatchObject({ kind: 'listing', published: true, title: 'Honest seller', revieweeRole: 'seller', vehicle: { id: car, title: '2023 Tesla Model 3 Long Range' } });
    const about = await request(api.url).get(`/api/users/${owner.uid}/reviews`).expect(200);
    expect(about.body.rating).toEqual({ average: 3.7, count: 3 });
  });
});

describe('staff', () => {
  it('hide a review with a reason (it stops counting at once) and show it again, each audited; nobody else can', async () => {
    const [row] = await sql<{ id: string }>(`select id from reviews where reviewer_id = ? and kind = 'listing'`, [buyer.uid]);
    const id = Number(row!.id);
    await request(api.url).post(`/api/admin/reviews/${id}/hide`).set(auth(owner)).send({ reason: 'I do not like it' }).expect(403);
    await request(api.url).post(`/api/admin/reviews/${id}/hide`).send({ reason: 'x' }).expect(401);
    const noReason = await request(api.url).post(`/api/admin/reviews/${id}/hide`).set(auth(support)).send({ reason: '   ' }).expect(400);
    expect(noReason.body.error.details).toEqual([{ field: 'reason', message: 'Say why the review is hidden' }]);
    const hidden = await request(api.url).post(`/api/admin/reviews/${id}/hide`).set(auth(support)).send({ reason: 'Names a phone number' }).expect(200);
    expect(hidden.body).toMatchObject({ hidden: true, hiddenReason: 'Names a phone number', reviewerEmail: buyer.email });
    const about = await request(api.url).get(`/api/users/${owner.uid}/reviews`).expect(200);
    expect(about.body.items.map((r: { id: number }) => r.id)).not.toContain(id);
    expect(about.body.rating).toEqual({ average: 3, count: 2 });
    const listed = await request(api.url).get('/api/admin/reviews').query({ filter: JSON.stringify({ hidden: true }) }).set(auth(admin)).expect(200);
    expect(listed.body.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(listed.headers['content-range']).toBe('reviews 0-0/1');
    expect((await request(api.url).get(`/api/admin/reviews/${id}`).set(auth(admin)).expect(200)).body).toEqual(listed.body[0]);
    await request(api.url).post(`/api/admin/reviews/${id}/show`).set(auth(admin)).expect(200);
    expect((await request(api.url).get(`/api/users/${owner.uid}/reviews`)).body.rating).toEqual({ average: 3.7, count: 3 });
    const audit = await sql<{ action: string; actor_id: string }>(`select action, actor_id from audit_log where resource = 'reviews' and record_id = ? order by id`, [String(id)]);
    expect(audit).toEqual([{ action: 'review.hidden', actor_id: support.uid }, { action: 'review.shown', actor_id: admin.uid }]);
    await request(api.url).get('/api/admin/reviews').set(auth(buyer)).expect(403);
    await request(api.url).get('/api/admin/reviews/999999').set(auth(support)).expect(404);
  });
});

describe('bad input', () => {
  it.each([
    [{ rentalId: 1, rating: 0, title: 'x', comment: 'y' }, 'rating'],
    [{ rentalId: 1, rating: 6, title: 'x', comment: 'y' }, 'rating'],
    [{ rentalId: 1, rating: 4.5, title: 'x', comment: 'y' }, 'rating'],
    [{ rentalId: 1, rating: '5', title: 'x', comment: 'y' }, 'rating'],
    [{ rentalId: 1, rating: 5, title: '   ', comment: 'y' }, 'title'],
    [{ rentalId: 1, rating: 5, title: 'x'.repeat(101), comment: 'y' }, 'title'],
    [{ rentalId: 1, rating: 5, title: 'x', comment: '' }, 'comment'],
    [{ rentalId: 1, rating: 5, title: 'x', comment: 'y'.repeat(2001) }, 'comment'],
    [{ rating: 5, title: 'x', comment: 'y' }, 'rentalId'],
    [{ rentalId: 1, vehicleId: 1, rating: 5, title: 'x', comment: 'y' }, 'rentalId'],
    [{ rentalId: 'one', rating: 5, title: 'x', comment: 'y' }, 'rentalId'],
    [{ vehicleId: 1, rating: 5, title: 'x', comment: 'y', userId: 'someone' }, 'userId'],
  ])('refuses %j with a 400 naming %s, and stores nothing', async (body, field) => {
    const before = await sql<{ n: number }>('select count(*)::int as n from reviews');
    const res = await request(api.url).post('/api/reviews').set(auth(renter)).send(body).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect((res.body.error.details as { field: string }[]).map((d) => d.field.replace(/^body\./, ''))).toContain(field);
    expect(await sql<{ n: number }>('select count(*)::int as n from reviews')).toEqual(before);
  });

  it('answers a review that is not there, a bad id or a bad page with 404 or 400, never 500', async () => {
    await request(api.url).post('/api/reviews').set(auth(buyer)).send(review({ vehicleId: 2_000_000_000 })).expect(404);
    await request(api.url).post('/api/reviews/abc/reply').set(auth(owner)).send({ reply: 'x' }).expect(400);
    await request(api.url).post('/api/reviews/99999999/reply').set(auth(owner)).send({ reply: 'x' }).expect(404);
    await request(api.url).post('/api/reviews/1/reply').set(auth(owner)).send({ reply: '' }).expect(400);
    await request(api.url).get(`/api/users/${owner.uid}/reviews`).query({ limit: 51 }).expect(400);
    await request(api.url).get(`/api/users/${owner.uid}/reviews`).query({ as: 'buyer' }).expect(400);
    await request(api.url).get('/api/reviews/eligibility').set(auth(owner)).expect(400);
    await request(api.url).get('/api/admin/reviews').query({ filter: '{"hidden":"maybe"}' }).set(auth(admin)).expect(400);
    expect((await request(api.url).get('/api/users/nobody-at-all/reviews').expect(200)).body).toEqual({ items: [], total: 0, rating: null });
  });
});
