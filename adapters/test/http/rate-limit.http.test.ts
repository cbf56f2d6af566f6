import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, signedInUser, startTestApi, type TestApi, listingBy } from '../support/harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_WRITES_PER_MINUTE: '5', RATE_LIMIT_UPLOADS_PER_MINUTE: '2' });
});
afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

describe('rate limits', () => {
  it('stop a user after too many changes a minute with 429 and Retry-After, while reads and other users go on', async () => {
    const spammer = await signedInUser();
    const auth = { Authorization: `Bearer ${spammer.token}` };
    const statuses: number[] = [];
    const listing = await listingBy(api.url, spammer.token); // the photo's upload is the first of the five changes
    for (let i = 0; i < 6; i++) statuses.push((await request(api.url).post('/api/vehicles').set(auth).send(listing)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    const limited = await request(api.url).post('/api/vehicles').set(auth).send(listing).expect(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await request(api.url).get('/api/vehicles/my-listings').set(auth).expect(200);
    const other = await signedInUser();
    await request(api.url).post('/api/vehicles').set('Authorization', `Bearer ${other.token}`).send(await listingBy(api.url, other.token)).expect(201);
  });

  it('limit uploads more tightly', async () => {
    const auth = { Authorization: `Bearer ${(await signedInUser()).token}` };
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } }).png().toBuffer();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await request(api.url).post('/api/upload/image').set(auth).attach('image', png, 'a.png')).status);
    expect(statuses).toEqual([201, 201, 429]);
  });
});
