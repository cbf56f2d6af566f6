import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, signedInAs, signedInUser, startTestApi, type TestApi, listingBy } from '../support/harness.js';

let api: TestApi;
let seller: { uid: string; token: string };
let otherSeller: { uid: string; token: string };
let buyer: { uid: string; token: string };
let admin: { uid: string; token: string };
let support: { uid: string; token: string };

const auth = (who: { token: string }) => ({ Authorization: `Bearer ${who.token}` });

beforeAll(async () => {
  api = await startTestApi();
  [seller, otherSeller, buyer, admin, support] = await Promise.all([
    signedInUser({ name: 'Ada Okafor' }),
    signedInUser({ name: 'Emeka Bello' }),
    signedInUser({ name: 'Tunde Adeyemi' }),
    signedInAs(api.staffEmails.admin),
    signedInAs(api.staffEmails.support),
  ]);
});

afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

async function createListing(who = seller, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await request(api.url).post('/api/vehicles').set(auth(who)).send(await listingBy(api.url, who.token, overrides)).expect(201);
  return res.body.id as number;
}

describe('a listing from submission to the public', () => {
  it('is invisible until an admin approves it, then found by filters and text', async () => {
    const id = await createListing(seller, { title: '2023 Kia EV6 GT-Line', brand: 'Kia', model: 'EV6', location: 'Port Harcourt', price: 61_000_000 });

    await request(api.url).get(`/api/vehicles/${id}`).expect(404);
    const before = await request(api.url).get('/api/vehicles').query({ brand: 'Kia' }).expect(200);
    expect(before.body).toEqual([]);
    expect(before.headers['x-total-count']).toBe('0');

    const mine = await request(api.url).get('/api/vehicles/my-listings').set(auth(seller)).expect(200);
    expect(mine.body.map((l: { id: number; status: string }) => [l.id, l.status])).toContainEqual([id, 'pending']);

    const approved = await request(api.url).post(`/api/admin/vehicles/${id}/approve`).set(auth(admin)).expect(200);
    expect(approved.body).toMatchObject({ status: 'active', isVerified: true });

    const byFilters = await request(api.url).get('/api/vehicles')
      .query({ vehicleType: 'car', location: 'Port Harcourt', brand: 'Kia', minPrice: 50_000_000, maxPrice: 70_000_000 }).expect(200);
    expect(byFilters.body.map((l: { id: number }) => l.id)).toEqual([id]);
    expect(byFilters.headers['x-total-count']).toBe('1');
    const byText = await request(api.url).get('/api/vehicles').query({ search: 'kia ev6 gt line' }).expect(200);
    expect(byText.body.map((l: { id: number }) => l.id)).toContain(id);
    const byTypo = await request(api.url).get('/api/vehicles').query({ search: 'Kai EV6' }).expect(200);
    expect(byTypo.body.map((l: { id: number }) => l.id)).toContain(id);
    await request(api.url).get(`/api/vehicles/${id}`).expect(200);
  });

  it('gives a rejected listing back to its seller with the reason, and hides it from everyone else', async () => {
    const id = await createListing();
    await request(api.url).post(`/api/admin/vehicles/${id}/reject`).set(auth(support)).send({ reason: 'Photos show a different car' }).expect(200);
    await request(api.url).get(`/api/vehicles/${id}`).set(auth(buyer)).expect(404);
    const own = await request(api.url).get(`/api/vehicles/${id}`).set(auth(seller)).expect(200);
    expect(own.body).toMatchObject({ status: 'rejected', rejectionReason: 'Photos show a different car' });
    const mine = await request(api.url).get('/api/vehicles/my-listings').set(auth(seller)).expect(200);
    expect(mine.body.find((l: { id: number }) => l.id === id)).toMatchObject({ status: 'rejected', rejectionReason: 'Photos show a different car' });
  });
});

