import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousGuest, closeAdminApp, signedInAs, signedInUser, startTestApi, type TestApi, listingBy } from '../support/harness.js';

let api: TestApi;
type Person = { uid: string; email?: string; token: string };
let ada: Person;
let emeka: Person;
let support: Person;
let admin: Person;

const auth = (who: Person) => ({ Authorization: `Bearer ${who.token}` });
const seen = (who: Person) => request(api.url).get('/api/auth/user').set(auth(who)).expect(200);

beforeAll(async () => {
  api = await startTestApi();
  [ada, emeka, support, admin] = await Promise.all([
    signedInUser({ name: 'Ada Okafor', email: 'ada@lagos.test' }),
    signedInUser({ name: 'Emeka Bello', email: 'emeka@abuja.test' }),
    signedInAs(api.staffEmails.support),
    signedInAs(api.staffEmails.admin),
  ]);
  for (const who of [ada, emeka, support, admin]) await seen(who);
});

afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

async function listing(who: Person, overrides: Record<string, unknown> = {}): Promise<number> {
  return (await request(api.url).post('/api/vehicles').set(auth(who)).send(await listingBy(api.url, who.token, overrides)).expect(201)).body.id as number;
}

const totalOf = (res: { headers: Record<string, string> }) => Number(res.headers['content-range']?.split('/')[1]);

const list = (resource: string, query: Record<string, unknown>, who = support) =>
  request(api.url)
    .get(`/api/admin/${resource}`)
    .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])))
    .set(auth(who))
    .expect(200);

const auditFor = async (recordId: string | number) =>
  (await list('audit-log', { filter: { recordId: String(recordId) }, sort: ['id', 'ASC'] })).body as {
    action: string; actorId: string; actorEmail: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; recordLabel: string;
  }[];

