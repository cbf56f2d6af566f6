/**
 * `npm run bench:chat`: live delivery of chat messages across two API processes.
 *
 * Two API processes (each its own OS process, one shared Postgres, the real Auth emulator) hold
 * 1,000 server-sent event streams between them, one per member. Messages go out open-loop at a
 * fixed 50 a second for 30 s between random pairs (buyer to the seller of a listing), each through
 * a random process. Reported: delivery latency from the send request's start to the event reaching
 * the receiver's stream (p50/p95/p99), lost and duplicated events (every message must reach the
 * receiver's and the sender's streams exactly once), and the API processes' memory per connected
 * stream. Then one process alone is given more and more streams at the same message rate, to find
 * the most it holds with p95 still under 250 ms.
 */
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startAuthEmulator } from '../src/firebase/auth-emulator.js';
import { freePort } from '../src/shared/processes.js';
import { type Cleanup, createBenchDatabase, startBenchApiProcess } from './bench-stack.js';
import { readEventStream } from './event-stream-reader.js';

const MEMBERS = Number(process.env.BENCH_CHAT_CLIENTS ?? 1000);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 30);
const RAMP = (process.env.BENCH_CHAT_RAMP ?? '1000,2000,4000,8000,12000,16000').split(',').map(Number);
const RAMP_SECONDS = Number(process.env.BENCH_CHAT_RAMP_SECONDS ?? 15);
const PROJECT = 'demo-bench-chat';
const out = (s: string) => process.stdout.write(`${s}\n`);

interface Member { uid: string; token: string; listingId: number }

/** One open stream: which member's, and every message event it received (message id → arrival times). */
interface Stream { member: number; received: Map<number, number[]>; ids: Set<number>; duplicates: number; close: () => void }

