import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
const c = new pg.Client('postgres://postgres@127.0.0.1:55555/b'); await c.connect();
console.log((await c.query(`select name from pg_available_extensions where name in ('fuzzystrmatch','pg_trgm','unaccent')`)).rows);
await c.end();
const server = fork('./adapters/bench/bench-server.ts', [], { execArgv: ['--conditions=development', '--import', 'tsx'], env: { ...process.env, BENCH_DATABASE_URL: 'postgres://postgres@127.0.0.1:55555/b', PORT: '8099', FIREBASE_PROJECT_ID: 'demo-bench', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1', DATA_DIR: '/tmp' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const url: string = await new Promise((r) => server.once('message', (m: any) => r(m.ready)));
for (const path of ['/api/catalogue', '/api/health', '/api/vehicles', '/api/vehicles?vehicleType=car&location=Lagos']) {
  await autocannon({ url: url + path, connections: 32, duration: 2 });
  const r = await autocannon({ url: url + path, connections: 32, duration: 5 });
  console.log(path, 'rps', r.requests.average, 'p50', r.latency.p50, 'p97.5', r.latency.p97_5);
}
server.kill();
