import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, signedInAs, signedInUser, startTestApi, type TestApi, listingBy } from '../support/harness.js';

/**
 * The role matrix over every /api/admin route: a visitor gets 401, a signed-in user 403, support
 * what moderation needs, an admin everything. A refused call changes nothing.
 */
let api: TestApi;
type Person = { uid: string; token: string };
let seller: Person;
let plainUser: Person;
let support: Person;
let admin: Person;

const auth = (who: Person) => ({ Authorization: `Bearer ${who.token}` });

beforeAll(async () => {
  api = await startTestApi();
  [seller, plainUser, support, admin] = await Promise.all([
    signedInUser({ name: 'Ada Okafor' }),
    signedInUser({ name: 'Tunde Adeyemi' }),
    signedInAs(api.staffEmails.support),
    signedInAs(api.staffEmails.admin),
  ]);
  for (const who of [seller, plainUser, support, admin]) await request(api.url).get('/api/auth/user').set(auth(who)).expect(200);
});

afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

async function pendingListing(): Promise<number> {
  const res = await request(api.url).post('/api/vehicles').set(auth(seller)).send(await listingBy(api.url, seller.token)).expect(201);
  return res.body.id as number;
}

/** A listing an admin has approved, so it is live. */
async function liveListing(): Promise<number> {
  const id = await pendingListing();
  await request(api.url).post(`/api/admin/vehicles/${id}/approve`).set(auth(admin)).expect(200);
  return id;
}

const carOfTheWeekPicks = () => api.orm.em.getConnection().execute('select * from car_of_the_week_picks order by week_of');

async function listingRow(id: number): Promise<unknown> {
  return (await api.orm.em.getConnection().execute('select status, title, rejection_reason from listings where id = ?', [id]))[0];
}

type Allowed = 'staff' | 'admin';
interface Route {
  name: string;
  allowed: Allowed;
  /** Sets up a fresh target and says what to send. */
  prepare: () => Promise<{ method: 'get' | 'put' | 'post' | 'patch' | 'delete'; path: string; body?: object; unchanged?: () => Promise<unknown> }>;
  ok: number;
}

const routes: Route[] = [
  { name: 'GET check', allowed: 'staff', ok: 200, prepare: async () => ({ method: 'get', path: '/api/admin/check' }) },
  { name: 'GET stats', allowed: 'staff', ok: 200, prepare: async () => ({ method: 'get', path: '/api/admin/stats' }) },
  { name: 'GET vehicles', allowed: 'staff', ok: 200, prepare: async () => ({ method: 'get', path: '/api/admin/vehicles' }) },
  { name: 'GET vehicle', allowed: 'staff', ok: 200, prepare: async () => ({ method: 'get', path: `/api/admin/vehicles/${await pendingListing()}` }) },
  {
    name: 'PUT vehicle', allowed: 'staff', ok: 200,
    prepare: async () => {
      const id = await pendingListing();
      return { method: 'put', path: `/api/admin/vehicles/${id}`, body: { title: 'Edited by staff' }, unchanged: () => listingRow(id) };
    },
  },
  {
    name: 'PATCH vehicle edit', allowed: 'staff', ok: 200,
    prepare: async () => {
      const id = await pendingListing();
      return { method: 'patch', path: `/api/admin/vehicles/${id}/edit`, body: { title: 'Edited by staff' }, unchanged: () => listingRow(id) };
    },
  },
  {
    name: 'POST approve', allowed: 'staff', ok: 200,
    prepare: async () => {
      const id = await pendingListing();
      return { method: 'post', path: `/api/admin/vehicles/${id}/approve`, unchanged: () => listingRow(id) };
    },
  },
  {
    name: 'POST reject', allowed: 'staff', ok: 200,
    prepare: async () => {
      const id = await pendingListing();
      return { method: 'post', path: `/api/admin/vehicles/${id}/reject`, body: { reason: 'Photos are unclear' }, unchanged: () => listingRow(id) };
    },
  },
  {
    name: 'POST bulk-approve', allowed: 'staff', ok: 200,
    prepare: async () => {
      const id = await pendingListing();
      return { method: 'post', path: '/api/admin/vehicles/bulk-approve', body: { ids: [id] }, unchanged: () => listingRow(id) };
    },
  },
  {
    name: 'POST bulk-reject', allowed: 'staff', ok: 200,
    prepare: async () => {
      const id = await pendingListing();
      return { method: 'post', path: '/api/admin/vehicles/bulk-reject', body: { ids: [id] }, unchanged: () => listingRow(id) };
    },
  },
  {
    name: 'DELETE vehicle', allowed: 'admin', ok: 200,
    prepare: async () => {
      const id = await pendingListing();
      return { method: 'delete', path: `/api/admin/vehicles/${id}`, unchanged: () => listingRow(id) };
    },
  },
  {
    name: 'POST car-of-the-week', allowed: 'staff', ok: 200,
    prepare: async () => {
      const id = await liveListing();
      return { method: 'post', path: `/api/admin/vehicles/${id}/car-of-the-week`, unchanged: carOfTheWeekPicks };
    },
  },
  {
    name: 'DELETE car-of-the-week', allowed: 'staff', ok: 200,
    prepare: async () => {
      const id = await liveListing();
      await request(api.url).post(`/api/admin/vehicles/${id}/car-of-the-week`).set(auth(admin)).expect(200);
      return { method: 'delete', path: `/api/admin/vehicles/${id}/car-of-the-week`, unchanged: carOfTheWeekPicks };
    },
  },
  { name: 'GET car-of-the-week', allowed: 'staff', ok: 200, prepare: async () => ({ method: 'get', path: '/api/admin/car-of-the-week' }) },
  { name: 'GET users', allowed: 'staff', ok: 200, prepare: async () => ({ method: 'get', path: '/api/admin/users' }) },
  { name: 'GET users export', allowed: 'staff', ok: 200, prepare: async () => ({ method: 'get', path: '/api/admin/users/export' }) },
  { name: 'GET user', allowed: 'staff', ok: 200, prepare: async () => ({ method: 'get', path: `/api/admin/users/${seller.uid}` }) },
  {
    name: 'PUT user role', allowed: 'admin', ok: 200,
    prepare: async () => {
      const target = await signedInUser();
      await request(api.url).get('/api/auth/user').set(auth(target)).expect(200);
      const role = async () => (await api.orm.em.getConnection().execute('select role from users where id = ?', [target.uid]))[0];
      return { method: 'put', path: `/api/admin/users/${target.uid}`, body: { role: 'support' }, unchanged: role };
    },
  },
  { name: 'GET audit-log', allowed: 'staff', ok: 200, prepare: async () => ({ method: 'get', path: '/api/admin/audit-log' }) },
  {
    name: 'GET audit-log entry', allowed: 'staff', ok: 200,
    prepare: async () => {
      const [row] = await api.orm.em.getConnection().execute<{ id: number }[]>('select id from audit_log order by id limit 1');
      return { method: 'get', path: `/api/admin/audit-log/${row?.id ?? 1}` };
    },
  },
];

