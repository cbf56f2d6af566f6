import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3PhotoObjects } from '../../src/storage/s3-photo-objects.js';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi, uploadedPhoto } from '../support/harness.js';
import { startS3Server, type TestS3Server } from '../support/s3-server.js';

/**
 * Photos in an S3-compatible bucket (s3rver speaking S3's protocol to the real AWS SDK), with two API
 * processes that share nothing but Postgres and the bucket: each has its own empty data folder, yet
 * a photo uploaded through one is served, resized, previewed and deleted through the other.
 */
const BUCKET = 'voltmarket-photos-test';
let s3: TestS3Server;
let a: TestApi;
let b: TestApi;
let bucket: S3PhotoObjects;
let admin: { token: string };
const bearer = (who: { token: string }) => ({ Authorization: `Bearer ${who.token}` });
const keyOf = (url: string) => url.replace(/^\/uploads\//, () => '');
const sql = <T>(query: string, params: unknown[] = []) => a.orm.em.getConnection().execute<T[]>(query, params);

beforeAll(async () => {
  s3 = await startS3Server();
  a = await startTestApi(s3.env(BUCKET));
  b = await startTestApi(s3.env(BUCKET), a);
  bucket = new S3PhotoObjects(s3.config(BUCKET));
  admin = await signedInAs(a.staffEmails.admin);
}, 60_000);
afterAll(async () => {
  bucket?.close();
  await b?.close();
  await a?.close();
  await s3?.close();
  await closeAdminApp();
});

/** What either process wrote to its own data folder's uploads: nothing, with a bucket configured. */
async function localUploads(api: TestApi): Promise<string[]> {
  return fs.readdir(path.join(api.dataDir, 'uploads'), { recursive: true }).catch(() => [] as string[]);
}

describe('photos in an S3-compatible bucket', () => {
  it('made the bucket at start, and says the photo store is up', async () => {
    await bucket.check();
    for (const api of [a, b]) expect((await request(api.url).get('/api/ready').expect(200)).body).toMatchObject({ status: 'ready', photos: 'up' });
  });

  it('keeps an upload through one process in the bucket, and serves it through the other with the same caching', async () => {
    const seller = await signedInUser();
    const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#2a6' } }).jpeg().toBuffer();
    const uploaded = await request(a.url).post('/api/upload/image').set(bearer(seller)).attach('image', jpeg, 'car.jpg').expect(201);
    const url = uploaded.body.imageUrl as string;
    expect(url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.webp$/);
    for (const key of [url, uploaded.body.thumbnailUrl as string].map(keyOf)) expect(await bucket.exists(key)).toBe(true);

    const served = await request(b.url).get(url).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers.etag).toMatch(/^".+"$/);
    expect(Buffer.compare(served.body as Buffer, (await bucket.read(keyOf(url)))!)).toBe(0);
    expect((await sharp(served.body as Buffer).metadata()).width).toBe(1600);
    // A browser asking again with the ETag gets 304; HEAD gets the headers and no body.
    await request(b.url).get(url).set('If-None-Match', served.headers.etag!).expect(304);
    const head = await request(b.url).head(url).expect(200);
    expect(head.headers['content-length']).toBe(String((served.body as Buffer).length));
    expect(await localUploads(a)).toEqual([]);
    expect(await localUploads(b)).toEqual([]);
  });

  it('makes a later rendition on first use from the bucket, through either process', async () => {
    const seller = await signedInUser();
    const url = await uploadedPhoto(a.url, seller.token);
    const small = url.replace('.webp', () => '-small.webp');
    await bucket.remove([keyOf(small)]);
    const served = await request(b.url).get(small).expect(200);
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'webp' });
    expect(await bucket.exists(keyOf(small))).toBe(true);
  });

  it('answers 404 in JSON for a photo not there and for what is no photo key, 405 for writes', async () => {
    for (const missing of ['/uploads/2026/11/not-here.webp', '/uploads/nothing', '/uploads/', '/uploads/..%2fpackage.json', '/uploads/2026/11/x.exe']) {
      const res = await request(b.url).get(missing);
      expect([404, 403], missing).toContain(res.status);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
    await request(b.url).put('/uploads/2026/11/x.webp').send('x').expect(405);
  });

  it("shows the listing's photo and its link-preview card from the bucket, and deletes every rendition with the listing", async () => {
    const seller = await signedInUser();
    const photo = await uploadedPhoto(a.url, seller.token);
    const id = await liveListing(a.url, seller.token, admin.token, { imageUrls: [photo] });
    const page = await request(b.url).get(`/vehicles/${id}`).expect(200);
    const card = photo.replace('.webp', () => '-share.jpg');
    expect(page.text).toContain(card);
    expect((await request(b.url).get(card).expect(200)).headers['content-type']).toBe('image/jpeg');

    await request(b.url).delete(`/api/vehicles/${id}`).set(bearer(seller)).expect(204);
    for (const rendition of ['.webp', '-thumb.webp', '-small.webp', '-medium.webp', '-share.jpg'].map((suffix) => photo.replace('.webp', () => suffix))) {
      expect(await bucket.exists(keyOf(rendition)), rendition).toBe(false);
      await request(a.url).get(rendition).expect(404);
    }
  });

  it('runs the hourly clean-up against the bucket: an unused day-old photo goes, a used one stays', async () => {
    const seller = await signedInUser();
    const [used, unused] = [await uploadedPhoto(a.url, seller.token), await uploadedPhoto(a.url, seller.token)];
    await liveListing(a.url, seller.token, admin.token, { imageUrls: [used] });
    await sql(`update uploads set created_at = now() - interval '25 hours', claimed_at = null where path in (?, ?)`, [used, unused]);
    await b.jobs.runNow('uploads-cleanup');
    const deadline = Date.now() + 25_000;
    while ((await bucket.exists(keyOf(unused))) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(await bucket.exists(keyOf(unused))).toBe(false);
    expect(await bucket.exists(keyOf(unused.replace('.webp', () => '-thumb.webp')))).toBe(false);
    expect(await bucket.exists(keyOf(used))).toBe(true);
  }, 60_000);

  it('is not ready while the bucket does not answer, and ready again by itself when it is back', async () => {
    const seller = await signedInUser();
    const kept = await uploadedPhoto(a.url, seller.token);
    await s3.stop();
    try {
      const res = await request(a.url).get('/api/ready').expect(503);
      expect(res.body).toMatchObject({ status: 'not_ready', database: 'up', photos: 'down' });
      // An upload fails whole: an error, no ledger row, nothing half-stored.
      const before = await sql<{ n: number }>('select count(*)::int as n from uploads');
      const failed = await request(a.url).post('/api/upload/image').set(bearer(seller))
        .attach('image', await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } }).png().toBuffer(), 'car.png');
      expect(failed.status).toBe(503);
      expect(failed.headers['retry-after']).toBe('5');
      expect(failed.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Photos cannot be stored or fetched right now. Nothing was saved; please try again in a moment.' });
      // A photo asked for meanwhile is the same 503, not a 404 that a browser or CDN would keep.
      const photo = await request(b.url).get(kept).expect(503);
      expect(photo.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(await sql<{ n: number }>('select count(*)::int as n from uploads')).toEqual(before);
      // Search and listing pages do not need the bucket.
      await request(b.url).get('/api/vehicles').expect(200);
    } finally {
      await s3.start();
    }
    await request(a.url).get('/api/ready').expect(200);
    await request(b.url).get(kept).expect(200);
  }, 60_000);
});

