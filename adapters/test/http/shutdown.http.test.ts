import http from 'node:http';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

/**
 * Stopping as a deploy stops a process (RunningApi.close, which SIGTERM calls in production), with
 * requests in flight: a change held on a row lock, and a live event stream. The change finishes and
 * is kept, the stream ends with a reconnect hint, no new connection is taken, and a request past the
 * grace period is cut, its change landing whole or not at all. The stopped process is the second of
 * two on one database, as a replica taken out of a pool, so the database outlives it.
 */
type Person = { uid: string; email: string; token: string };
const auth = (p: Person) => ({ Authorization: `Bearer ${p.token}` });
let base: TestApi;
let admin: Person;
beforeAll(async () => {
  base = await startTestApi();
  admin = await signedInAs(base.staffEmails.admin);
});
afterAll(async () => {
  await base?.close();
  await closeAdminApp();
});

/** A second API process, a listing of a new seller, and a connection of our own that can hold its row. */
async function setUp(): Promise<{ api: TestApi; seller: Person; id: number; holder: pg.Client }> {
  const api = await startTestApi({}, base);
  const seller = await signedInUser({ name: 'Oluwaseun Adebayo-Williams' });
  const id = await liveListing(api.url, seller.token, admin.token, { title: '2022 Hyundai IONIQ 5 Long Range', price: 38_500_000, location: 'Lagos' });
  const holder = new pg.Client({ connectionString: api.databaseUrl });
  await holder.connect();
  return { api, seller, id, holder };
}

/** Reads a live stream until the server ends it. */
function readStream(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http.get(url, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(text));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a graceful stop', () => {
  it('lets a change in flight finish and keeps it, ends live streams with a reconnect hint, and takes no new connection', async () => {
    const { api, seller, id, holder } = await setUp();
    const ticket = (await request(api.url).post('/api/events/ticket').set(auth(seller)).expect(201)).body.ticket as string;
    const stream = readStream(`${api.url}/api/events?ticket=${ticket}`);
    await holder.query('begin');
    await holder.query('select id from listings where id = $1 for update', [id]);
    const change = request(api.url).patch(`/api/vehicles/${id}`).set(auth(seller)).send({ price: 37_900_000 }).then((res) => res);
    await sleep(300);

    const started = Date.now();
    const stopped = api.close();
    await sleep(100);
    // Taking nothing new: a new connection is refused while the change is still in flight.
    await expect(fetch(`${api.url}/api/health`)).rejects.toThrow();
    expect(await stream).toMatch(/retry: 1000\n\n$/);

    await holder.query('commit');
    const answer = await change;
    expect(answer.status).toBe(200);
    expect(answer.body.price).toBe(37_900_000);
    expect(answer.headers.connection).toBe('close');
    const { rows } = await holder.query<{ price: string }>('select price from listings where id = $1', [id]);
    expect(Number(rows[0]!.price)).toBe(37_900_000);
    await holder.end();
    await stopped;
    // The other process goes on serving.
    await request(base.url).get('/api/ready').expect(200);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('cuts a request still in flight at the end of the grace period; its change lands whole or not at all', async () => {
    const { api, seller, id, holder } = await setUp();
    await holder.query('begin');
    await holder.query('select id from listings where id = $1 for update', [id]);
    const change = request(api.url).patch(`/api/vehicles/${id}`).set(auth(seller)).send({ price: 37_500_000 }).then(() => 'answered', () => 'cut');
    await sleep(300);
    const started = Date.now();
    const stopped = api.close(500);
    expect(await change).toBe('cut');
    expect(Date.now() - started).toBeLessThan(3_000);
    // The cut request's statement waited on the lock: once it goes, the change commits whole or is
    // rolled back with its connection, never half of it. A client that heard nothing retries with
    // its Idempotency-Key.
    await holder.query('commit');
    await stopped;
    const { rows } = await holder.query<{ price: string }>('select price from listings where id = $1', [id]);
    expect([38_500_000, 37_500_000]).toContain(Number(rows[0]!.price));
    await holder.end();
  }, 60_000);
});
