import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PruneLiveEvents } from '@voltmarket/application';
import { PostgresLiveEvents } from '../../src/postgres/live-event-store.js';
import { inContext } from '../../src/postgres/orm.js';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';
import { TestEventStream } from '../support/event-stream.js';
import { withClient } from '../support/global-setup.js';

/** Two API processes on different ports sharing one Postgres, as replicas behind a load balancer. */
let first: TestApi;
let second: TestApi;
let seller: { uid: string; token: string };
let buyer: { uid: string; token: string };
let listingId: number;
const auth = (p: { token: string }) => ({ Authorization: `Bearer ${p.token}` });

beforeAll(async () => {
  first = await startTestApi();
  second = await startTestApi({}, first);
  const admin = await signedInAs(first.staffEmails.admin);
  [seller, buyer] = await Promise.all([signedInUser({ name: 'Emeka Bello' }), signedInUser({ name: 'Ada Okafor' })]);
  listingId = await liveListing(first.url, seller.token, admin.token, { title: '2022 Hyundai IONIQ 5', location: 'Port Harcourt' });
});

afterAll(async () => {
  await second.close();
  await first.close();
  await closeAdminApp();
});

const send = (through: TestApi, message: string) =>
  request(through.url).post('/api/chat/send-message').set(auth(buyer)).send({ listingId, receiverId: seller.uid, message }).expect(201);

describe('live events across API processes', () => {
  // How fast is measured by npm run bench:chat; this holds that it arrives at all, with a bound a busy CI machine keeps.
  it('a message sent through one process reaches a stream held by the other', async () => {
    const stream = await TestEventStream.open(second.url, seller.token);
    try {
      const sent = await send(first, 'Is it still available?');
      const [message] = await stream.waitFor('message', 1, 10_000);
      expect(message!.data).toMatchObject({ messageId: sent.body.message.messageId, content: 'Is it still available?' });
    } finally {
      await stream.close();
    }
  });

  it('live events arrive in id order, also where the ids gain a digit', async () => {
    await withClient(first.databaseUrl, (c) => c.query(
      `select setval('live_events_id_seq', power(10, ceil(log(coalesce((select max(id) from live_events), 0) + 10)))::bigint - 2)`));
    const stream = await TestEventStream.open(second.url, seller.token);
    try {
      await send(first, 'Across the boundary');
      await stream.waitFor('unread');
      const ids = stream.events.map((e) => e.id);
      expect(ids.length).toBeGreaterThanOrEqual(3);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(String(ids[0]).length).toBeLessThan(String(ids.at(-1)).length);
    } finally {
      await stream.close();
    }
  });

  it('a stream resumed on the other process gets exactly what it missed, in order, without duplicates', async () => {
    const before = await TestEventStream.open(first.url, seller.token);
    await send(second, 'Before the tunnel');
    await before.waitFor('unread');
    const lastEventId = before.events.at(-1)!.id;
    await before.close();

    const missed = ['In the tunnel 1', 'In the tunnel 2', 'In the tunnel 3'];
    for (const [i, text] of missed.entries()) await send(i % 2 === 0 ? first : second, text);

    const after = await TestEventStream.open(second.url, seller.token, { lastEventId });
    try {
      await after.waitFor('message', 3);
      await send(first, 'Out of the tunnel');
      await after.waitFor('message', 4);
      expect(after.of('message').map((e) => e.data.content)).toEqual([...missed, 'Out of the tunnel']);
      const ids = after.events.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(Math.min(...ids)).toBeGreaterThan(lastEventId);
      // What the table holds after the resume point for this seller is exactly what arrived.
      const { rows } = await withClient(first.databaseUrl, (c) => c.query('select id::int from live_events where user_id = $1 and id > $2 order by id', [seller.uid, lastEventId]));
      expect(ids).toEqual(rows.map((r: { id: number }) => r.id));
    } finally {
      await after.close();
    }
  });

  it('an event whose transaction commits after later ones is still delivered live', async () => {
    const stream = await TestEventStream.open(second.url, seller.token);
    const slow = new pg.Client({ connectionString: first.databaseUrl });
    await slow.connect();
    try {
      // A transaction takes an id first and commits last (as a slow request would).
      await slow.query('begin');
      await slow.query(`insert into live_events (user_id, type, data) values ($1, 'notification', $2)`, [seller.uid, JSON.stringify({ title: 'Slow one' })]);
      await send(first, 'Fast one');
      await stream.waitFor('message', 1);
      await slow.query(`select pg_notify('voltmarket_live_events', '')`);
      await slow.query('commit');
      const notices = await stream.waitFor('notification', 2, 10_000);
      expect(notices.map((n) => n.data.title)).toContain('Slow one');
      const ids = stream.events.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await slow.end();
      await stream.close();
    }
  });

  it('old events are pruned by the scheduled job, a batch at a time, recent ones kept', async () => {
    await withClient(first.databaseUrl, (c) => c.query(
      `insert into live_events (user_id, type, data, created_at) select $1, 'unread', '{}', now() - interval '4 days' - g * interval '1 minute' from generate_series(1, 7) g`,
      [seller.uid]));
    const before = await withClient(first.databaseUrl, (c) => c.query(`select count(*)::int as n from live_events where created_at > now() - interval '1 hour'`));
    // Batches of 3: three statements (3, 3, 1) take the 7 old events.
    const result = await inContext(first.orm, () => new PruneLiveEvents(new PostgresLiveEvents(first.orm, 3), 72, { now: () => new Date() }).execute());
    expect(result.events).toBe(7);
    const after = await withClient(first.databaseUrl, (c) => c.query(`select count(*)::int as n, min(created_at) > now() - interval '1 hour' as recent from live_events`));
    expect(after.rows[0]).toEqual({ n: before.rows[0].n, recent: true });
  });
});
