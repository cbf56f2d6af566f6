/**
 * `npm run bench:vehicle-page`: GET /api/vehicles/:id, the vehicle page's one request, at
 * BENCH_LISTINGS listings (default 1,000,000) and BENCH_REVIEWS reviews (default 1,000,000; loaded
 * only where the schema has reviews), open loop at fixed rates (BENCH_RATES, default 50, 100 and 200
 * a second, BENCH_OPEN_SECONDS each), every request a listing not asked for before (cold), each
 * latency from its scheduled send (p50/p95/p99). It also times the market-prices job's first run
 * over every listing. Written to run unchanged on the commit before market prices and ratings were
 * on the page, so the two can be measured in the same hour (see docs/benchmarks.md).
 */
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadBenchListings } from './bench-data.js';
import { type Cleanup, createBenchDatabase, startBenchApi } from './bench-stack.js';
import { int, ms, openLoopRecorded, out, sleep, spread } from './alerts-common.js';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 1_000_000);
const REVIEWS = Number(process.env.BENCH_REVIEWS ?? 1_000_000);
const RATES = (process.env.BENCH_RATES ?? '50,100,200').split(',').map(Number).filter((n) => n > 0);
const SECONDS = Number(process.env.BENCH_OPEN_SECONDS ?? 10);
const WARM_UP = 300;

/** Reviews of bench sellers by bench buyers, one per listing up to `count`, published, with the ratings they make. */
async function loadBenchReviews(client: pg.Client, count: number): Promise<void> {
  await client.query(`insert into users (id, email, first_name, last_name, role)
    select 'bench-buyer-' || g, 'buyer' || g || '@bench.test', 'Buyer', 'No ' || g, 'user' from generate_series(0, 9999) g`);
  await client.query(
    `insert into reviews (kind, vehicle_id, vehicle_title, reviewer_id, reviewee_id, reviewee_role, rating, title, comment, published_at, created_at)
     select 'listing', l.id, l.title, 'bench-buyer-' || (l.id % 10000), l.seller_id, 'seller', 1 + (l.id::bigint * 7919) % 5,
            'Honest seller', 'Answered the same day and the car was as described.', now(), now()
     from listings l where l.id <= $1`, [count]);
  await client.query(`insert into seller_ratings (user_id, rating_sum, rating_count)
    select reviewee_id, sum(rating), count(*) from reviews group by reviewee_id`);
  await client.query('analyze reviews; analyze seller_ratings');
}

async function tableExists(client: pg.Client, name: string): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>(`select to_regclass($1) is not null as found`, [name]);
  return rows[0]!.found;
}

async function main(): Promise<void> {
  const cleanups: Cleanup[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-vehicle-page-'));
  await fs.chmod(dir, 0o755);
  try {
    const dbUrl = await createBenchDatabase(dir, 'bench_vehicle_page', cleanups);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    cleanups.push(() => client.end());
    let t = performance.now();
    await loadBenchListings(client, LISTINGS);
    out(`Loaded ${int(LISTINGS)} listings in ${((performance.now() - t) / 1000).toFixed(0)} s.`);
    const withReviews = await tableExists(client, 'reviews');
    if (withReviews) {
      t = performance.now();
      await loadBenchReviews(client, REVIEWS);
      out(`Loaded ${int(REVIEWS)} reviews of ${int((await client.query('select count(*)::int as n from seller_ratings')).rows[0].n)} sellers in ${((performance.now() - t) / 1000).toFixed(0)} s.`);
    } else {
      out('This schema has no reviews: measured without them (the commit before).');
    }
    const withMarketPrices = await tableExists(client, 'market_prices');
    const started = performance.now();
    const api = await startBenchApi(dbUrl, dir, cleanups);
    if (withMarketPrices) {
      // The job is woken at start: wait for its first run over every listing.
      for (;;) {
        const { rows } = await client.query<{ n: number }>('select count(*)::int as n from market_price_runs');
        if (rows[0]!.n > 0) break;
        await sleep(200);
      }
      const priced = (await client.query<{ n: number }>('select count(*)::int as n from market_prices')).rows[0]!.n;
      out(`The market-prices job's first run (every group) took ${((performance.now() - started) / 1000).toFixed(1)} s from the API's start: ${int(priced)} brand, model and year groups priced.`);
    }
    const needed = WARM_UP + RATES.reduce((sum, rate) => sum + rate * SECONDS, 0);
    const ids = (await client.query<{ id: number }>(`select id from listings where status = 'active' order by random() limit $1`, [needed])).rows.map((r) => r.id);
    let next = 0;
    const page = () => ({ url: `${api}/api/vehicles/${ids[next++ % ids.length]}` });
    await openLoopRecorded(page, 50, { count: WARM_UP });
    const sample = await (await fetch(`${api}/api/vehicles/${ids[0]}`)).json() as { marketPrice?: unknown; seller?: { rating?: unknown } };
    out(`An answer carries ${sample.marketPrice ? 'a market price' : 'no market price'} and ${sample.seller?.rating ? 'a seller rating' : 'no seller rating'}.`);
    out('');
    out(`GET /api/vehicles/:id, every listing asked once (cold), ${SECONDS} s per rate (ms from the scheduled send):`);
    out('');
    out('| rate | answered | p50 | p95 | p99 | max | errors |');
    out('|---|---|---|---|---|---|---|');
    for (const rate of RATES) {
      const sent = await openLoopRecorded(page, rate, { count: rate * SECONDS });
      const ok = spread(sent.filter((s) => s.status === 200).map((s) => s.latency));
      out(`| ${rate}/s | ${int(ok.n)} | ${ms(ok.p50)} | ${ms(ok.p95)} | ${ms(ok.p99)} | ${ms(ok.max)} | ${int(sent.length - ok.n)} |`);
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
