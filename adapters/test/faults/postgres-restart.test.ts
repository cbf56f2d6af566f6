import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type RunningPostgres, startEmbeddedPostgres } from '../../src/postgres/embedded-server.js';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi, uploadedPhoto, validListing } from '../support/harness.js';
import { ResumingEventStream } from '../support/event-stream.js';

/**
 * Postgres stopped for 5 s under traffic and started again, on a server of this test's own: the API
 * answers fast with 503 and Retry-After meanwhile, recovers by itself once Postgres is back, live
 * streams resume with nothing lost or doubled, and no message is half-written.
 */
const STATEMENT_TIMEOUT_MS = 3_000;
const OUTAGE_MS = 5_000;
let dataDir: string;
let port: number;
let postgres: RunningPostgres;
let api: TestApi;
let seller: { uid: string; token: string };
let buyer: { uid: string; token: string };
let listingId: number;
/** The seller's photos for the listings created under traffic, one each. */
const photos: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-fault-pg-'));
  port = await freePort();
  postgres = await startEmbeddedPostgres({ dataDir, port, durable: false });
  api = await startTestApi(
    { STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS), READ_TIMEOUT_MS: '2000', RATE_LIMIT_MESSAGES_PER_MINUTE: '10000', RATE_LIMIT_WRITES_PER_MINUTE: '10000', RATE_LIMIT_UPLOADS_PER_MINUTE: '1000' },
    undefined,
    { database: { url: postgres.url(), drop: async () => undefined } },
  );
  const admin = await signedInAs(api.staffEmails.admin);
  seller = await signedInUser();
  buyer = await signedInUser();
  listingId = await liveListing(api.url, seller.token, admin.token);
  for (let i = 0; i < 40; i++) photos.push(await uploadedPhoto(api.url, seller.token, `#${(0x204060 + i * 0x030507).toString(16).slice(-6)}`));
}, 120_000);

afterAll(async () => {
  await api?.close();
  await postgres?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
  await closeAdminApp();
});

interface Outcome {
  op: 'search' | 'send' | 'read' | 'ready' | 'create';
  status: number;
  startedAt: number;
  ms: number;
  retryAfter: string | null;
  code: string | null;
  /** The message's text, for sends; the listing's title, for creations. */
  text?: string;
  /** The photo a created listing shows. */
  photo?: string;
}

