import { randomBytes } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, listingBy, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

/**
 * DATABASE_READ_URL pointed at a second connection to the same database, as a streaming replica
 * would be: a role that may only read (every transaction read-only, as on a hot standby), whose
 * connections are named, so the test sees which statements went where.
 */
const READER = `replica_${randomBytes(4).toString('hex')}`;
const APP_NAME = `voltmarket-replica-${READER}`;

let owner: TestApi;
let api: TestApi;
let db: pg.Client;
let seller: { token: string };
let admin: { token: string };
const auth = (who: { token: string }) => ({ Authorization: `Bearer ${who.token}` });

beforeAll(async () => {
  owner = await startTestApi();
  db = new pg.Client({ connectionString: owner.databaseUrl });
  await db.connect();
  await db.query(`create role ${READER} login password 'replica'`);
  await db.query(`alter role ${READER} set default_transaction_read_only = on`);
  await db.query(`grant usage on schema public to ${READER}`);
  await db.query(`grant select on all tables in schema public to ${READER}`);
  const readUrl = new URL(owner.databaseUrl);
  readUrl.username = READER;
  readUrl.password = 'replica';
  readUrl.searchParams.set('application_name', APP_NAME);
  api = await startTestApi({ DATABASE_READ_URL: readUrl.toString() }, owner);
  [seller, admin] = await Promise.all([signedInUser({ name: 'Chiamaka Nwosu-Eze' }), signedInAs(owner.staffEmails.admin)]);
}, 60_000);

afterAll(async () => {
  await api?.close();
  await db?.query(`drop owned by ${READER}`);
  await db?.query(`drop role if exists ${READER}`);
  await db?.end();
  await owner?.close();
  await closeAdminApp();
});

/** The statements the replica's connections ran last, one per connection. */
const replicaStatements = async () =>
  (await db.query<{ query: string }>('select query from pg_stat_activity where application_name = $1', [APP_NAME])).rows.map((r) => r.query);

describe('with DATABASE_READ_URL set', () => {
  it('writes on the primary and finds the result through the replica', async () => {
    const res = await request(api.url).post('/api/vehicles').set(auth(seller))
      .send(await listingBy(api.url, seller.token, { title: '2024 Mercedes-Benz EQS 580 4MATIC', brand: 'Mercedes-Benz', model: 'EQS', location: 'Port Harcourt', price: 185_000_000 }))
      .expect(201);
    const id = res.body.id as number;
    // A seller's own list is read on the primary: the new listing is there at once.
    const mine = await request(api.url).get('/api/vehicles/my-listings').set(auth(seller)).expect(200);
    expect(mine.body.map((l: { id: number }) => l.id)).toContain(id);
    await request(api.url).post(`/api/admin/vehicles/${id}/approve`).set(auth(admin)).expect(200);

    const found = await request(api.url).get('/api/vehicles').query({ location: 'Port Harcourt', search: 'eqs 580' }).expect(200);
    expect(found.body.map((l: { id: number }) => l.id)).toEqual([id]);
    expect(found.headers['x-total-count']).toBe('1');
    const statements = await replicaStatements();
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.join('\n')).toMatch(/(from|join) listings l\b/);
    expect(statements.join('\n')).not.toMatch(/\b(insert|update|delete)\b/i);
  });

  it('sends the staff lists to the replica too', async () => {
    const list = await request(api.url).get('/api/admin/vehicles').query({ range: '[0,9]' }).set(auth(admin)).expect(200);
    expect(list.body.length).toBeGreaterThan(0);
    const before = new Set(await replicaStatements());
    await request(api.url).get('/api/admin/users').query({ range: '[0,9]', filter: JSON.stringify({ q: 'Chiamaka' }) }).set(auth(admin)).expect(200);
    const after = await replicaStatements();
    expect(after.some((q) => !before.has(q) && /from users/i.test(q))).toBe(true);
  });

  it('could not write through the replica even if it tried', async () => {
    const url = new URL(owner.databaseUrl);
    url.username = READER;
    url.password = 'replica';
    const reader = new pg.Client({ connectionString: url.toString() });
    await reader.connect();
    try {
      await expect(reader.query(`update listings set views = views + 1`)).rejects.toThrow(/read-only transaction/);
    } finally {
      await reader.end();
    }
  });
});
