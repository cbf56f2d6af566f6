import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, listingBy, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

/**
 * CAR OF THE WEEK over HTTP: one listing at a time carries it, chosen by views among recent
 * approvals unless staff picked one this week; every response checked against openapi.yaml.
 */
let api: TestApi;
type Person = { uid: string; token: string };
let seller: Person;
let support: Person;
let admin: Person;

const auth = (who: Person) => ({ Authorization: `Bearer ${who.token}` });
const sql = <T>(query: string, params: unknown[] = []) => api.orm.em.getConnection().execute<T[]>(query, params);

beforeAll(async () => {
  api = await startTestApi();
  [seller, support, admin] = await Promise.all([
    signedInUser({ name: 'Ada Okafor' }),
    signedInAs(api.staffEmails.support),
    signedInAs(api.staffEmails.admin),
  ]);
  await request(api.url).get('/api/auth/user').set(auth(support)).expect(200);
  await request(api.url).patch('/api/auth/profile').set(auth(support)).send({ firstName: 'Sola', lastName: 'Support' }).expect(200);
});

afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

async function submit(overrides: Record<string, unknown>): Promise<number> {
  const res = await request(api.url).post('/api/vehicles').set(auth(seller)).send(await listingBy(api.url, seller.token, overrides)).expect(201);
  expect(res.body.isCarOfTheWeek).toBe(false);
  return res.body.id as number;
}

const approve = (id: number) => request(api.url).post(`/api/admin/vehicles/${id}/approve`).set(auth(support)).expect(200);
const badged = async () => {
  const res = await request(api.url).get('/api/vehicles').query({ limit: 100 }).expect(200);
  return (res.body as { title: string; isCarOfTheWeek: boolean }[]).filter((v) => v.isCarOfTheWeek).map((v) => v.title);
};

let kia: number;
let zero: number;
let pending: number;

describe('the automatic car of the week', () => {
  it('is the most viewed listing approved in the last 7 days, on one card only; every live card is verified', async () => {
    const tesla = await submit({ title: '2020 Tesla Model 3 Standard Range Plus', brand: 'Tesla', model: 'Model 3', location: 'Abuja', price: 28_500_000 });
    kia = await submit({ title: '2023 Kia EV6 GT-Line', brand: 'Kia', model: 'EV6', location: 'Port Harcourt', price: 61_000_000 });
    zero = await submit({ title: '2021 Zero Motorcycles SR/F Premium', vehicleType: 'motorcycle', brand: 'Zero Motorcycles', model: 'SR/F', location: 'Kaduna', price: 19_000_000 });
    pending = await submit({ title: '2024 Hyundai IONIQ 5 N', location: 'Jos', price: 109_000_000 });
    // Views gathered before today's approvals; the Tesla went live a fortnight ago.
    await sql(`update listings set views = case id when ? then 4000 when ? then 310 when ? then 45 else 900 end`, [tesla, kia, zero]);
    for (const id of [tesla, kia, zero]) await approve(id);
    await sql(`update listings set approved_at = now() - interval '14 days' where id = ?`, [tesla]);
    await approve(pending);
    await request(api.url).post(`/api/admin/vehicles/${pending}/reject`).set(auth(support)).send({ reason: 'Photos are unclear' }).expect(200);

    expect(await badged()).toEqual(['2023 Kia EV6 GT-Line']);
    const all = await request(api.url).get('/api/vehicles').expect(200);
    expect(all.body.every((v: { isVerified: boolean }) => v.isVerified)).toBe(true);
    expect((await request(api.url).get(`/api/vehicles/${kia}`).expect(200)).body.isCarOfTheWeek).toBe(true);
    expect((await request(api.url).get(`/api/vehicles/${tesla}`).expect(200)).body.isCarOfTheWeek).toBe(false);
    const mine = await request(api.url).get('/api/vehicles/my-listings').set(auth(seller)).expect(200);
    expect(mine.body.filter((v: { isCarOfTheWeek: boolean }) => v.isCarOfTheWeek).map((v: { id: number }) => v.id)).toEqual([kia]);
    const report = await request(api.url).get('/api/admin/car-of-the-week').set(auth(support)).expect(200);
    expect(report.body).toMatchObject({ source: 'most_viewed', listing: { id: kia, isCarOfTheWeek: true, isStaffPick: false }, pickedBy: null, staffPick: null });
  });
});

