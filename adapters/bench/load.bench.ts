/**
 * `npm run bench:load`: the product under a mixed workload (issue 36). One Postgres with
 * LOAD_LISTINGS listings (100,000), two API processes on it, 1,000 signed-up people (LOAD_BUYERS
 * buyers and the 200 sellers owning the listings), each with a live event stream and a network
 * address of their own. The mix (load-mix.ts): 70% browse and search, 15% listing pages, 8% chat,
 * 5% wishlist and notifications, 2% new and edited listings, many of them never asked before; sent
 * open loop at LOAD_RATE (200) a second for LOAD_SECONDS (60) to the two processes in turn, twice
 * after a warm-up. Reported: per route p50/p95/p99 from each request's scheduled time and errors;
 * chat delivery from the send's scheduled time to the receiver's stream; each process's memory
 * after each run (after a full collection); the generator's own rate and lag; where the cores went
 * (load-cpu.ts) and what Postgres was running. Then, shorter, higher rates (LOAD_SATURATION_RATES)
 * to find where the two processes saturate, and the cost of one rate-limit count in Postgres.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startAuthEmulator } from '../src/firebase/auth-emulator.js';
import { PostgresRateLimits } from '../src/postgres/rate-limit-store.js';
import { freePort } from '../src/shared/processes.js';
import { int, ms, out, spread } from './alerts-common.js';
import { type Cleanup, createBenchDatabase, startBenchApiProcess } from './bench-stack.js';
import { coresBetween, cpuSnapshot, sampleStatements } from './load-cpu.js';
import { type Api, type EventStream, type Memory, memoryOf, openLoop, openStream, type RunFigures, sleep } from './load-client.js';
import { MIX, type SentMessage, Workload } from './load-mix.js';
import { inBatches, liveListings, loadMarket, SELLERS, signUpPeople, uploadPhoto } from './load-setup.js';

const LISTINGS = Number(process.env.LOAD_LISTINGS ?? 100_000);
const RATE = Number(process.env.LOAD_RATE ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const BUYERS = Number(process.env.LOAD_BUYERS ?? 800);
const WARM_SECONDS = Number(process.env.LOAD_WARM_SECONDS ?? 10);
const SATURATION_RATES = (process.env.LOAD_SATURATION_RATES ?? '300,400,600').split(',').map(Number).filter((n) => n > 0);
const SATURATION_SECONDS = Number(process.env.LOAD_SATURATION_SECONDS ?? 10);
/** Messages whose event has not reached the receiver's stream this long after the run are lost. */
const DELIVERY_GRACE_MS = 3_000;
const PROJECT = 'demo-bench-load';

const errorsText = (errors: Map<string, number>) => {
  const total = [...errors.values()].reduce((a, b) => a + b, 0);
  return total === 0 ? '0' : `${total} (${[...errors].map(([kind, n]) => `${kind} ×${n}`).join(', ')})`;
};

function routeTable(run: RunFigures): string[] {
  const rows = ['| route | share | requests | p50 ms | p95 ms | p99 ms | max ms | errors |', '|---|---:|---:|---:|---:|---:|---:|---|'];
  const all: number[] = [];
  const allErrors = new Map<string, number>();
  let requests = 0;
  for (const [route, weight] of MIX) {
    const f = run.routes.get(route);
    if (!f) continue;
    const s = spread(f.latencies);
    const count = f.latencies.length + [...f.errors.values()].reduce((a, b) => a + b, 0);
    requests += count;
    all.push(...f.latencies);
    for (const [kind, n] of f.errors) allErrors.set(kind, (allErrors.get(kind) ?? 0) + n);
    rows.push(`| ${route} | ${weight}% | ${int(count)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${errorsText(f.errors)} |`);
  }
  const s = spread(all);
  rows.push(`| **all** | 100% | ${int(requests)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${errorsText(allErrors)} |`);
  return rows;
}

