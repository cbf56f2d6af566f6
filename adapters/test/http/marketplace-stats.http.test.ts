import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, listingBy, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

let api: TestApi;
let admin: { token: string };
const auth = (who: { token: string }) => ({ Authorization: `Bearer ${who.token}` });

beforeAll(async () => {
  api = await startTestApi();
  admin = await signedInAs(api.staffEmails.admin);
});
afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

async function list(seller: { token: string }, overrides: Record<string, unknown>, decision: 'approve' | 'reject' | 'none'): Promise<number> {
  const res = await request(api.url).post('/api/vehicles').set(auth(seller)).send(await listingBy(api.url, seller.token, overrides)).expect(201);
  const id = res.body.id as number;
  if (decision === 'approve') await request(api.url).post(`/api/admin/vehicles/${id}/approve`).set(auth(admin)).expect(200);
  if (decision === 'reject') await request(api.url).post(`/api/admin/vehicles/${id}/reject`).set(auth(admin)).send({ reason: 'Photos show a different car' }).expect(200);
  return id;
}

describe('GET /api/stats', () => {
  it('gives visitors the live listings, their sellers and cities, briefly cacheable, and no sales figure', async () => {
    const [ada, emeka, tunde] = await Promise.all([
      signedInUser({ name: 'Ada Okafor' }), signedInUser({ name: 'Emeka Bello' }), signedInUser({ name: 'Tunde Adeyemi' }),
    ]);
    await list(ada, { location: 'Lagos' }, 'approve');
    await list(ada, { location: 'Port Harcourt', brand: 'Tesla', model: 'Model Y', title: '2023 Tesla Model Y' }, 'approve');
    await list(emeka, { location: 'Lagos', brand: 'Electric Bikes NG', model: 'City Cruiser', vehicleType: 'bike', title: 'Electric Bikes NG City Cruiser' }, 'approve');
    await list(emeka, { location: 'Benin City' }, 'none');
    await list(tunde, { location: 'Kano' }, 'reject');

    const res = await request(api.url).get('/api/stats').expect(200);
    expect(res.body).toEqual({ activeListings: 3, sellers: 2, cities: 2 });
    expect(res.headers['cache-control']).toBe('public, max-age=30');

    // The figures may lag: a listing approved now shows within half a minute, not on the next request.
    await list(tunde, { location: 'Jos' }, 'approve');
    const soon = await request(api.url).get('/api/stats').set(auth(tunde)).expect(200);
    expect(soon.body).toEqual({ activeListings: 3, sellers: 2, cities: 2 });
  });

  it('refuses parameters it does not know', async () => {
    const res = await request(api.url).get('/api/stats?city=Lagos').expect(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining([expect.stringContaining('city')]));
  });
});
