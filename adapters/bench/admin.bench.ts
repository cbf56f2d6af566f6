/**
 * `npm run bench:admin`: the backoffice's lists on 100,000 listings, 20,200 users and 20,000 audit
 * entries, through the use cases with the real repositories and read model (everything but HTTP,
 * whose cost the search benchmark measures). One moderator at a time: per list, 40 sequential
 * calls after 5 warm-ups; p50 and p95 in milliseconds.
 */
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CurrentCarOfTheWeek, GetAdminStats, ListAdminUsers, ListAdminVehicles, ListAuditEntries } from '@voltmarket/application';
import type { Actor } from '@voltmarket/domain';
import { PostgresAdminReadModel } from '../src/postgres/admin-read-model.js';
import { PostgresCarOfTheWeekReads } from '../src/postgres/car-of-the-week-store.js';
import { SearchCache } from '../src/postgres/search/search-cache.js';
import { MikroOrmListingRepository } from '../src/postgres/listing-repository.js';
import { createOrm, inContext } from '../src/postgres/orm.js';
import { createReadPool } from '../src/postgres/read-pool.js';
import { MikroOrmUserRepository } from '../src/postgres/user-repository.js';
import { loadBenchListings } from './bench-data.js';
import { type Cleanup, createBenchDatabase } from './bench-stack.js';
import { LibphonenumberPhoneNumbers } from '../src/phone/libphonenumber-phone-numbers.js';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const RUNS = 40;
const out = (s: string) => process.stdout.write(`${s}\n`);
const staff: Actor = { userId: 'bench-staff', role: 'support' };
const page = (start = 0) => ({ start, end: start + 24 });

async function main(): Promise<void> {
  const cleanups: Cleanup[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-admin-bench-'));
  await fs.chmod(dir, 0o755);
  try {
    const url = await createBenchDatabase(dir, 'vm_admin_bench', cleanups);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let started = performance.now();
    await loadBenchListings(client, LISTINGS);
    await client.query(`insert into users (id, email, first_name, last_name, role, created_at)
      select 'bench-buyer-' || g, 'buyer' || g || '@bench.test', 'Buyer', 'No ' || g, 'user', now() - g * interval '1 hour'
      from generate_series(1, 20000) g`);
    await client.query(`insert into audit_log (created_at, actor_id, actor_email, action, resource, record_id, record_label, before, after)
      select now() - g * interval '1 minute', 'bench-seller-1', 'seller1@bench.test', 'vehicle.approved', 'vehicles', g::text,
             'Listing ' || g, '{"status":"pending"}', '{"status":"active"}'
      from generate_series(1, 20000) g`);
    // One statement each: VACUUM cannot run inside the implicit transaction of a multi-statement query.
    await client.query('vacuum analyze users');
    await client.query('vacuum analyze audit_log');
    await client.end();
    out(`Loaded ${LISTINGS.toLocaleString('en')} listings, 20,200 users, 20,000 audit entries in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const orm = await createOrm({ clientUrl: url, poolMax: 4 });
    const pool = createReadPool(url, 4);
    cleanups.push(() => orm.close(), () => pool.end());
    const reads = new PostgresAdminReadModel(pool);
    const carOfTheWeek = new CurrentCarOfTheWeek(new PostgresCarOfTheWeekReads(pool), { now: () => new Date() });
    const vehicles = new ListAdminVehicles(reads, new MikroOrmListingRepository(orm, new SearchCache()), new MikroOrmUserRepository(orm), carOfTheWeek);
    const users = new ListAdminUsers(reads, { adminEmails: [], supportEmails: [] }, new LibphonenumberPhoneNumbers());
    const audit = new ListAuditEntries(reads);
    const stats = new GetAdminStats(reads, { now: () => new Date() });
    const newest = { field: 'createdAt', order: 'DESC' } as const;

    const cases: [string, () => Promise<unknown>][] = [
      ['vehicles: pending, newest first', () => vehicles.execute({ filter: { status: 'pending' }, sort: newest, range: page() }, staff)],
      ['vehicles: all, by price, page 100', () => vehicles.execute({ filter: {}, sort: { field: 'price', order: 'ASC' }, range: page(2475) }, staff)],
      ['vehicles: search "ioniq"', () => vehicles.execute({ filter: { q: 'ioniq' }, sort: newest, range: page() }, staff)],
      ['vehicles: search a seller email', () => vehicles.execute({ filter: { q: 'seller17@bench' }, sort: newest, range: page() }, staff)],
      ['vehicles: one seller (user page)', () => vehicles.execute({ filter: { sellerId: 'bench-seller-17' }, sort: newest, range: page() }, staff)],
      ['users: newest first', () => users.execute({ filter: {}, sort: newest, range: page() }, staff)],
      ['users: most listings first', () => users.execute({ filter: {}, sort: { field: 'listingCount', order: 'DESC' }, range: page() }, staff)],
      ['users: search "no 1234"', () => users.execute({ filter: { q: 'no 1234' }, sort: newest, range: page() }, staff)],
      ['audit log: newest first', () => audit.execute({ filter: {}, sort: newest, range: page() }, staff)],
      ['dashboard stats', () => stats.execute(undefined, staff)],
      // What each API process pays once a minute (and after a pick changes) to decide the car of the week.
      ['car of the week: decide', () => { carOfTheWeek.forget(); return carOfTheWeek.standing(); }],
    ];
    out('');
    out('| list | p50 ms | p95 ms |');
    out('|---|---:|---:|');
    for (const [name, run] of cases) {
      const timings: number[] = [];
      for (let i = 0; i < 5 + RUNS; i++) {
        started = performance.now();
        await inContext(orm, run);
        if (i >= 5) timings.push(performance.now() - started);
      }
      timings.sort((a, b) => a - b);
      const at = (p: number) => timings[Math.min(timings.length - 1, Math.floor(p * timings.length))]!.toFixed(1);
      out(`| ${name} | ${at(0.5)} | ${at(0.95)} |`);
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main().catch((err: unknown) => {
  process.stderr.write(`Admin benchmark failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
