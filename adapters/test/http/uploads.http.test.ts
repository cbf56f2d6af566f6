import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

let api: TestApi;
let auth: { Authorization: string };
beforeAll(async () => {
  api = await startTestApi();
  auth = { Authorization: `Bearer ${(await signedInUser()).token}` };
});
afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

const photo = () => sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#2a6' } }).jpeg().toBuffer();

async function uploadedFiles(): Promise<string[]> {
  const dir = path.join(api.dataDir, 'uploads');
  return (await fs.readdir(dir, { recursive: true }).catch(() => [] as string[])).filter((f) => f.endsWith('.webp'));
}

describe('image upload', () => {
  it('stores a photo as WebP, serves it with long-lived caching, on both upload routes', async () => {
    const res = await request(api.url).post('/api/upload/image').set(auth).attach('image', await photo(), 'car.jpg').expect(201);
    expect(res.body.imageUrl).toMatch(/^\/uploads\/.+\.webp$/);
    const served = await request(api.url).get(res.body.imageUrl).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(served.headers['cache-control']).toMatch(/immutable/);
    expect((await sharp(served.body as Buffer).metadata()).width).toBe(1600);
    await request(api.url).get(res.body.thumbnailUrl).expect(200);

    const other = await request(api.url).post('/api/upload').set(auth).attach('image', await photo(), 'car.jpg').expect(201);
    expect(other.body.url).toMatch(/^\/uploads\/.+\.webp$/);
  });

  it('judges the type by content: a PNG named .txt is fine, a text file named .jpg is 415', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer();
    await request(api.url).post('/api/upload/image').set(auth).attach('image', png, 'photo.txt').expect(201);
    const before = await uploadedFiles();
    const res = await request(api.url).post('/api/upload/image').set(auth).attach('image', Buffer.from('not an image at all'), 'fake.jpg').expect(415);
    expect(res.body.error.message).toBe('fake.jpg is not a supported image format');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    await request(api.url).post('/api/upload/image').set(auth).attach('image', gif, 'anim.gif').expect(415);
    expect(await uploadedFiles()).toEqual(before);
  });

  it('refuses a cut-off photo (415) and a malformed multipart body (400), storing nothing', async () => {
    const before = await uploadedFiles();
    const whole = await photo();
    const cut = whole.subarray(0, Math.floor(whole.length * 0.7));
    const res = await request(api.url).post('/api/upload/image').set(auth).attach('image', cut, 'cut.jpg').expect(415);
    expect(res.body.error.message).toBe('cut.jpg is not a supported image format');
    await request(api.url).post('/api/upload').set(auth).set('Content-Type', 'multipart/form-data').send('no boundary here').expect(400);
    await request(api.url).post('/api/upload').set(auth).set('Content-Type', 'multipart/form-data; boundary=x')
      .send('--x\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\nabc').expect(400);
    expect(await uploadedFiles()).toEqual(before);
  });

  it('refuses a file over 5 MB with 413 naming it', async () => {
    const big = Buffer.alloc(5_242_881, 1);
    const res = await request(api.url).post('/api/upload/image').set(auth).attach('image', big, 'huge.jpg').expect(413);
    expect(res.body.error).toMatchObject({ code: 'IMAGE_TOO_LARGE', message: 'huge.jpg exceeds 5MB limit' });
  });

  it('needs a signed-in user and a file in the field "image"', async () => {
    await request(api.url).post('/api/upload/image').attach('image', await photo(), 'car.jpg').expect(401);
    const wrongField = await request(api.url).post('/api/upload/image').set(auth).attach('photo', await photo(), 'car.jpg').expect(400);
    expect(wrongField.body.error.code).toBe('VALIDATION_FAILED');
    await request(api.url).post('/api/upload/image').set(auth).field('note', 'no file').expect(400);
    await request(api.url).post('/api/upload/image').set(auth).send({ image: 'base64...' }).expect(400);
  });
});