async function call(route: Route, who: Person | null): Promise<{ status: number; unchanged: boolean; code?: string }> {
  const { method, path, body, unchanged } = await route.prepare();
  const before = unchanged ? JSON.stringify(await unchanged()) : '';
  let req = request(api.url)[method](path);
  if (who) req = req.set(auth(who));
  const res = body ? await req.send(body) : await req;
  const after = unchanged ? JSON.stringify(await unchanged()) : '';
  return { status: res.status, unchanged: before === after, code: res.body?.error?.code };
}

describe('every admin route checks the role on the server', () => {
  it.each(routes.map((r) => [r.name, r] as const))('%s', async (_name, route) => {
    const visitor = await call(route, null);
    expect(visitor).toMatchObject({ status: 401, unchanged: true, code: 'NOT_SIGNED_IN' });

    const user = await call(route, plainUser);
    expect(user).toMatchObject({ status: 403, unchanged: true, code: route.allowed === 'admin' ? 'ADMIN_ONLY' : 'STAFF_ONLY' });

    const bySupport = await call(route, support);
    if (route.allowed === 'staff') expect(bySupport.status).toBe(route.ok);
    else expect(bySupport).toMatchObject({ status: 403, unchanged: true, code: 'ADMIN_ONLY' });

    const byAdmin = await call(route, admin);
    expect(byAdmin.status).toBe(route.ok);
  });

  it('a seller is not staff because of their own listings', async () => {
    const id = await pendingListing();
    await request(api.url).post(`/api/admin/vehicles/${id}/approve`).set(auth(seller)).expect(403);
    await request(api.url).get(`/api/admin/vehicles/${id}`).set(auth(seller)).expect(403);
    expect(await listingRow(id)).toMatchObject({ status: 'pending' });
  });

  it('answers creation on these resources with 405, not a silent success', async () => {
    for (const resource of ['vehicles', 'users', 'audit-log']) {
      const res = await request(api.url).post(`/api/admin/${resource}`).set(auth(admin)).send({ title: 'x' });
      expect(res.status).toBe(405);
      expect(res.body.error.code).toBe('METHOD_NOT_ALLOWED');
    }
    await request(api.url).delete(`/api/admin/users/${seller.uid}`).set(auth(admin)).expect(405);
    await request(api.url).put('/api/admin/audit-log/1').set(auth(admin)).send({}).expect(405);
  });
});

