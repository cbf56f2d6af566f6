/**
 * `npm run bench:keep-listings`: loads BENCH_LISTINGS bench listings (default 1,000,000; about 150 s
 * per million here) into an embedded Postgres under BENCH_DATA_DIR and keeps it running until
 * Ctrl-C, so `BENCH_DATABASE_URL=<printed address> npm run bench:search` can measure it many times
 * without loading it again. A second start finds the loaded database and only starts Postgres.
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/postgres/embedded-server.js';
import { createOrm, migrate } from '../src/postgres/orm.js';
import { loadBenchListings } from './bench-data.js';
import { BENCH_SHARED_BUFFERS } from './bench-stack.js';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 1_000_000);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'voltmarket-bench-listings');
const NAME = `bench_${LISTINGS}`;
const out = (s: string) => process.stdout.write(`${s}\n`);

const server = await startEmbeddedPostgres({ dataDir: DATA_DIR, durable: false, sharedBuffers: BENCH_SHARED_BUFFERS });
const admin = new pg.Client({ connectionString: server.url() });
await admin.connect();
const loaded = (await admin.query('select 1 from pg_database where datname = $1', [NAME])).rowCount === 1;
await admin.end();
if (!loaded) {
  const started = performance.now();
  const setup = new pg.Client({ connectionString: server.url() });
  await setup.connect();
  await setup.query(`create database ${NAME}`);
  await setup.end();
  const orm = await createOrm({ clientUrl: server.url(NAME), poolMax: 2 });
  await migrate(orm);
  await orm.close();
  const client = new pg.Client({ connectionString: server.url(NAME) });
  await client.connect();
  await loadBenchListings(client, LISTINGS);
  await client.end();
  out(`Loaded ${LISTINGS.toLocaleString('en')} listings in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
out(`BENCH_DATABASE_URL=${server.url(NAME)}`);
out('Ctrl-C stops Postgres (the data stays in BENCH_DATA_DIR).');
const stop = () => void server.stop().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
setInterval(() => undefined, 1 << 30);
