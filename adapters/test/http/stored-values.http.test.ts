import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousGuest, closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi, uploadedPhoto, validListing } from '../support/harness.js';

/**
 * Whatever the contract lets in is stored and read back, on every route that stores it, and never
 * turns into a 500: numbers at the edges of what a float can say, and text that is not well-formed.
 */
let api: TestApi;
let seller: { uid: string; token: string };
let admin: { uid: string; token: string };
const bearer = (who: { token: string }) => ({ Authorization: `Bearer ${who.token}` });
const LONE = '\ud800';
const REPLACEMENT = '\ufffd';

beforeAll(async () => {
  api = await startTestApi();
  seller = await signedInUser({ name: 'Babatunde Fashola' });
  admin = await signedInAs(api.staffEmails.admin);
}, 60_000);

afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

async function newListing(overrides: Record<string, unknown> = {}): Promise<number> {
  const imageUrls = [await uploadedPhoto(api.url, seller.token)];
  const res = await request(api.url).post('/api/vehicles').set(bearer(seller)).send(validListing({ imageUrls, ...overrides }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** Read as its seller: a seller's own visits never count as views. */
const read = async (id: number) => (await request(api.url).get(`/api/vehicles/${id}`).set(bearer(seller)).expect(200)).body;
const auditOf = async (id: number) =>
  (await request(api.url).get('/api/admin/audit-log').query({ filter: JSON.stringify({ recordId: String(id) }), sort: JSON.stringify(['id', 'ASC']) }).set(bearer(admin)).expect(200)).body as { action: string; after: Record<string, unknown> | null }[];

describe('fast charging time', () => {
  const tiny = [1e-46, 5e-324, 1e-320, 0.04];

  it('keeps minutes to one decimal on create, so values a float cannot hold are stored as 0', async () => {
    for (const minutes of tiny) expect((await read(await newListing({ fastChargingTime: minutes }))).fastChargingTime).toBe(0);
    expect((await read(await newListing({ fastChargingTime: 37.46 }))).fastChargingTime).toBe(37.5);
    expect((await read(await newListing({ fastChargingTime: 1440 }))).fastChargingTime).toBe(1440);
  });

  it('does the same on a seller edit and both staff edits', async () => {
    const id = await newListing({ fastChargingTime: 30 });
    for (const minutes of tiny) {
      await request(api.url).patch(`/api/vehicles/${id}`).set(bearer(seller)).send({ fastChargingTime: minutes }).expect(200);
      expect((await read(id)).fastChargingTime).toBe(0);
      await request(api.url).patch(`/api/vehicles/${id}`).set(bearer(seller)).send({ fastChargingTime: 30 }).expect(200);
      await request(api.url).patch(`/api/admin/vehicles/${id}/edit`).set(bearer(admin)).send({ fastChargingTime: minutes }).expect(200);
      expect((await read(id)).fastChargingTime).toBe(0);
      await request(api.url).patch(`/api/admin/vehicles/${id}/edit`).set(bearer(admin)).send({ fastChargingTime: 45.25 }).expect(200);
      const whole = (await request(api.url).get(`/api/admin/vehicles/${id}`).set(bearer(admin)).expect(200)).body;
      expect(whole.fastChargingTime).toBe(45.3);
      await request(api.url).put(`/api/admin/vehicles/${id}`).set(bearer(admin)).send({ ...whole, fastChargingTime: minutes }).expect(200);
      expect((await read(id)).fastChargingTime).toBe(0);
    }
  });
});

describe('text that is not well-formed', () => {
  it('stores a lone surrogate as U+FFFD in a staff rejection, and audits it', async () => {
    const id = await newListing();
    const res = await request(api.url).post(`/api/admin/vehicles/${id}/reject`).set(bearer(admin)).send({ reason: `Odometer photo ${LONE} unreadable` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await read(id)).rejectionReason).toBe(`Odometer photo ${REPLACEMENT} unreadable`);
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['vehicle.rejected']);
  });

  it('does the same in a bulk rejection and a staff edit', async () => {
    const [a, b] = [await newListing(), await newListing()];
    const bulk = await request(api.url).post('/api/admin/vehicles/bulk-reject').set(bearer(admin)).send({ ids: [a, b], reason: `Blurry photos ${LONE}` });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    for (const id of [a, b]) expect((await read(id)).rejectionReason).toBe(`Blurry photos ${REPLACEMENT}`);
    const edit = await request(api.url).patch(`/api/admin/vehicles/${a}/edit`).set(bearer(admin)).send({ title: `Tesla Model 3 ${LONE}`, description: `Clean${LONE}\u{1F697} car` });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const after = await read(a);
    expect(after.title).toBe(`Tesla Model 3 ${REPLACEMENT}`);
    expect(after.description).toBe(`Clean${REPLACEMENT}\u{1F697} car`);
    expect((await auditOf(a)).map((e) => e.action)).toEqual(['vehicle.rejected', 'vehicle.edited']);
  });

  it("does the same in a seller's own text and profile, composes accents (NFC) and drops control characters", async () => {
    const id = await newListing({ title: `Citroe\u0308n e\u0301-C4 ${LONE}\u0007 Lagos`, description: `Line one\u0000`.replace('\u0000', '') + `\r\nLine two ${LONE}` });
    const listing = await read(id);
    expect(listing.title).toBe(`Citroën é-C4 ${REPLACEMENT} Lagos`);
    expect(listing.description).toBe(`Line one\nLine two ${REPLACEMENT}`);
    const profile = await request(api.url).patch('/api/auth/profile').set(bearer(seller)).send({ firstName: `Ade${LONE}`, lastName: 'Ogu\u0301nbiyi' });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    expect(profile.body).toMatchObject({ firstName: `Ade${REPLACEMENT}`, lastName: 'Ogúnbiyi' });
    // Invisible characters that only disguise a name or title (a right-to-left override, a zero-width space) are dropped; emoji joiners stay.
    const disguised = await request(api.url).patch('/api/auth/profile').set(bearer(seller)).send({ firstName: '\u202EnimdA', lastName: 'Ok\u200Bafor\u2066\uFEFF' }).expect(200);
    expect(disguised.body).toMatchObject({ firstName: 'nimdA', lastName: 'Okafor' });
    const family = await read(await newListing({ title: 'Family car \u{1F468}\u200D\u{1F469}\u200D\u{1F467} \u202Egnp.exe' }));
    expect(family.title).toBe('Family car \u{1F468}\u200D\u{1F469}\u200D\u{1F467} gnp.exe');
  });

  it('still refuses NUL with a field-level 400 and changes nothing', async () => {
    const id = await newListing();
    const res = await request(api.url).post(`/api/admin/vehicles/${id}/reject`).set(bearer(admin)).send({ reason: 'bad\u0000reason' }).expect(400);
    expect(res.body.error.details).toEqual([{ field: 'reason', message: 'reason contains a character that is not allowed' }]);
    expect((await read(id)).status).toBe('pending');
  });
});

describe('views', () => {
  it('counts anonymous guests by network address, so minting guest accounts adds no views', async () => {
    const id = await liveListing(api.url, seller.token, admin.token);
    for (let i = 0; i < 4; i++) {
      const guest = await anonymousGuest();
      await request(api.url).get(`/api/vehicles/${id}`).set(bearer(guest)).expect(200);
    }
    await request(api.url).get(`/api/vehicles/${id}`).expect(200);
    await api.flushCounters();
    expect((await read(id)).views).toBe(1);
    await request(api.url).get(`/api/vehicles/${id}`).set(bearer(await signedInUser())).expect(200);
    await api.flushCounters();
    expect((await read(id)).views).toBe(2);
  });
});

describe('seller names', () => {
  it("shows a seller without a full name as 'Private Seller' to visitors, and by their email's first part to members", async () => {
    const unnamed = await signedInUser({ name: 'Zainab' });
    const id = await liveListing(api.url, unnamed.token, admin.token, { title: '2022 Kia EV6 GT-Line', brand: 'Kia', model: 'EV6' });
    const local = unnamed.email.split('@')[0];
    const visitor = await request(api.url).get(`/api/vehicles/${id}`).expect(200);
    expect(visitor.body.seller.name).toBe('Private Seller');
    expect(JSON.stringify(visitor.body)).not.toContain(local);
    const search = await request(api.url).get('/api/vehicles').query({ search: 'GT-Line' }).expect(200);
    expect(search.body.map((v: { seller: { name: string } }) => v.seller.name)).toEqual(['Private Seller']);
    expect(JSON.stringify(search.body)).not.toContain(local);
    const member = await signedInUser();
    expect((await request(api.url).get(`/api/vehicles/${id}`).set(bearer(member)).expect(200)).body.seller.name).toBe(local);
    expect((await request(api.url).get('/api/vehicles').query({ search: 'GT-Line' }).set(bearer(member)).expect(200)).body[0].seller.name).toBe(local);
  });
});

describe('phone numbers', () => {
  const HINT = 'Enter a valid phone number, like 0803 555 1234 or +234 803 555 1234';

  it('refuses a number that cannot be dialled on the profile and a listing, naming the field', async () => {
    const me = await signedInUser({ name: 'Halima Musa' });
    const short = await request(api.url).patch('/api/auth/profile').set(bearer(me)).send({ phone: '0803 555 12' }).expect(400);
    expect(short.body.error.details).toEqual([{ field: 'phone', message: HINT }]);
    const listing = await request(api.url).post('/api/vehicles').set(bearer(me)).send(validListing({ imageUrls: [await uploadedPhoto(api.url, me.token)], sellerPhone: '0803 555 12' })).expect(400);
    expect(listing.body.error.details).toEqual([{ field: 'sellerPhone', message: HINT }]);
  });

  it('stores numbers as typed in any common shape as E.164 and answers them so', async () => {
    const me = await signedInUser({ name: 'Halima Musa' });
    for (const [typed, stored] of [['0803 555 1234', '+2348035551234'], ['+234 (0) 803-555-1234', '+2348035551234'], ['+44 20 7946 0958', '+442079460958'], ['0906 123 4567', '+2349061234567']]) {
      expect((await request(api.url).patch('/api/auth/profile').set(bearer(me)).send({ phone: typed }).expect(200)).body.phone, typed).toBe(stored);
    }
    const id = await liveListing(api.url, me.token, admin.token, { sellerPhone: '0701 234 5678' });
    const buyer = await signedInUser();
    expect((await request(api.url).post(`/api/vehicles/${id}/contact`).set(bearer(buyer)).expect(200)).body.phone).toBe('+2347012345678');
  });
});