describe('vehicles in the simple-rest dialect', () => {
  let kia: number;
  let leaf: number;
  let byd: number;

  beforeAll(async () => {
    kia = await listing(ada, { title: '2023 Kia EV6 GT-Line', brand: 'Kia', model: 'EV6', location: 'Port Harcourt', price: 61_000_000 });
    leaf = await listing(ada, { title: '2019 Nissan Leaf', brand: 'Nissan', model: 'Leaf', location: 'Abuja', price: 9_500_000 });
    byd = await listing(emeka, { title: '2024 BYD Atto 3', brand: 'BYD', model: 'Atto 3', location: 'Lagos', price: 42_000_000, vehicleType: 'car' });
    await request(api.url).post(`/api/admin/vehicles/${leaf}/approve`).set(auth(support)).expect(200);
  });

  it('filters by status, seller, brand, city and price, and searches title and seller email', async () => {
    const ids = async (filter: object) => (await list('vehicles', { filter, sort: ['id', 'ASC'] })).body.map((v: { id: number }) => v.id);
    expect(await ids({ status: 'pending' })).toEqual([kia, byd]);
    expect(await ids({ status: 'active' })).toEqual([leaf]);
    expect(await ids({ sellerId: emeka.uid })).toEqual([byd]);
    expect(await ids({ brand: 'kia' })).toEqual([kia]);
    expect(await ids({ location: 'Abuja' })).toEqual([leaf]);
    expect(await ids({ minPrice: 10_000_000, maxPrice: 50_000_000 })).toEqual([byd]);
    expect(await ids({ q: 'gt-line' })).toEqual([kia]);
    expect(await ids({ q: '@abuja.test' })).toEqual([byd]);
    expect(await ids({ q: '100%' })).toEqual([]);
    expect(await ids({ q: String(leaf) })).toContain(leaf);
    expect(await ids({ status: 'rejected' })).toEqual([]);
  });

  it('sorts and pages with Content-Range, and fetches several by id for getMany', async () => {
    const cheapestFirst = await list('vehicles', { sort: ['price', 'ASC'], range: [0, 1] });
    expect(cheapestFirst.body.map((v: { id: number }) => v.id)).toEqual([leaf, byd]);
    expect(cheapestFirst.headers['content-range']).toBe('vehicles 0-1/3');
    expect(cheapestFirst.headers['access-control-expose-headers']).toContain('Content-Range');
    const second = await list('vehicles', { sort: ['price', 'ASC'], range: [2, 3] });
    expect(second.body.map((v: { id: number }) => v.id)).toEqual([kia]);
    expect(second.headers['content-range']).toBe('vehicles 2-2/3');
    const beyond = await list('vehicles', { range: [50, 74] });
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['content-range']).toBe('vehicles */3');
    const many = await list('vehicles', { filter: { id: [byd, kia, 999_999] } });
    expect(many.body.map((v: { id: number }) => v.id).sort()).toEqual([kia, byd].sort());
  });

  it("shows one listing in any status with the seller's contacts and counts no view", async () => {
    const one = await request(api.url).get(`/api/admin/vehicles/${kia}`).set(auth(support)).expect(200);
    expect(one.body).toMatchObject({ id: kia, status: 'pending', views: 0, seller: { name: 'Ada Okafor', email: expect.stringContaining('ada+') } });
    await request(api.url).get(`/api/admin/vehicles/${kia}`).set(auth(admin)).expect(200);
    expect((await request(api.url).get(`/api/admin/vehicles/${kia}`).set(auth(admin))).body.views).toBe(0);
    await request(api.url).get('/api/admin/vehicles/999999').set(auth(admin)).expect(404);
  });

  it('takes a whole record back on PUT, changes only the editable fields and audits only what changed', async () => {
    const record = (await request(api.url).get(`/api/admin/vehicles/${byd}`).set(auth(admin)).expect(200)).body;
    const unchanged = await request(api.url).put(`/api/admin/vehicles/${byd}`).set(auth(admin)).send(record).expect(200);
    expect(unchanged.body.updatedAt).toBe(record.updatedAt);
    expect(await auditFor(byd)).toEqual([]);

    const edited = await request(api.url)
      .put(`/api/admin/vehicles/${byd}`)
      .set(auth(admin))
      .send({ ...record, title: '2024 BYD Atto 3 Extended', price: 41_000_000, views: 9999, sellerId: ada.uid, isVerified: true })
      .expect(200);
    expect(edited.body).toMatchObject({ title: '2024 BYD Atto 3 Extended', price: 41_000_000, views: 0, sellerId: emeka.uid, isVerified: false, status: 'pending' });
    const [entry] = await auditFor(byd);
    expect(entry).toMatchObject({
      action: 'vehicle.edited', actorId: admin.uid, actorEmail: api.staffEmails.admin, recordLabel: '2024 BYD Atto 3 Extended',
      before: { title: '2024 BYD Atto 3', price: 42_000_000 }, after: { title: '2024 BYD Atto 3 Extended', price: 41_000_000 },
    });
  });

  it('writes an audit entry for approve, reject and delete with the values before and after', async () => {
    const id = await listing(emeka, { title: '2022 Tesla Model 3' });
    await request(api.url).post(`/api/admin/vehicles/${id}/approve`).set(auth(support)).expect(200);
    await request(api.url).post(`/api/admin/vehicles/${id}/reject`).set(auth(support)).send({}).expect(200);
    await request(api.url).put(`/api/admin/vehicles/${id}`).set(auth(admin)).send({ status: 'rejected', rejectionReason: 'Duplicate listing' }).expect(200);
    await request(api.url).delete(`/api/admin/vehicles/${id}`).set(auth(admin)).expect(200);
    const entries = await auditFor(id);
    expect(entries.map((e) => e.action)).toEqual(['vehicle.approved', 'vehicle.rejected', 'vehicle.edited', 'vehicle.deleted']);
    expect(entries[0]).toMatchObject({ actorEmail: api.staffEmails.support, before: { status: 'pending', isVerified: false }, after: { status: 'active', isVerified: true } });
    expect(entries[1]).toMatchObject({ after: { status: 'rejected', rejectionReason: 'Did not meet platform standards' } });
    expect(entries[2]).toMatchObject({ before: { rejectionReason: 'Did not meet platform standards' }, after: { rejectionReason: 'Duplicate listing' } });
    expect(entries[3]).toMatchObject({ actorEmail: api.staffEmails.admin, after: null, before: { title: '2022 Tesla Model 3', status: 'rejected' } });
    const one = await request(api.url).get('/api/admin/audit-log').query({ filter: JSON.stringify({ action: 'vehicle.deleted' }) }).set(auth(support)).expect(200);
    const entryId = one.body.find((e: { recordId: string }) => e.recordId === String(id)).id;
    expect((await request(api.url).get(`/api/admin/audit-log/${entryId}`).set(auth(support)).expect(200)).body).toMatchObject({ recordLabel: '2022 Tesla Model 3', actorName: 'Staff Member' });
    await request(api.url).get('/api/admin/audit-log/999999').set(auth(support)).expect(404);
  });

  it('approves and rejects in bulk, reporting the ones that could not move', async () => {
    const a = await listing(ada);
    const b = await listing(ada);
    const c = await listing(emeka);
    await request(api.url).post(`/api/admin/vehicles/${b}/approve`).set(auth(support)).expect(200);
    const approved = await request(api.url).post('/api/admin/vehicles/bulk-approve').set(auth(support)).send({ ids: [a, b, 999_999] }).expect(200);
    expect(approved.body.updated).toEqual([a]);
    expect(approved.body.failed).toEqual([
      { id: b, code: 'LISTING_ILLEGAL_TRANSITION', message: expect.any(String) },
      { id: 999_999, code: 'LISTING_NOT_FOUND', message: expect.any(String) },
    ]);
    const rejected = await request(api.url).post('/api/admin/vehicles/bulk-reject').set(auth(support)).send({ ids: [b, c], reason: 'Photos are unclear' }).expect(200);
    expect(rejected.body).toEqual({ updated: [b, c], failed: [] });
    const rows = await list('vehicles', { filter: { id: [a, b, c] }, sort: ['id', 'ASC'] });
    expect(rows.body.map((v: { status: string; rejectionReason: string | null }) => [v.status, v.rejectionReason])).toEqual([
      ['active', null], ['rejected', 'Photos are unclear'], ['rejected', 'Photos are unclear'],
    ]);
    // The seller sees the moderator's reason on their own listing.
    const mine = await request(api.url).get('/api/vehicles/my-listings').set(auth(emeka)).expect(200);
    expect(mine.body.find((v: { id: number }) => v.id === c)).toMatchObject({ status: 'rejected', rejectionReason: 'Photos are unclear' });
  });
});

