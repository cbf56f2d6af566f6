import pg from 'pg';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderVehicleArtwork } from '../../src/storage/vehicle-artwork.js';
import { closeAdminApp, signedInAs, signedInUser, startTestApi, type TestApi, validListing } from '../support/harness.js';

let api: TestApi;
let ada: { token: string };
let emeka: { token: string };
let staff: { token: string };
const M = 1_000_000;
const bearer = (who: { token: string }) => ({ Authorization: `Bearer ${who.token}` });

async function upload(who: { token: string }, bytes: Buffer, name = 'car.jpg'): Promise<string> {
  const res = await request(api.url).post('/api/upload/image').set(bearer(who)).attach('image', bytes, name).expect(201);
  return res.body.imageUrl as string;
}
async function submit(who: { token: string }, overrides: Record<string, unknown>): Promise<{ id: number; body: Record<string, unknown> }> {
  const res = await request(api.url).post('/api/vehicles').set(bearer(who)).send(validListing(overrides)).expect(201);
  return { id: res.body.id as number, body: res.body };
}
const flagsOf = async (id: number) =>
  (await request(api.url).get(`/api/admin/vehicles/${id}`).set(bearer(staff)).expect(200)).body.moderationFlags as unknown[];

let adasPhoto: string;
let adasListing: number;

beforeAll(async () => {
  api = await startTestApi();
  staff = await signedInAs(api.staffEmails.support);
  ada = await signedInUser({ name: 'Ada Okafor' });
  emeka = await signedInUser({ name: 'Emeka Bello' });
  // A known market for 2022 IONIQ 5s (the job would compute it from live listings; here it is given).
  const db = new pg.Client({ connectionString: api.databaseUrl });
  await db.connect();
  await db.query(`insert into market_prices (brand, model, year, median, low, high, sample_size, trimmed, updated_at)
    values ('Hyundai', 'IONIQ 5', 2022, 38000000, 36000000, 40000000, 9, 0, now())`);
  await db.end();
  adasPhoto = await upload(ada, await renderVehicleArtwork('car', 200, 0, 7), 'ioniq.png');
  adasListing = (await submit(ada, { imageUrls: [adasPhoto] })).id;
  await request(api.url).post(`/api/admin/vehicles/${adasListing}/approve`).set(bearer(staff)).expect(200);
}, 120_000);

afterAll(async () => {
  await api?.close();
  await closeAdminApp();
});

describe('scam defences at submission', () => {
  it("flags a listing showing a photo saved from another seller's live listing, with both photos for the moderator", async () => {
    const saved = (await request(api.url).get(adasPhoto).buffer(true).expect(200)).body as Buffer;
    const copy = await upload(emeka, await sharp(saved).jpeg({ quality: 70 }).toBuffer());
    const own = await upload(emeka, await renderVehicleArtwork('car', 30, 1, 8), 'mine.png');
    const { id } = await submit(emeka, { imageUrls: [own, copy] });
    expect(await flagsOf(id)).toEqual([{ kind: 'reused_photo', photoUrl: copy, otherListingId: adasListing, otherPhotoUrl: adasPhoto, distance: expect.any(Number) }]);
    const [flag] = (await flagsOf(id)) as { distance: number }[];
    expect(flag!.distance).toBeLessThanOrEqual(4);
    const list = await request(api.url).get(`/api/admin/vehicles?filter=${encodeURIComponent(JSON.stringify({ id: [id, adasListing] }))}`).set(bearer(staff)).expect(200);
    expect(list.body.map((v: { id: number; moderationFlags: unknown[] }) => [v.id, v.moderationFlags.length]).sort()).toEqual([[adasListing, 0], [id, 1]].sort());
  });

  it('does not flag a seller who shows their own photo again', async () => {
    const { id } = await submit(ada, { imageUrls: [adasPhoto], title: '2022 Hyundai IONIQ 5 (second one)' });
    expect(await flagsOf(id)).toEqual([]);
  });

  it('flags an asking price under half the market median', async () => {
    const photo = await upload(ada, await renderVehicleArtwork('car', 120, 2, 9), 'cheap.png');
    const { id } = await submit(ada, { imageUrls: [photo], price: 15 * M });
    expect(await flagsOf(id)).toEqual([{ kind: 'price_far_below_market', price: 15 * M, median: 38 * M }]);
    const fair = await submit(ada, { imageUrls: [photo], price: 35 * M });
    expect(await flagsOf(fair.id)).toEqual([]);
  });

  it('never shows the flags outside the staff API: not to the seller, a member, a visitor or search', async () => {
    const photo = await upload(emeka, await sharp((await request(api.url).get(adasPhoto).buffer(true)).body as Buffer).jpeg().toBuffer());
    const flagged = await submit(emeka, { imageUrls: [photo], price: 10 * M, title: '2022 Hyundai IONIQ 5 bargain' });
    expect(flagged.body).not.toHaveProperty('moderationFlags');
    expect(new Set(((await flagsOf(flagged.id)) as { kind: string }[]).map((f) => f.kind))).toEqual(new Set(['reused_photo', 'price_far_below_market']));
    await request(api.url).post(`/api/admin/vehicles/${flagged.id}/approve`).set(bearer(staff)).expect(200);
    const answers = [
      await request(api.url).get(`/api/vehicles/${flagged.id}`),
      await request(api.url).get(`/api/vehicles/${flagged.id}`).set(bearer(emeka)),
      await request(api.url).get(`/api/vehicles/${flagged.id}`).set(bearer(ada)),
      await request(api.url).get('/api/vehicles?brand=Hyundai'),
      await request(api.url).get('/api/vehicles/my-listings').set(bearer(emeka)),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('moderationFlags');
      expect(res.text).not.toContain('reused_photo');
    }
    await request(api.url).get(`/api/admin/vehicles/${flagged.id}`).set(bearer(emeka)).expect(403);
    await request(api.url).get('/api/admin/vehicles').expect(401);
  });
});
