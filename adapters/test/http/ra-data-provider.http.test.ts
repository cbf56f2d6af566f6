import simpleRestProvider from 'ra-data-simple-rest';
import { type DataProvider, fetchUtils } from 'ra-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, signedInAs, signedInUser, startTestApi, type TestApi, listingBy } from '../support/harness.js';

/**
 * The backoffice talks to the API through react-admin's own ra-data-simple-rest provider. Here
 * that very provider runs against the real API, so the dialect is proven by its client, not by us.
 */
let api: TestApi;
let provider: DataProvider;
let supportProvider: DataProvider;
let seller: { uid: string; token: string };
let admin: { uid: string; token: string };
let support: { uid: string; token: string };
const ids: number[] = [];

const providerFor = (token: string): DataProvider =>
  simpleRestProvider(`${api.url}/api/admin`, (url: string, options: fetchUtils.Options = {}) =>
    fetchUtils.fetchJson(url, { ...options, user: { authenticated: true, token: `Bearer ${token}` } }));

beforeAll(async () => {
  api = await startTestApi();
  [seller, admin, support] = await Promise.all([
    signedInUser({ name: 'Ngozi Eze' }),
    signedInAs(api.staffEmails.admin),
    signedInAs(api.staffEmails.support),
  ]);
  for (const who of [seller, admin, support]) await request(api.url).get('/api/auth/user').set('Authorization', `Bearer ${who.token}`).expect(200);
  const titles = ['2021 Tesla Model Y', '2022 Kia Niro EV', '2023 MG4 Electric', '2020 Nissan Leaf', '2024 BYD Dolphin'];
  for (const [i, title] of titles.entries()) {
    const res = await request(api.url).post('/api/vehicles').set('Authorization', `Bearer ${seller.token}`)
      .send(await listingBy(api.url, seller.token, { title, price: 10_000_000 + i * 1_000_000 })).expect(201);
    ids.push(res.body.id as number);
  }
  provider = providerFor(admin.token);
  supportProvider = providerFor(support.token);
});

afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

describe('ra-data-simple-rest against the real admin API', () => {
  it('getList on vehicles with sort, range and filter reads the total from Content-Range', async () => {
    const page = await provider.getList('vehicles', {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'price', order: 'DESC' },
      filter: { status: 'pending', q: '20' },
    });
    expect(page.total).toBe(5);
    expect(page.data.map((v) => v.price)).toEqual([12_000_000, 11_000_000]);
    const filtered = await provider.getList('vehicles', {
      pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: { q: 'leaf' },
    });
    expect(filtered).toMatchObject({ total: 1, data: [{ id: ids[3], title: '2020 Nissan Leaf' }] });
  });

  it('getOne and getMany on vehicles', async () => {
    const one = await provider.getOne('vehicles', { id: ids[0]! });
    expect(one.data).toMatchObject({ id: ids[0], title: '2021 Tesla Model Y', seller: { id: seller.uid } });
    const many = await provider.getMany('vehicles', { ids: [ids[1]!, ids[2]!] });
    expect(many.data.map((v) => v.id).sort()).toEqual([ids[1], ids[2]].sort());
    // getMany sends no range: every id asked for comes back, not only a first page of 25.
    const lots = await provider.getMany('vehicles', { ids: [...ids, ...Array.from({ length: 40 }, (_, i) => 900_000 + i)] });
    expect(lots.data).toHaveLength(ids.length);
    // A reference from the audit log holds the id as text; it must find the listing all the same.
    const byText = await provider.getMany('vehicles', { ids: [String(ids[4])] });
    expect(byText.data.map((v) => v.id)).toEqual([ids[4]]);
  });

  it('update sends the whole record back and the listing changes', async () => {
    const { data: record } = await provider.getOne('vehicles', { id: ids[1]! });
    const updated = await provider.update('vehicles', {
      id: ids[1]!, data: { ...record, title: '2022 Kia Niro EV Wave', status: 'active' }, previousData: record,
    });
    expect(updated.data).toMatchObject({ id: ids[1], title: '2022 Kia Niro EV Wave', status: 'active', isVerified: true });
    const publicView = await request(api.url).get(`/api/vehicles/${ids[1]}`).expect(200);
    expect(publicView.body.title).toBe('2022 Kia Niro EV Wave');
  });

  it('delete removes the listing for an admin and is refused to support', async () => {
    const { data: record } = await provider.getOne('vehicles', { id: ids[2]! });
    await expect(supportProvider.delete('vehicles', { id: ids[2]!, previousData: record })).rejects.toMatchObject({ status: 403 });
    const deleted = await provider.delete('vehicles', { id: ids[2]!, previousData: record });
    expect(deleted.data).toMatchObject({ id: ids[2], title: '2023 MG4 Electric' });
    await expect(provider.getOne('vehicles', { id: ids[2]! })).rejects.toMatchObject({ status: 404 });
  });

  it('getList, getOne, getMany, getManyReference and update on users', async () => {
    const list = await provider.getList('users', {
      pagination: { page: 1, perPage: 10 }, sort: { field: 'createdAt', order: 'ASC' }, filter: { q: 'ngozi' },
    });
    expect(list).toMatchObject({ total: 1, data: [{ id: seller.uid, displayName: 'Ngozi Eze', listingCount: 4 }] });
    const one = await provider.getOne('users', { id: seller.uid });
    expect(one.data.role).toBe('user');
    const many = await provider.getMany('users', { ids: [seller.uid, admin.uid] });
    expect(many.data.map((u) => u.id).sort()).toEqual([seller.uid, admin.uid].sort());
    const theirs = await provider.getManyReference('vehicles', {
      target: 'sellerId', id: seller.uid, pagination: { page: 1, perPage: 2 }, sort: { field: 'id', order: 'ASC' }, filter: {},
    });
    expect(theirs.total).toBe(4);
    expect(theirs.data.map((v) => v.id)).toEqual([ids[0], ids[1]]);

    const promoted = await provider.update('users', { id: seller.uid, data: { ...one.data, role: 'support' }, previousData: one.data });
    expect(promoted.data).toMatchObject({ id: seller.uid, role: 'support' });
    await expect(supportProvider.update('users', { id: admin.uid, data: { role: 'user' }, previousData: {} })).rejects.toMatchObject({ status: 403 });
  });

  it('the audit log reads through the same provider', async () => {
    const log = await provider.getList('audit-log', {
      pagination: { page: 1, perPage: 50 }, sort: { field: 'createdAt', order: 'DESC' }, filter: {},
    });
    // The update above took a pending listing live, so it is filed as an approval.
    expect(log.data.map((e) => e.action)).toEqual(['user.role_changed', 'vehicle.deleted', 'vehicle.approved']);
    expect(log.total).toBe(3);
  });
});