/** What the generator itself managed: requests sent a second against the rate asked, and how late it sent them. */
function generatorRow(name: string, rate: number, run: RunFigures): string {
  const late = spread(run.lateness);
  const answered = [...run.routes.values()].reduce((n, f) => n + f.latencies.length, 0);
  return `| ${name} | ${rate}/s | ${int(run.scheduled)} | ${(run.scheduled / Math.max(run.seconds, run.sendSeconds)).toFixed(1)}/s | ${(answered / run.wallSeconds).toFixed(1)}/s | ${ms(late.p50)} / ${ms(late.p99)} / ${ms(late.max)} | ${run.mostInFlight} |`;
}

interface Delivery { sent: number; lost: number; latencies: number[] }

/** Each accepted message against its receiver's stream: from the send's scheduled time to the event's arrival. */
function delivery(messages: SentMessage[], streams: Map<string, EventStream>): Delivery {
  const latencies: number[] = [];
  let lost = 0;
  for (const m of messages) {
    const arrived = streams.get(m.receiver)?.arrived.get(m.messageId);
    if (arrived === undefined) lost++;
    else latencies.push(arrived - m.scheduledAt);
  }
  return { sent: messages.length, lost, latencies };
}

/**
 * What one rate-limit count costs (decision 0023): the same upsert the API runs, one at a time on one
 * connection, for a new caller (insert) and a caller counted before (update), beside `select 1` (the
 * round trip alone).
 */
async function rateLimitCost(dbUrl: string): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 1 });
  const limits = new PostgresRateLimits(pool);
  const time = async (n: number, work: (i: number) => Promise<unknown>) => {
    const took: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await work(i);
      took.push(performance.now() - t);
    }
    return spread(took);
  };
  await time(200, (i) => limits.hit('bench-warm', `k${i}`, 60_000));
  const rows = [
    ['`select 1` (the round trip)', await time(2000, () => pool.query('select 1'))],
    ['a new caller (insert)', await time(2000, (i) => limits.hit('bench-cost', `user:new-${i}`, 60_000))],
    ['the same caller again (update)', await time(2000, () => limits.hit('bench-cost', 'user:same', 60_000))],
  ] as const;
  await pool.end();
  return ['| one count, one at a time | p50 ms | p95 ms | p99 ms |', '|---|---:|---:|---:|',
    ...rows.map(([name, s]) => `| ${name} | ${s.p50.toFixed(3)} | ${s.p95.toFixed(3)} | ${s.p99.toFixed(3)} |`)];
}