describe('ownership', () => {
  it('lets only the seller edit or delete a listing', async () => {
    const id = await createListing();
    await request(api.url).post(`/api/admin/vehicles/${id}/approve`).set(auth(admin)).expect(200);

    const foreignEdit = await request(api.url).patch(`/api/vehicles/${id}`).set(auth(otherSeller)).send({ price: 1_000_000 }).expect(403);
    expect(foreignEdit.body.error.code).toBe('NOT_LISTING_OWNER');
    await request(api.url).delete(`/api/vehicles/${id}`).set(auth(otherSeller)).expect(403);
    await request(api.url).patch(`/api/vehicles/${id}`).send({ price: 1_000_000 }).expect(401);
    expect((await request(api.url).get(`/api/vehicles/${id}`)).body.price).toBe(38_500_000);

    const edited = await request(api.url).patch(`/api/vehicles/${id}`).set(auth(seller)).send({ price: 36_000_000, description: 'Price reduced.' }).expect(200);
    expect(edited.body).toMatchObject({ price: 36_000_000, status: 'active' });
    await request(api.url).delete(`/api/vehicles/${id}`).set(auth(seller)).expect(204);
    await request(api.url).get(`/api/vehicles/${id}`).set(auth(seller)).expect(404);
  });

  it('never trusts a sellerId or userId from the request', async () => {
    const res = await request(api.url).post('/api/vehicles').set(auth(seller)).send(await listingBy(api.url, seller.token, { sellerId: otherSeller.uid })).expect(403);
    expect(res.body.error.code).toBe('USER_MISMATCH');
    const own = await request(api.url).post('/api/vehicles').set(auth(seller)).send(await listingBy(api.url, seller.token, { sellerId: seller.uid })).expect(201);
    expect(own.body.sellerId).toBe(seller.uid);
    await request(api.url).get('/api/vehicles/my-listings').query({ userId: otherSeller.uid }).set(auth(seller)).expect(403);
    await request(api.url).get('/api/vehicles/my-listings').expect(401);
  });
});

describe('staff roles on the server', () => {
  it('keeps moderation to support and admins and deletion to admins', async () => {
    const id = await createListing();
    const denied = await request(api.url).post(`/api/admin/vehicles/${id}/approve`).set(auth(seller)).expect(403);
    expect(denied.body.error.code).toBe('STAFF_ONLY');
    await request(api.url).post(`/api/admin/vehicles/${id}/approve`).expect(401);
    await request(api.url).post(`/api/admin/vehicles/${id}/approve`).set(auth(support)).expect(200);
    const again = await request(api.url).post(`/api/admin/vehicles/${id}/approve`).set(auth(support)).expect(409);
    expect(again.body.error.code).toBe('LISTING_ILLEGAL_TRANSITION');

    const edit = await request(api.url).patch(`/api/admin/vehicles/${id}/edit`).set(auth(support)).send({ status: 'pending', title: 'Corrected title' }).expect(200);
    expect(edit.body).toMatchObject({ status: 'pending', title: 'Corrected title', isVerified: false });

    await request(api.url).delete(`/api/admin/vehicles/${id}`).set(auth(support)).expect(403);
    const deleted = await request(api.url).delete(`/api/admin/vehicles/${id}`).set(auth(admin)).expect(200);
    expect(deleted.body).toMatchObject({ id, title: 'Corrected title' });
    await request(api.url).delete(`/api/admin/vehicles/${id}`).set(auth(admin)).expect(404);
  });

  it('reports the standing of the caller', async () => {
    expect((await request(api.url).get('/api/admin/check').set(auth(admin)).expect(200)).body).toEqual({ isAdmin: true, isStaff: true, role: 'admin' });
    expect((await request(api.url).get('/api/admin/check').set(auth(support)).expect(200)).body).toEqual({ isAdmin: false, isStaff: true, role: 'support' });
    expect((await request(api.url).get('/api/admin/check').set(auth(buyer)).expect(403)).body.error.code).toBe('STAFF_ONLY');
    await request(api.url).get('/api/admin/check').expect(401);
  });
});