describe('PUBLIC_MEDIA_URL', () => {
  it('sends browsers to the public bucket address of the same key, cached as the photo is', async () => {
    const media = await startTestApi({ ...s3.env(BUCKET), PUBLIC_MEDIA_URL: `${s3.endpoint}/${BUCKET}/` }, a);
    try {
      const seller = await signedInUser();
      const url = await uploadedPhoto(media.url, seller.token);
      // Pages may show images from there (the redirect's target is checked against img-src too).
      const imageSources = async (api: TestApi) => ((await request(api.url).get('/api/health')).headers['content-security-policy'] ?? '')
        .split(';').map((d) => d.trim().split(' ')).find(([name]) => name === 'img-src') ?? [];
      expect(await imageSources(media)).toContain(s3.endpoint);
      expect(await imageSources(a)).not.toContain(s3.endpoint);
      const res = await request(media.url).get(url).expect(301);
      expect(res.headers.location).toBe(`${s3.endpoint}/${BUCKET}/${keyOf(url)}`);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The bucket itself answers that address with the photo, its type and the same caching.
      const direct = await fetch(res.headers.location!);
      expect(direct.status).toBe(200);
      expect(direct.headers.get('content-type')).toBe('image/webp');
      expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // A later rendition is made before the redirect, so the address exists when the browser gets there.
      const small = url.replace('.webp', () => '-small.webp');
      await bucket.remove([keyOf(small)]);
      const redirected = await request(media.url).get(small).expect(301);
      expect((await fetch(redirected.headers.location!)).status).toBe(200);
      await request(media.url).get('/uploads/../etc/passwd').expect(404);
    } finally {
      await media.close();
    }
  }, 60_000);
});