async function once(op: Outcome['op'], n: number): Promise<Outcome> {
  const startedAt = Date.now();
  const auth = { Authorization: `Bearer ${buyer.token}` };
  let text: string | undefined;
  let photo: string | undefined;
  let res: Response | null = null;
  try {
    const signal = AbortSignal.timeout(20_000);
    if (op === 'search') {
      // Half of them never asked before, so no cache answers them.
      res = await fetch(`${api.url}/api/vehicles?search=${n % 2 === 0 ? 'Tesla' : `model${n}`}&location=Lagos`, { signal });
    } else if (op === 'read') {
      res = await fetch(`${api.url}/api/chat/messages/${listingId}/${seller.uid}`, { headers: auth, signal });
    } else if (op === 'ready') {
      res = await fetch(`${api.url}/api/ready`, { signal });
    } else if (op === 'create') {
      text = `2022 Hyundai IONIQ 5 fault ${n} ${randomBytes(3).toString('hex')}`;
      photo = photos[n % photos.length]!;
      res = await fetch(`${api.url}/api/vehicles`, {
        method: 'POST', signal,
        headers: { Authorization: `Bearer ${seller.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(validListing({ title: text, imageUrls: [photo], location: 'Ibadan' })),
      });
    } else {
      text = `fault-${n}-${randomBytes(3).toString('hex')}`;
      res = await fetch(`${api.url}/api/chat/send-message`, {
        method: 'POST', signal,
        headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': `fault-${randomBytes(12).toString('hex')}` },
        body: JSON.stringify({ vehicleId: listingId, receiverId: seller.uid, content: text }),
      });
    }
    const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
    return { op, status: res.status, startedAt, ms: Date.now() - startedAt, retryAfter: res.headers.get('retry-after'), code: body?.error?.code ?? null, text, photo };
  } catch {
    // No answer at all (a refused connection, or our 20 s limit): status 0.
    return { op, status: 0, startedAt, ms: Date.now() - startedAt, retryAfter: null, code: null, text, photo };
  }
}

describe('Postgres stopped for 5 s under traffic', () => {
  it('fails fast with 503, recovers by itself, and loses or doubles nothing', async () => {
    const stream = new ResumingEventStream(api.url, seller.token);
    await stream.waitFor('unread', 0, 1_000);
    const outcomes: Outcome[] = [];
    let running = true;
    let n = 0;
    const ops: Outcome['op'][] = ['search', 'send', 'read', 'send', 'search', 'ready', 'create'];
    const workers = Array.from({ length: 3 }, async () => {
      while (running) {
        outcomes.push(await once(ops[n % ops.length]!, n++));
        await new Promise((r) => setTimeout(r, 25));
      }
    });
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

    await pause(1_500);
    await postgres.stop();
    const stoppedAt = Date.now();
    await pause(OUTAGE_MS);
    const restartingAt = Date.now();
    postgres = await startEmbeddedPostgres({ dataDir, port, durable: false });
    const backAt = Date.now();
    // Traffic goes on until a send and a search have both worked for a second, at most 15 s.
    const recovered = () => {
      const after = outcomes.filter((o) => o.startedAt > backAt);
      const lastFailure = Math.max(backAt, ...after.filter((o) => o.status >= 400 || o.status === 0).map((o) => o.startedAt + o.ms));
      return after.some((o) => o.op === 'send' && o.status === 201 && o.startedAt > lastFailure)
        && after.some((o) => o.op === 'search' && o.status === 200 && o.startedAt > lastFailure)
        && Date.now() - lastFailure > 1_000;
    };
    while (!recovered() && Date.now() - backAt < 15_000) await pause(100);
    running = false;
    await Promise.all(workers);

    const during = outcomes.filter((o) => o.startedAt > stoppedAt + 200 && o.startedAt + o.ms < restartingAt);
    const failures = outcomes.filter((o) => o.status >= 400 || o.status === 0);
    const summary = (list: Outcome[]) => list.map((o) => `${o.op} ${o.status} ${o.code ?? ''} ${o.ms}ms`).slice(0, 20).join('\n');

    // Meanwhile: an answer for every request, each a 503 with Retry-After (or, for a search asked
    // before, its cached page), none waiting past the statement limit.
    expect(during.length).toBeGreaterThan(20);
    expect(outcomes.filter((o) => o.status === 0 || o.status === 500), summary(failures)).toEqual([]);
    for (const o of failures) {
      expect(o.status, summary([o])).toBe(503);
      expect(o.retryAfter, summary([o])).toMatch(/^\d+$/);
      // Readiness says which part is down instead of an error code.
      if (o.op !== 'ready') expect(o.code, summary([o])).toBe('SERVICE_UNAVAILABLE');
    }
    expect(summary(during.filter((o) => (o.op === 'send' || o.op === 'ready') && o.status !== 503))).toBe('');
    expect(Math.max(...outcomes.map((o) => o.ms)), summary(outcomes.filter((o) => o.ms > 2_000))).toBeLessThan(STATEMENT_TIMEOUT_MS + 2_000);

    // Back by itself within 5 s of Postgres returning: nothing fails after that.
    const lastFailureEnd = Math.max(...failures.map((o) => o.startedAt + o.ms));
    expect(lastFailureEnd - backAt, summary(failures.filter((o) => o.startedAt > backAt))).toBeLessThan(5_000);
    expect(outcomes.some((o) => o.op === 'send' && o.status === 201 && o.startedAt > backAt)).toBe(true);

    // Every message answered 201 is stored once, with its live event; a 503 one at most once.
    const client = new pg.Client({ connectionString: postgres.url() });
    await client.connect();
    try {
      const stored = (await client.query<{ content: string; n: number; events: number }>(
        `select m.content, count(*)::int as n,
                (select count(*)::int from live_events e where e.type = 'message' and e.user_id = m.receiver_id and e.data->>'content' = m.content) as events
         from messages m where m.content like 'fault-%' group by m.content, m.receiver_id`)).rows;
      const byText = new Map(stored.map((r) => [r.content, r]));
      const sent = outcomes.filter((o) => o.op === 'send' && o.status === 201).map((o) => o.text!);
      expect(sent.length).toBeGreaterThan(10);
      for (const text of sent) expect(byText.get(text), text).toMatchObject({ n: 1, events: 1 });
      for (const row of stored) expect(row, row.content).toMatchObject({ n: 1, events: 1 });
      const refused = outcomes.filter((o) => o.op === 'send' && o.status !== 201).map((o) => o.text!);
      expect(refused.filter((text) => byText.has(text)), 'refused messages that were stored anyway').toEqual([]);

      // Every listing answered 201 is stored once with its photo claimed; none answered 503 is stored.
      const listings = new Map((await client.query<{ title: string; n: number; claimed: number }>(
        `select l.title, count(*)::int as n, count(u.claimed_at)::int as claimed
         from listings l left join uploads u on u.path = l.image_urls->>0
         where l.title like '2022 Hyundai IONIQ 5 fault %' group by l.title`)).rows.map((r) => [r.title, r]));
      const created = outcomes.filter((o) => o.op === 'create' && o.status === 201);
      expect(created.length).toBeGreaterThan(3);
      for (const o of created) expect(listings.get(o.text!), o.text).toMatchObject({ n: 1, claimed: 1 });
      expect(outcomes.filter((o) => o.op === 'create' && o.status !== 201 && listings.has(o.text!)).map((o) => o.text)).toEqual([]);

      // The seller's stream (EventSource-like, resuming with Last-Event-ID) got each of them once.
      const events = await stream.waitFor('message', sent.length, 10_000);
      const texts = events.map((e) => String(e.data.content));
      expect(texts.filter((t) => t.startsWith('fault-')).sort()).toEqual([...sent].sort());
      expect(new Set(stream.events.map((e) => e.id)).size).toBe(stream.events.length);
    } finally {
      await client.end();
      await stream.close();
    }
    const ready = await fetch(`${api.url}/api/ready`);
    expect(ready.status).toBe(200);
  }, 90_000);
});