describe('the listing page', () => {
  it("gives seller contacts with the listing only to its seller (buyers ask, counted) and counts each viewer once a day, not the seller", async () => {
    const id = await createListing(seller, { sellerPhone: '+234 803 555 0101' });
    await request(api.url).post(`/api/admin/vehicles/${id}/approve`).set(auth(admin)).expect(200);

    const anonymous = await request(api.url).get(`/api/vehicles/${id}`).set('User-Agent', 'visitor-1').expect(200);
    expect(anonymous.body.seller).toEqual({ id: seller.uid, name: 'Ada Okafor', firstName: 'Ada', lastName: 'Okafor', phoneVerified: false });
    const signedIn = await request(api.url).get(`/api/vehicles/${id}`).set(auth(buyer)).expect(200);
    expect(signedIn.body.seller).toEqual({ id: seller.uid, name: 'Ada Okafor', firstName: 'Ada', lastName: 'Okafor', phoneVerified: false });
    const own = await request(api.url).get(`/api/vehicles/${id}`).set(auth(seller)).expect(200);
    expect(own.body.seller).toMatchObject({ phone: '+2348035550101', email: expect.stringContaining('@') });
    const shown = await request(api.url).post(`/api/vehicles/${id}/contact`).set(auth(buyer)).expect(200);
    expect(shown.body).toEqual({ phone: '+2348035550101', email: expect.stringContaining('@') });

    await request(api.url).get(`/api/vehicles/${id}`).set('User-Agent', 'visitor-1');
    await request(api.url).get(`/api/vehicles/${id}`).set(auth(buyer));
    await request(api.url).get(`/api/vehicles/${id}`).set(auth(seller));
    // Views are written in batches every few seconds: write this process's now.
    await api.flushCounters();
    const views = (await request(api.url).get(`/api/vehicles/${id}`).set(auth(seller))).body.views;
    expect(views).toBe(2);
  });
});

describe('a sale', () => {
  it('lets only the seller mark a live listing sold: it leaves search, its page says sold to anyone, and it is final for the seller', async () => {
    const id = await createListing(seller, { title: '2021 BYD Atto 3 Extended Range', brand: 'BYD', model: 'Atto 3', location: 'Abuja', price: 27_500_000 });
    // Not live yet: nothing to sell.
    const early = await request(api.url).post(`/api/vehicles/${id}/sold`).set(auth(seller)).expect(409);
    expect(early.body.error).toMatchObject({ code: 'LISTING_ILLEGAL_TRANSITION', message: 'This pending listing cannot be marked as sold.' });
    await request(api.url).post(`/api/admin/vehicles/${id}/approve`).set(auth(admin)).expect(200);

    await request(api.url).post(`/api/vehicles/${id}/sold`).expect(401);
    const notYours = await request(api.url).post(`/api/vehicles/${id}/sold`).set(auth(otherSeller)).expect(403);
    expect(notYours.body.error.code).toBe('NOT_LISTING_OWNER');
    await request(api.url).post(`/api/vehicles/${id}/sold`).set(auth(support)).expect(403);
    await request(api.url).post('/api/vehicles/999999999/sold').set(auth(seller)).expect(404);
    await request(api.url).post('/api/vehicles/abc/sold').set(auth(seller)).expect(400);
    expect((await request(api.url).get(`/api/vehicles/${id}`)).body.status).toBe('active');

    const sold = await request(api.url).post(`/api/vehicles/${id}/sold`).set(auth(seller)).expect(200);
    expect(sold.body).toMatchObject({ id, status: 'sold', soldAt: expect.any(String), boost: null });
    const found = await request(api.url).get('/api/vehicles').query({ brand: 'BYD', location: 'Abuja' }).expect(200);
    expect(found.body.map((l: { id: number }) => l.id)).not.toContain(id);
    const page = await request(api.url).get(`/api/vehicles/${id}`).expect(200);
    expect(page.body).toMatchObject({ status: 'sold', soldAt: sold.body.soldAt, price: 27_500_000 });
    const mine = await request(api.url).get('/api/vehicles/my-listings').set(auth(seller)).expect(200);
    expect(mine.body.find((l: { id: number }) => l.id === id)).toMatchObject({ status: 'sold' });

    // Final for the seller: no edit, no second sale, no inquiry, no save; staff can still correct it.
    const edit = await request(api.url).patch(`/api/vehicles/${id}`).set(auth(seller)).send({ price: 20_000_000 }).expect(409);
    expect(edit.body.error.message).toBe('This sold listing cannot be edited.');
    await request(api.url).post(`/api/vehicles/${id}/sold`).set(auth(seller)).expect(409);
    await request(api.url).post('/api/wishlist').set(auth(buyer)).send({ vehicleId: id }).expect(422);
    const undone = await request(api.url).patch(`/api/admin/vehicles/${id}/edit`).set(auth(support)).send({ status: 'active' }).expect(200);
    expect(undone.body).toMatchObject({ status: 'active', soldAt: null });
  });
});