describe('users', () => {
  it('lists everyone with listing counts, newest first, with role and text filters', async () => {
    const all = await list('users', { range: [0, 99] });
    expect(totalOf(all)).toBe(all.body.length);
    const joined = all.body.map((u: { createdAt: string }) => u.createdAt);
    expect([...joined].sort().reverse()).toEqual(joined);
    const adaRow = all.body.find((u: { id: string }) => u.id === ada.uid);
    expect(adaRow).toMatchObject({ displayName: 'Ada Okafor', role: 'user', isBootstrapStaff: false });
    expect(adaRow.listingCount).toBeGreaterThanOrEqual(3);
    const staff = await list('users', { filter: { role: 'support' } });
    expect(staff.body.map((u: { id: string; isBootstrapStaff: boolean }) => [u.id, u.isBootstrapStaff])).toEqual([[support.uid, true]]);
    expect((await list('users', { filter: { q: 'okafor' } })).body.map((u: { id: string }) => u.id)).toEqual([ada.uid]);
    // Phones are stored in E.164; staff type them the way people say them.
    await request(api.url).patch('/api/auth/profile').set(auth(ada)).send({ phone: '0803 555 0199' }).expect(200);
    for (const typed of ['0803 555 0199', '+234 803 555 0199', '08035550199', '5550199']) {
      expect((await list('users', { filter: { q: typed } })).body.map((u: { id: string }) => u.id), typed).toEqual([ada.uid]);
    }
    const csv = await request(api.url).get('/api/admin/users/export').query({ filter: JSON.stringify({ q: '0803 555 0199' }) }).set(auth(support)).expect(200);
    expect(csv.text).toContain(ada.email);
    const byCount = (await list('users', { sort: ['listingCount', 'DESC'], range: [0, 0] })).body;
    expect(byCount[0].id).toBe(ada.uid);
  });

  it('exports every matching user as CSV, with formula-looking cells made harmless', async () => {
    const prankster = await signedInUser({ name: '=HYPERLINK("http://evil") Smith' });
    await seen(prankster);
    const res = await request(api.url).get('/api/admin/users/export').query({ sort: JSON.stringify(['email', 'ASC']) }).set(auth(support)).expect(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="voltmarket-users-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('id,email,first_name,last_name,phone,role,joined,listings,active_listings');
    const total = totalOf(await list('users', {}));
    expect(lines).toHaveLength(total + 1);
    expect(lines.find((l) => l.startsWith(prankster.uid))).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const filtered = await request(api.url).get('/api/admin/users/export').query({ filter: JSON.stringify({ role: 'admin' }) }).set(auth(support)).expect(200);
    expect(filtered.text.trim().split('\r\n')).toHaveLength(2);
  });

  it('lets an admin change roles, which take effect at once and are audited', async () => {
    const promoted = await signedInUser({ name: 'Bisi Ade' });
    await seen(promoted);
    await request(api.url).get('/api/admin/check').set(auth(promoted)).expect(403);
    const res = await request(api.url).put(`/api/admin/users/${promoted.uid}`).set(auth(admin)).send({ role: 'support' }).expect(200);
    expect(res.body).toMatchObject({ id: promoted.uid, role: 'support' });
    expect((await request(api.url).get('/api/admin/check').set(auth(promoted)).expect(200)).body.role).toBe('support');
    expect(await auditFor(promoted.uid)).toEqual([
      expect.objectContaining({ action: 'user.role_changed', actorId: admin.uid, before: { role: 'user' }, after: { role: 'support' }, recordLabel: promoted.email }),
    ]);
    await request(api.url).put(`/api/admin/users/${promoted.uid}`).set(auth(admin)).send({ role: 'user' }).expect(200);
    await request(api.url).get('/api/admin/check').set(auth(promoted)).expect(403);
  });

  it('never removes the last administrator, nor demotes a bootstrap staff account, nor makes a guest staff', async () => {
    const last = await request(api.url).put(`/api/admin/users/${admin.uid}`).set(auth(admin)).send({ role: 'user' }).expect(409);
    expect(last.body.error.code).toBe('LAST_ADMIN');

    const second = await signedInUser({ name: 'Chidi Obi' });
    await seen(second);
    await request(api.url).put(`/api/admin/users/${second.uid}`).set(auth(admin)).send({ role: 'admin' }).expect(200);
    const bootstrap = await request(api.url).put(`/api/admin/users/${admin.uid}`).set(auth(second)).send({ role: 'support' }).expect(409);
    expect(bootstrap.body.error).toMatchObject({ code: 'BOOTSTRAP_STAFF', message: expect.stringContaining('ADMIN_EMAILS') });
    const supportDemoted = await request(api.url).put(`/api/admin/users/${support.uid}`).set(auth(second)).send({ role: 'user' }).expect(409);
    expect(supportDemoted.body.error.code).toBe('BOOTSTRAP_STAFF');
    await request(api.url).put(`/api/admin/users/${second.uid}`).set(auth(second)).send({ role: 'user' }).expect(200);
    await request(api.url).get('/api/admin/stats').set(auth(second)).expect(403);

    const guest = await anonymousGuest();
    await seen(guest);
    const refused = await request(api.url).put(`/api/admin/users/${guest.uid}`).set(auth(admin)).send({ role: 'support' }).expect(422);
    expect(refused.body.error.code).toBe('STAFF_NEEDS_EMAIL');
    expect((await request(api.url).get(`/api/admin/users/${guest.uid}`).set(auth(admin)).expect(200)).body.role).toBe('user');
  });
});

describe('dashboard figures', () => {
  it('counts users and listings from the database as they are now', async () => {
    const before = (await request(api.url).get('/api/admin/stats').set(auth(support)).expect(200)).body;
    const conn = api.orm.em.getConnection();
    const [row] = await conn.execute<{ users: number; listings: number; pending: number; active: number }[]>(`select (select count(*)::int from users) as users, (select count(*)::int from listings) as listings,
      (select count(*)::int from listings where status = 'pending') as pending, (select count(*)::int from listings where status = 'active') as active`);
    expect(before).toMatchObject({ totalUsers: row?.users, totalVehicles: row?.listings, pendingListings: row?.pending, activeListings: row?.active });
    const id = await listing(ada);
    await request(api.url).post(`/api/admin/vehicles/${id}/approve`).set(auth(support)).expect(200);
    const after = (await request(api.url).get('/api/admin/stats').set(auth(support)).expect(200)).body;
    expect(after).toMatchObject({
      totalVehicles: before.totalVehicles + 1, activeListings: before.activeListings + 1,
      pendingListings: before.pendingListings, newListingsLast7Days: before.newListingsLast7Days + 1,
    });
  });
});