async function main(): Promise<void> {
  const cleanups: Cleanup[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-load-bench-'));
  await fs.chmod(dir, 0o755);
  try {
    let t = performance.now();
    const dbUrl = await createBenchDatabase(dir, 'vm_load_bench', cleanups);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    cleanups.push(() => client.end());
    await loadMarket(client, LISTINGS);
    out(`Loaded ${int(LISTINGS)} listings in ${((performance.now() - t) / 1000).toFixed(1)} s.`);

    t = performance.now();
    const emulator = await startAuthEmulator({ projectId: PROJECT, port: await freePort() });
    cleanups.push(() => emulator.stop());
    const { buyers, sellers } = await signUpPeople(client, emulator.host, BUYERS);
    out(`Auth emulator started, ${int(BUYERS + SELLERS)} people signed up and given the listings in ${((performance.now() - t) / 1000).toFixed(1)} s.`);
    t = performance.now();
    const metricsToken = randomBytes(24).toString('hex');
    // The product's own rate limits, untouched: the load is spread over accounts and addresses instead.
    const env = { FIREBASE_PROJECT_ID: PROJECT, FIREBASE_AUTH_EMULATOR_HOST: emulator.host, METRICS_TOKEN: metricsToken };
    // Memory is read after a full collection (bench-server.ts collects on SIGUSR2 when the collector is exposed).
    process.env.BENCH_API_NODE_ARGS = `${process.env.BENCH_API_NODE_ARGS ?? ''} --expose-gc`.trim();
    const processes = await Promise.all([0, 1].map(() => startBenchApiProcess(dbUrl, path.join(dir, 'data'), cleanups, env)));
    const apis: Api[] = processes.map((p) => ({ ...p, agent: new http.Agent({ keepAlive: true, maxSockets: 256 }) }));
    out(`2 API processes started in ${((performance.now() - t) / 1000).toFixed(1)} s.`);
    t = performance.now();
    await inBatches(SELLERS, 4, async (i) => void (sellers[i]!.photo = await uploadPhoto(apis[i % 2]!, sellers[i]!, i)));
    out(`${SELLERS} photos uploaded in ${((performance.now() - t) / 1000).toFixed(1)} s.`);
    t = performance.now();
    const live = await liveListings(client, sellers);
    const people = [...buyers, ...sellers];
    const streams = new Map((await inBatches(people.length, 50, (i) => openStream(apis[i % 2]!, people[i]!))).map((s) => [s.uid, s]));
    out(`${int(streams.size)} event streams open (${int(buyers.length)} buyers, ${SELLERS} sellers; ${int(live.length)} live listings) in ${((performance.now() - t) / 1000).toFixed(1)} s.`);

    const workload = new Workload({ buyers, sellers, live, visitors: 50_000 });
    if (WARM_SECONDS > 0) {
      await openLoop(apis, workload, RATE, WARM_SECONDS);
      workload.takeMessages();
    }
    const memory: Memory[][] = [await Promise.all(apis.map((a) => memoryOf(a, metricsToken)))];
    const runs: RunFigures[] = [];
    const deliveries: Delivery[] = [];
    const cpu: ReturnType<typeof coresBetween>[] = [];
    const pids = apis.map((a) => a.pid);
    const statements = new Map<string, number>();
    for (let n = 1; n <= 2; n++) {
      out(`Run ${n}: ${RATE} requests a second for ${SECONDS} s...`);
      const before = await cpuSnapshot(pids);
      let running = true;
      const sampled = sampleStatements(client, () => running);
      runs.push(await openLoop(apis, workload, RATE, SECONDS));
      running = false;
      cpu.push(coresBetween(before, await cpuSnapshot(pids)));
      for (const [shape, count] of await sampled) statements.set(shape, (statements.get(shape) ?? 0) + count);
      await sleep(DELIVERY_GRACE_MS);
      deliveries.push(delivery(workload.takeMessages(), streams));
      memory.push(await Promise.all(apis.map((a) => memoryOf(a, metricsToken))));
    }
    const saturation: { rate: number; run: RunFigures; cpu: ReturnType<typeof coresBetween> }[] = [];
    for (const rate of SATURATION_RATES) {
      out(`Saturation: ${rate} requests a second for ${SATURATION_SECONDS} s...`);
      const before = await cpuSnapshot(pids);
      const run = await openLoop(apis, workload, rate, SATURATION_SECONDS);
      saturation.push({ rate, run, cpu: coresBetween(before, await cpuSnapshot(pids)) });
      workload.takeMessages();
      await sleep(2_000);
    }
    for (const s of streams.values()) s.close();
    const limitCost = await rateLimitCost(dbUrl);

    out('');
    out(`## Mixed load: ${int(LISTINGS)} listings, ${RATE} requests a second for ${SECONDS} s, open loop, 2 API processes (Node ${process.versions.node}, ${os.cpus().length} cores)`);
    runs.forEach((run, i) => {
      out('');
      out(`Run ${i + 1} (ms from each request's scheduled time):`);
      out('');
      for (const row of routeTable(run)) out(row);
    });
    out('');
    out('Chat delivery, from the send\'s scheduled time to the event on the receiver\'s stream (ms):');
    out('');
    out('| run | messages accepted | lost | p50 | p95 | p99 | max |');
    out('|---|---:|---:|---:|---:|---:|---:|');
    deliveries.forEach((d, i) => {
      const s = spread(d.latencies);
      out(`| ${i + 1} | ${int(d.sent)} | ${d.lost} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`);
    });
    out('');
    out('API memory after a full garbage collection, MiB:');
    out('');
    out('| process | RSS after warm-up | after run 1 | after run 2 | RSS growth, run 1 → 2 | heap used after run 1 | after run 2 | heap growth |');
    out('|---|---:|---:|---:|---:|---:|---:|---:|');
    const growth = (a: number, b: number) => `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)}%`;
    apis.forEach((_, p) => {
      const [w, r1, r2] = memory.map((m) => m[p]!);
      out(`| API ${p + 1} | ${w!.rssMiB.toFixed(0)} | ${r1!.rssMiB.toFixed(0)} | ${r2!.rssMiB.toFixed(0)} | ${growth(r1!.rssMiB, r2!.rssMiB)} | ${r1!.heapUsedMiB.toFixed(1)} | ${r2!.heapUsedMiB.toFixed(1)} | ${growth(r1!.heapUsedMiB, r2!.heapUsedMiB)} |`);
    });
    out('');
    out('The load generator (lateness: how long after its scheduled time each request left, ms):');
    out('');
    out('| run | rate asked | requests | sent | answered | lateness p50 / p99 / max | most in flight |');
    out('|---|---:|---:|---:|---:|---|---:|');
    runs.forEach((run, i) => out(generatorRow(`${i + 1}`, RATE, run)));
    out('');
    out('Where the two cores went, from the first send to the last answer (cores busy on average; the rest: the Auth emulator and anything else on the machine):');
    out('');
    out('| run | API 1 | API 2 | Postgres | generator | the rest | machine |');
    out('|---|---:|---:|---:|---:|---:|---:|');
    const cores = (c: ReturnType<typeof coresBetween>) =>
      `${c.apis.map((v) => v.toFixed(2)).join(' | ')} | ${c.postgres.toFixed(2)} | ${c.generator.toFixed(2)} | ${c.rest.toFixed(2)} | ${c.machine.toFixed(2)}`;
    cpu.forEach((c, i) => out(`| ${i + 1} | ${cores(c)} |`));
    for (const s of saturation) out(`| ${s.rate}/s | ${cores(s.cpu)} |`);
    if (saturation.length) {
      out('');
      out(`Higher rates, the same mix, ${SATURATION_SECONDS} s each (ms from the scheduled time):`);
      out('');
      out('| rate asked | answered a second | p50 | p95 | p99 | errors | generator lateness p99 |');
      out('|---:|---:|---:|---:|---:|---|---:|');
      for (const { rate, run } of saturation) {
        const all = [...run.routes.values()];
        const s = spread(all.flatMap((f) => f.latencies));
        const errors = new Map<string, number>();
        for (const f of all) for (const [kind, n] of f.errors) errors.set(kind, (errors.get(kind) ?? 0) + n);
        out(`| ${rate}/s | ${(s.n / run.wallSeconds).toFixed(1)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${errorsText(errors)} | ${ms(spread(run.lateness).p99)} |`);
      }
    }
    out('');
    out('What Postgres was running during the two runs (its active statements sampled every 50 ms; share of the samples):');
    out('');
    const sampledTotal = [...statements.values()].reduce((a, b) => a + b, 0);
    out('| statement (its start) | share |');
    out('|---|---:|');
    for (const [shape, count] of [...statements].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
      out(`| \`${shape.replaceAll('|', '\\|')}\` | ${((count / sampledTotal) * 100).toFixed(1)}% |`);
    }
    out('');
    out('A rate-limit count in Postgres (decision 0023), the API\'s own upsert from this process:');
    out('');
    for (const row of limitCost) out(row);
    const samples = [...runs, ...saturation.map((s) => s.run)].flatMap((run) => [...run.routes.values()].flatMap((f) => f.samples));
    if (samples.length) {
      out('');
      out('First error answers:');
      for (const sample of [...new Set(samples)].slice(0, 12)) out(`- ${sample}`);
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (err: unknown) => {
  process.stderr.write(`Benchmark failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