describe("staff pick this week's car of the week", () => {
  it('support picks a live listing: it alone carries the badge at once, and the pick is in the audit log', async () => {
    const res = await request(api.url).post(`/api/admin/vehicles/${zero}/car-of-the-week`).set(auth(support)).expect(200);
    expect(res.body).toMatchObject({ id: zero, isCarOfTheWeek: true, isStaffPick: true, status: 'active' });
    expect(await badged()).toEqual(['2021 Zero Motorcycles SR/F Premium']);
    expect((await request(api.url).get(`/api/vehicles/${kia}`).expect(200)).body.isCarOfTheWeek).toBe(false);

    const report = await request(api.url).get('/api/admin/car-of-the-week').set(auth(admin)).expect(200);
    expect(report.body).toMatchObject({
      source: 'staff_pick', listing: { id: zero, title: '2021 Zero Motorcycles SR/F Premium' }, pickedBy: { id: support.uid, name: 'Sola Support' },
      staffPick: { listingId: zero, isLive: true },
    });
    expect(report.body.weekOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${report.body.weekOf}T00:00:00+01:00`).toISOString()).toBe(report.body.weekStart);

    const log = await request(api.url).get('/api/admin/audit-log')
      .query({ filter: JSON.stringify({ action: 'vehicle.car_of_the_week_picked' }) }).set(auth(admin)).expect(200);
    expect(log.body).toEqual([expect.objectContaining({
      actorId: support.uid, recordId: String(zero), recordLabel: '2021 Zero Motorcycles SR/F Premium',
      before: { carOfTheWeekPick: null }, after: { carOfTheWeekPick: report.body.weekOf },
    })]);
  });

  it('marks the pick in the admin list, and a record read with GET can still be sent back with PUT', async () => {
    const list = await request(api.url).get('/api/admin/vehicles').query({ filter: JSON.stringify({ status: 'active' }) }).set(auth(support)).expect(200);
    expect(list.body.filter((v: { isStaffPick: boolean }) => v.isStaffPick).map((v: { id: number }) => v.id)).toEqual([zero]);
    const record = (await request(api.url).get(`/api/admin/vehicles/${zero}`).set(auth(support)).expect(200)).body;
    expect(record).toMatchObject({ isCarOfTheWeek: true, isStaffPick: true, approvedAt: expect.any(String) });
    const put = await request(api.url).put(`/api/admin/vehicles/${zero}`).set(auth(support)).send({ ...record, price: 18_500_000 }).expect(200);
    expect(put.body).toMatchObject({ price: 18_500_000, isCarOfTheWeek: true, approvedAt: record.approvedAt });
  });

  it('refuses a listing that is not live (409) or does not exist (404), and changes nothing', async () => {
    const before = await sql('select * from car_of_the_week_picks');
    const entries = await sql('select count(*)::int as n from audit_log');
    const refused = await request(api.url).post(`/api/admin/vehicles/${pending}/car-of-the-week`).set(auth(support)).expect(409);
    expect(refused.body.error).toMatchObject({ code: 'LISTING_NOT_LIVE', message: expect.stringContaining('not live') });
    await request(api.url).post('/api/admin/vehicles/999999/car-of-the-week').set(auth(support)).expect(404);
    expect(await sql('select * from car_of_the_week_picks')).toEqual(before);
    expect(await sql('select count(*)::int as n from audit_log')).toEqual(entries);
  });

  it('is withdrawn with DELETE; the automatic choice is back, and a second withdrawal is refused', async () => {
    const res = await request(api.url).delete(`/api/admin/vehicles/${zero}/car-of-the-week`).set(auth(admin)).expect(200);
    expect(res.body).toMatchObject({ id: zero, isCarOfTheWeek: false, isStaffPick: false });
    expect(await badged()).toEqual(['2023 Kia EV6 GT-Line']);
    const again = await request(api.url).delete(`/api/admin/vehicles/${zero}/car-of-the-week`).set(auth(admin)).expect(409);
    expect(again.body.error.code).toBe('NOT_CAR_OF_THE_WEEK_PICK');
  });

  it('gives way at once when the picked listing is taken down', async () => {
    await request(api.url).post(`/api/admin/vehicles/${zero}/car-of-the-week`).set(auth(support)).expect(200);
    expect(await badged()).toEqual(['2021 Zero Motorcycles SR/F Premium']);
    await request(api.url).post(`/api/admin/vehicles/${zero}/reject`).set(auth(support)).send({ reason: 'Sold elsewhere' }).expect(200);
    expect(await badged()).toEqual(['2023 Kia EV6 GT-Line']);
    const report = await request(api.url).get('/api/admin/car-of-the-week').set(auth(support)).expect(200);
    expect(report.body).toMatchObject({ source: 'most_viewed', listing: { id: kia }, staffPick: { listingId: zero, isLive: false } });
  });
});
