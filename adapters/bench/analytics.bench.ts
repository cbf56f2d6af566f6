/**
 * `npm run bench:analytics`: the staff's Analytics over a year of a busy marketplace, and a seller's
 * Insights. Loads BENCH_LISTINGS listings (default 100,000, 20,000 sellers) and a year of facts:
 * 150,000 conversations with 1.5 million messages (half of them sellers' replies), 150,000 inquiries,
 * 20,000 rental requests, 25,000 boost payments (a tenth refunded), 100,000 approvals and rejections,
 * and per-listing counters (BENCH_COUNTER_ROWS listing-days, default 2 million). Then times the roll-up
 * job (its first run over the 400 days kept, then a regular run over 8 days) and, through the use
 * cases with the real stores (everything but HTTP), each read: 10 warm-ups, then BENCH_RUNS (default 100)
 * sequential calls; p50, p95 and p99 in milliseconds. The goal: a year of figures within 300 ms.
 */
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { GetListingInsights, GetMarketplaceAnalytics, PruneAnalytics, RollUpMarketplaceDays } from '@voltmarket/application';
import { type Actor, addDays, lagosDay } from '@voltmarket/domain';
import { PostgresListingInsightsReads } from '../src/postgres/analytics/listing-insights-reads.js';
import { PostgresMarketplaceAnalytics } from '../src/postgres/analytics/marketplace-analytics-store.js';
import { MikroOrmListingRepository } from '../src/postgres/listing-repository.js';
import { createOrm, inContext } from '../src/postgres/orm.js';
import { createReadPool } from '../src/postgres/read-pool.js';
import { SearchCache } from '../src/postgres/search/search-cache.js';
import { loadBenchListings } from './bench-data.js';
import { type Cleanup, createBenchDatabase } from './bench-stack.js';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const COUNTER_ROWS = Number(process.env.BENCH_COUNTER_ROWS ?? 2_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const SELLERS = 20_000;
const BUYERS = 20_000;
const GOAL_MS = 300;
const out = (s: string) => process.stdout.write(`${s}\n`);
const staff: Actor = { userId: 'bench-staff', role: 'support' };

/** A year of facts, spread evenly over the last 365 days (`$1` is now). */
async function loadYear(client: pg.Client): Promise<void> {
  const year = `($1::timestamptz - random() * interval '365 days')`;
  const q = (sql: string) => client.query(sql, [new Date()]);
  await client.query('select setseed(0.1205)');
  await client.query(`insert into users (id, email, first_name, last_name, role)
    select 'bench-seller-' || g, 'seller' || g || '@bench.test', 'Seller', 'No ' || g, 'user' from generate_series(200, ${SELLERS - 1}) g`);
  await client.query(`update listings set seller_id = 'bench-seller-' || (id % ${SELLERS})`);
  await client.query(`insert into users (id, email, first_name, last_name, role)
    select 'bench-buyer-' || g, 'buyer' || g || '@bench.test', 'Buyer', 'No ' || g, 'user' from generate_series(1, ${BUYERS}) g`);
  await q(`insert into audit_log (created_at, actor_id, action, resource, record_id, record_label)
    select ${year}, 'bench-staff', case when g % 10 = 0 then 'vehicle.rejected' else 'vehicle.approved' end, 'vehicles', (1 + g % ${LISTINGS})::text, 'Listing'
    from generate_series(1, 100000) g`);
  await q(`insert into conversations (id, vehicle_id, buyer_id, seller_id, listing_title, created_at, last_message_at)
    select l.id || '_bench-buyer-' || (1 + g % ${BUYERS}) || '_' || l.seller_id || '_' || g, l.id, 'bench-buyer-' || (1 + g % ${BUYERS}), l.seller_id, l.title, t, t
    from (select g, 1 + floor(random() * ${LISTINGS})::int as listing, ${year} as t from generate_series(1, 150000) g) c
    join listings l on l.id = c.listing`);
  await client.query(`insert into messages (conversation_id, sender_id, receiver_id, content, created_at)
    select c.id, case when m % 2 = 0 then c.buyer_id else c.seller_id end, case when m % 2 = 0 then c.seller_id else c.buyer_id end,
           'Is it still available?', least(now(), c.created_at + m * interval '3 hours')
    from conversations c, generate_series(0, 9) m`);
  await q(`insert into inquiries (vehicle_id, seller_id, buyer_id, buyer_name, buyer_email, buyer_phone, message, created_at)
    select l.id, l.seller_id, null, 'Visitor', 'visitor@bench.test', '+2348030000000', 'What is your best price?', ${year}
    from generate_series(1, 150000) g join listings l on l.id = 1 + (g * 7919) % ${LISTINGS}`);
  await q(`insert into rentals (vehicle_id, vehicle_title, renter_id, owner_id, start_date, end_date, days, total_price, daily_rate, pickup_location,
      dropoff_location, expires_at, created_at, updated_at, status, cancel_reason, cancelled_by)
    select l.id, l.title, 'bench-buyer-' || (1 + g % ${BUYERS}), l.seller_id, d, d + 3, 3, 150000, 50000, 'Lagos', 'Lagos', t, t, t, 'cancelled', 'expired', 'system'
    from (select g, ${year} as t from generate_series(1, 20000) g) r
    join listings l on l.id = 1 + (r.g * 104729) % ${LISTINGS}, lateral (select (r.t at time zone 'Africa/Lagos')::date as d) starts`);
  await q(`insert into payments (reference, user_id, vehicle_id, amount_kobo, mode, method, status, paid_at, refunded_at, created_at, updated_at)
    select 'bench-' || g, l.seller_id, l.id, (array[500000, 1200000, 2000000])[1 + g % 3], 'test', 'card',
           case when g % 10 = 0 then 'reversed' else 'success' end, t, case when g % 10 = 0 then t + interval '2 days' end, t, t
    from (select g, ${year} as t from generate_series(1, 25000) g) p join listings l on l.id = 1 + (p.g * 31) % ${LISTINGS}`);
  // Per-listing counters: each listing-day at most once, spread over the year.
  await q(`insert into listing_daily_counts (listing_id, day, views, saves)
    select distinct on (l.id, c.day) l.id, c.day, 1 + floor(random() * 40)::int, floor(random() * 1.2)::int
    from (select 1 + floor(random() * ${LISTINGS})::int as listing, (${year} at time zone 'Africa/Lagos')::date as day from generate_series(1, ${COUNTER_ROWS})) c
    join listings l on l.id = c.listing
    order by l.id, c.day`);
  for (const table of ['listings', 'users', 'audit_log', 'conversations', 'messages', 'inquiries', 'rentals', 'payments', 'listing_daily_counts']) {
    await client.query(`vacuum analyze ${table}`);
  }
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function main(): Promise<void> {
  const cleanups: Cleanup[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-analytics-bench-'));
  await fs.chmod(dir, 0o755);
  try {
    const url = await createBenchDatabase(dir, 'vm_analytics_bench', cleanups);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const loading = performance.now();
    await loadBenchListings(client, LISTINGS);
    await loadYear(client);
    const counts = (await client.query<Record<string, number>>(`select
      (select count(*)::int from messages) as messages, (select count(*)::int from listing_daily_counts) as counters`)).rows[0]!;
    out(`Loaded ${LISTINGS.toLocaleString('en')} listings, ${SELLERS.toLocaleString('en')} sellers, a year of facts (${counts.messages!.toLocaleString('en')} messages) `
      + `and ${counts.counters!.toLocaleString('en')} listing-days of counters in ${((performance.now() - loading) / 1000).toFixed(1)} s`);

    const orm = await createOrm({ clientUrl: url, poolMax: 4 });
    const pool = createReadPool(url, 4);
    cleanups.push(() => orm.close(), () => pool.end());
    const clock = { now: () => new Date() };
    const store = new PostgresMarketplaceAnalytics(pool);
    const rollUp = new RollUpMarketplaceDays(store, clock);
    out('');
    out('| job | ms |');
    out('|---|---:|');
    out(`| roll-up, first run (400 days) | ${(await time(() => rollUp.execute())).toFixed(0)} |`);
    const regular: number[] = [];
    for (let i = 0; i < 5; i++) regular.push(await time(() => rollUp.execute()));
    out(`| roll-up, a regular run (8 days), median of 5 | ${regular.sort((a, b) => a - b)[2]!.toFixed(0)} |`);
    out(`| prune (nothing older than 400 days) | ${(await time(() => new PruneAnalytics(store, clock).execute())).toFixed(0)} |`);
    await client.query('vacuum analyze seller_active_days');
    await client.query('vacuum analyze marketplace_days');
    const sellerDays = (await client.query<{ n: number }>('select count(*)::int as n from seller_active_days')).rows[0]!.n;
    out(`\nseller_active_days holds ${sellerDays.toLocaleString('en')} rows (a seller on a day they listed or answered a buyer).`);
    await client.end();

    const analytics = new GetMarketplaceAnalytics(store, clock);
    const insights = new GetListingInsights(new MikroOrmListingRepository(orm, new SearchCache()), new PostgresListingInsightsReads(pool), clock);
    // The listing of the model with the most live listings: the widest comparison with similar listings.
    const [busiest] = (await pool.query<{ id: number; n: number }>(
      `select min(id) as id, count(*)::int as n from listings where status = 'active' group by brand, model order by count(*) desc limit 1`)).rows;
    const today = lagosDay(new Date());
    const yearAgo = addDays(today, -365);
    const cases: [string, () => Promise<unknown>][] = [
      ['analytics: a year by day (366 buckets)', () => analytics.execute({ from: yearAgo, to: today, interval: 'day' }, staff)],
      ['analytics: a year by week', () => analytics.execute({ from: yearAgo, to: today, interval: 'week' }, staff)],
      ['analytics: a year by month', () => analytics.execute({ from: yearAgo, to: today, interval: 'month' }, staff)],
      ['analytics: last 30 days by day (the default)', () => analytics.execute({}, staff)],
      [`insights: one listing, compared with ${busiest!.n.toLocaleString('en')} of its model`, () => insights.execute({ id: busiest!.id }, { userId: 'bench-staff', role: 'admin' })],
    ];
    out('');
    out('| read | p50 ms | p95 ms | p99 ms |');
    out('|---|---:|---:|---:|');
    let worst = 0;
    for (const [name, run] of cases) {
      const timings: number[] = [];
      for (let i = 0; i < 10 + RUNS; i++) {
        const ms = await time(() => inContext(orm, run));
        if (i >= 10) timings.push(ms);
      }
      timings.sort((a, b) => a - b);
      const at = (p: number) => timings[Math.min(timings.length - 1, Math.floor(p * timings.length))]!;
      if (name.startsWith('analytics')) worst = Math.max(worst, at(0.95));
      out(`| ${name} | ${at(0.5).toFixed(1)} | ${at(0.95).toFixed(1)} | ${at(0.99).toFixed(1)} |`);
    }
    out('');
    out(worst <= GOAL_MS ? `Goal met: every analytics read within ${GOAL_MS} ms at p95 (worst ${worst.toFixed(1)} ms).` : `Goal missed: an analytics read took ${worst.toFixed(1)} ms at p95 (goal ${GOAL_MS} ms).`);
    if (worst > GOAL_MS) process.exitCode = 1;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main().catch((err: unknown) => {
  process.stderr.write(`Analytics benchmark failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exitCode = 1;
});