async function signUp(host: string, i: number): Promise<{ uid: string; token: string }> {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `member${i}@bench-chat.test`, password: `bench-pw-${i}`, displayName: `Member ${i}`, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`sign-up ${i}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { localId: string; idToken: string };
  return { uid: body.localId, token: body.idToken };
}

async function inBatches<T>(count: number, size: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += size) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, k) => work(start + k)))));
  }
  return results;
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 64 });

function post(url: string, token: string, body: unknown): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? '' : JSON.stringify(body);
    const req = http.request(url, {
      method: 'POST', agent: keepAlive,
      headers: { Authorization: `Bearer ${token}`, ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

/** Opens a member's stream on one API process with a fresh ticket; resolves once the server has answered. */
async function openStream(apiUrl: string, member: Member, index: number): Promise<Stream> {
  const ticket = await post(`${apiUrl}/api/events/ticket`, member.token, undefined);
  if (ticket.status !== 201) throw new Error(`ticket: ${ticket.status} ${JSON.stringify(ticket.json)}`);
  const stream: Stream = { member: index, received: new Map(), ids: new Set(), duplicates: 0, close: () => undefined };
  ({ close: stream.close } = await readEventStream(apiUrl, (ticket.json as { ticket: string }).ticket, {}, ({ id, type, data, at }) => {
    if (stream.ids.has(id)) stream.duplicates++;
    stream.ids.add(id);
    if (type !== 'message') return;
    const messageId = (JSON.parse(data) as { messageId: number }).messageId;
    const times = stream.received.get(messageId);
    if (times) times.push(at);
    else stream.received.set(messageId, [at]);
  }));
  return stream;
}

interface Sent { messageId: number; sender: number; receiver: number; startedAt: number }

/** Open loop: one send every 1000/RATE ms whatever the previous ones are doing. */
async function sendAtFixedRate(apis: string[], members: Member[], seconds: number, pick: () => [number, number]): Promise<{ sent: Sent[]; failed: number }> {
  const sent: Sent[] = [];
  let failed = 0;
  const pending: Promise<void>[] = [];
  const interval = 1000 / RATE;
  const start = performance.now();
  for (let n = 0; n < RATE * seconds; n++) {
    const due = start + n * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const [sender, receiver] = pick();
    const api = apis[n % apis.length]!;
    const startedAt = performance.now();
    pending.push(post(`${api}/api/chat/send-message`, members[sender]!.token, {
      listingId: members[receiver]!.listingId, receiverId: members[receiver]!.uid, message: `Offer ${n}: ₦${(1_000_000 + n * 1000).toLocaleString('en')}`,
    }).then((res) => {
      if (res.status === 201) sent.push({ messageId: (res.json as { message: { messageId: number } }).message.messageId, sender, receiver, startedAt });
      else failed++;
    }, () => void failed++));
  }
  await Promise.all(pending);
  return { sent, failed };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Latency to the receiver's streams, and events lost or duplicated on any stream that should have had them. */
function judge(sent: Sent[], streams: Stream[]): { latencies: number[]; lost: number; duplicated: number; expected: number } {
  const byMember = new Map<number, Stream[]>();
  for (const s of streams) byMember.set(s.member, [...(byMember.get(s.member) ?? []), s]);
  const latencies: number[] = [];
  let lost = 0;
  let duplicated = streams.reduce((n, s) => n + s.duplicates, 0);
  let expected = 0;
  for (const m of sent) {
    for (const who of [m.receiver, m.sender]) {
      for (const stream of byMember.get(who) ?? []) {
        expected++;
        const times = stream.received.get(m.messageId);
        if (!times) {
          lost++;
          continue;
        }
        duplicated += times.length - 1;
        if (who === m.receiver) latencies.push(times[0]! - m.startedAt);
      }
    }
  }
  return { latencies: latencies.sort((a, b) => a - b), lost, duplicated, expected };
}

async function rssMiB(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

const randomPair = (count: number) => (): [number, number] => {
  const a = Math.floor(Math.random() * count);
  let b = Math.floor(Math.random() * (count - 1));
  if (b >= a) b++;
  return [a, b];
};

const ms = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(1));

async function main(): Promise<void> {
  const cleanups: Cleanup[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-chat-bench-'));
  await fs.chmod(dir, 0o755);
  try {
    let started = performance.now();
    const url = await createBenchDatabase(dir, 'vm_chat_bench', cleanups);
    const emulator = await startAuthEmulator({ projectId: PROJECT, port: await freePort() });
    cleanups.push(() => emulator.stop());
    const accounts = await inBatches(MEMBERS, 25, (i) => signUp(emulator.host, i));
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    await db.query(
      `insert into users (id, email, first_name, last_name, role, created_at, updated_at)
       select a.uid, 'member' || a.i || '@bench-chat.test', 'Member', a.i::text, 'user', now(), now()
       from unnest($1::text[]) with ordinality as a(uid, i)`, [accounts.map((a) => a.uid)]);
    const { rows } = await db.query<{ id: number; seller_id: string }>(
      `insert into listings (seller_id, status, is_verified, views, boost_tier, created_at, updated_at, approved_at, title, description,
         price, year, mileage, range, vehicle_type, brand, model, location, image_urls, battery_health, charging_type)
       select uid, 'active', true, 0, 0, now(), now(), now(), '2022 Hyundai IONIQ 5', 'Bench listing.', 38500000, 2022, 21000, 480,
              'car', 'Hyundai', 'IONIQ 5', 'Port Harcourt', '["/uploads/bench/car.webp"]'::jsonb, 95, 'Both'
       from unnest($1::text[]) as uid returning id, seller_id`, [accounts.map((a) => a.uid)]);
    await db.end();
    const listingOf = new Map(rows.map((r) => [r.seller_id, r.id]));
    const members: Member[] = accounts.map((a) => ({ ...a, listingId: listingOf.get(a.uid)! }));
    const env = {
      FIREBASE_PROJECT_ID: PROJECT, FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      // Every request comes from this one address and a few accounts send often: the limits would measure themselves.
      RATE_LIMIT_MESSAGES_PER_ADDRESS_PER_MINUTE: '100000000', RATE_LIMIT_MESSAGES_PER_MINUTE: '100000', RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    };
    const apis = await Promise.all([0, 1].map(() => startBenchApiProcess(url, path.join(dir, 'data'), cleanups, env)));
    out(`Set up ${MEMBERS.toLocaleString('en')} members with a listing each, 2 API processes, in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // Warm up (first requests register accounts and load code paths), then memory before the streams.
    await inBatches(MEMBERS, 50, (i) => post(`${apis[i % 2]!.url}/api/events/ticket`, members[i]!.token, undefined));
    await new Promise((r) => setTimeout(r, 1000));
    const before = await Promise.all(apis.map((a) => rssMiB(a.pid)));

    started = performance.now();
    const streams = await inBatches(MEMBERS, 50, (i) => openStream(apis[i % 2]!.url, members[i]!, i));
    out(`Opened ${streams.length.toLocaleString('en')} streams in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await new Promise((r) => setTimeout(r, 2000));
    const after = await Promise.all(apis.map((a) => rssMiB(a.pid)));
    const perClientKiB = ((after[0]! + after[1]! - before[0]! - before[1]!) * 1024) / streams.length;

    const { sent, failed } = await sendAtFixedRate(apis.map((a) => a.url), members, SECONDS, randomPair(MEMBERS));
    await new Promise((r) => setTimeout(r, 3000));
    const result = judge(sent, streams);
    for (const s of streams) s.close();

    out('');
    out(`### ${MEMBERS.toLocaleString('en')} streams over 2 API processes, ${RATE} messages/s for ${SECONDS} s (open loop)`);
    out('');
    out('| messages sent | failed sends | deliveries expected | lost | duplicated | p50 ms | p95 ms | p99 ms | max ms | API memory per stream |');
    out('|---|---|---|---|---|---|---|---|---|---|');
    const l = result.latencies;
    out(`| ${sent.length} | ${failed} | ${result.expected} | ${result.lost} | ${result.duplicated} | ${ms(percentile(l, 50))} | ${ms(percentile(l, 95))} | ${ms(percentile(l, 99))} | ${ms(l.at(-1) ?? NaN)} | ${perClientKiB.toFixed(1)} KiB (RSS ${before.map((b) => b.toFixed(0)).join(' + ')} → ${after.map((a) => a.toFixed(0)).join(' + ')} MiB) |`);

    out('');
    out(`### One API process alone: more streams, same ${RATE} messages/s for ${RAMP_SECONDS} s each`);
    out('');
    out('| streams | lost | duplicated | p50 ms | p95 ms | p99 ms | API RSS MiB |');
    out('|---|---|---|---|---|---|---|');
    let most = 0;
    for (const count of RAMP) {
      const opened = await inBatches(count, 100, (j) => openStream(apis[0]!.url, members[j % MEMBERS]!, j % MEMBERS)).catch((err: unknown) => {
        out(`| ${count} | could not open: ${(err as Error).message} | | | | | |`);
        return null;
      });
      if (!opened) break;
      await new Promise((r) => setTimeout(r, 1000));
      const run = await sendAtFixedRate([apis[0]!.url], members, RAMP_SECONDS, randomPair(MEMBERS));
      await new Promise((r) => setTimeout(r, 2000));
      const r = judge(run.sent, opened);
      const rss = await rssMiB(apis[0]!.pid);
      for (const s of opened) s.close();
      const p95 = percentile(r.latencies, 95);
      out(`| ${count.toLocaleString('en')} | ${r.lost} | ${r.duplicated} | ${ms(percentile(r.latencies, 50))} | ${ms(p95)} | ${ms(percentile(r.latencies, 99))} | ${rss.toFixed(0)} |`);
      if (p95 > 250 || r.lost > 0) break;
      most = count;
      await new Promise((r2) => setTimeout(r2, 1500));
    }
    out('');
    out(`Most streams one process held with p95 under 250 ms: ${most ? most.toLocaleString('en') : 'fewer than the first step'}${most === RAMP.at(-1) ? ' (the largest step tried)' : ''}.`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