describe('malformed list queries get a 400 with field details, never a 500', () => {
  const bad: [string, Record<string, string>, string][] = [
    ['sort that is not JSON', { sort: 'createdAt DESC' }, 'sort'],
    ['sort on an unknown field', { sort: '["password","ASC"]' }, 'sort'],
    ['sort with an unknown order', { sort: '["id","UP"]' }, 'sort'],
    ['sort as an object', { sort: '{"field":"id"}' }, 'sort'],
    ['range that is not JSON', { range: '0-24' }, 'range'],
    ['range backwards', { range: '[10,2]' }, 'range'],
    ['range below zero', { range: '[-1,5]' }, 'range'],
    ['range of fractions', { range: '[0.5,2]' }, 'range'],
    ['range of text', { range: '["a","b"]' }, 'range'],
    ['range too wide', { range: '[0,5000]' }, 'range'],
    ['filter that is not JSON', { filter: '{status:pending}' }, 'filter'],
    ['filter as an array', { filter: '["pending"]' }, 'filter'],
    ['filter with an unknown key', { filter: '{"password":"x"}' }, 'filter.password'],
    ['filter with a wrong type', { filter: '{"q":5}' }, 'filter.q'],
    ['ids filter with objects', { filter: '{"id":[{"a":1}]}' }, 'filter.id'],
    ['an unknown parameter', { page: '2' }, 'page'],
    ['filter with an inherited key', { filter: '{"__proto__":1}' }, 'filter.__proto__'],
    ['filter with a built-in name', { filter: '{"valueOf":1,"constructor":"x"}' }, 'filter.valueOf'],
    ['filter text with a NUL escape', { filter: '{"q":"a\\u0000b"}' }, 'filter.q'],
  ];
  const vehicleOnly: [string, Record<string, string>, string][] = [
    ['status filter with an unknown status', { filter: '{"status":"archived"}' }, 'filter.status'],
    ['price filter with text', { filter: '{"minPrice":"cheap"}' }, 'filter.minPrice'],
    ['ids filter with a huge id', { filter: '{"id":[99999999999]}' }, 'filter.id'],
  ];

  it.each([
    ...bad.map(([name, query, field]) => ['vehicles', name, query, field] as const),
    ...vehicleOnly.map(([name, query, field]) => ['vehicles', name, query, field] as const),
    ...bad.map(([name, query, field]) => ['users', name, query, field] as const),
    ...bad.map(([name, query, field]) => ['audit-log', name, query, field] as const),
    ['users', 'role filter with an unknown role', { filter: '{"role":"owner"}' }, 'filter.role'] as const,
    ['users/export', 'export sorted on an unknown field', { sort: '["password","ASC"]' }, 'sort'] as const,
  ])('%s: %s', async (resource, _name, query, field) => {
    const res = await request(api.url).get(`/api/admin/${resource}`).query(query).set(auth(admin));
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('refuses an over-long query parameter and a bad id in the path', async () => {
    await request(api.url).get('/api/admin/vehicles').query({ filter: JSON.stringify({ q: 'x'.repeat(5000) }) }).set(auth(admin)).expect(400);
    await request(api.url).get('/api/admin/vehicles/abc').set(auth(admin)).expect(400);
    await request(api.url).get('/api/admin/vehicles/0').set(auth(admin)).expect(400);
    await request(api.url).get('/api/admin/audit-log/abc').set(auth(admin)).expect(400);
    await request(api.url).get('/api/admin/audit-log/99999999999').set(auth(admin)).expect(400);
    await request(api.url).get('/api/admin/users/a%00b').set(auth(admin)).expect(400);
    await request(api.url).put('/api/admin/users/a%01b').set(auth(admin)).send({ role: 'user' }).expect(400);
    await request(api.url).get('/api/admin/users/nobody-here').set(auth(admin)).expect(404);
  });

  it('refuses bad bodies on the admin writes and changes nothing', async () => {
    const id = await pendingListing();
    const before = await listingRow(id);
    const cases: [string, string, object][] = [
      ['put', `/api/admin/vehicles/${id}`, { price: 'lots' }],
      ['put', `/api/admin/vehicles/${id}`, { status: 'archived' }],
      ['put', `/api/admin/vehicles/${id}`, { id: id + 1, title: 'Other' }],
      ['put', `/api/admin/vehicles/${id}`, { hacked: true }],
      ['put', `/api/admin/vehicles/${id}`, { year: 1999 }],
      ['post', '/api/admin/vehicles/bulk-approve', { ids: [] }],
      ['post', '/api/admin/vehicles/bulk-approve', { ids: ['x'] }],
      ['post', '/api/admin/vehicles/bulk-reject', { ids: [id], reason: 'r'.repeat(501) }],
      ['put', `/api/admin/users/${seller.uid}`, { role: 'owner' }],
      ['put', `/api/admin/users/${seller.uid}`, {}],
      ['put', `/api/admin/users/${seller.uid}`, { role: 'admin', id: 'someone-else' }],
    ];
    for (const [method, path, body] of cases) {
      const res = await request(api.url)[method as 'put' | 'post'](path).set(auth(admin)).send(body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.details.length).toBeGreaterThan(0);
    }
    expect(await listingRow(id)).toEqual(before);
    expect((await request(api.url).get(`/api/admin/users/${seller.uid}`).set(auth(admin)).expect(200)).body.role).toBe('user');
  });
});
