import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../src/postgres/embedded-server.js';
import { createOrm, migrate } from '../src/postgres/orm.js';

export type Cleanup = () => Promise<unknown>;

/**
 * The bench's Postgres keeps the listings table and its indexes in its own cache (1.1 GB at a million
 * listings), as a production server sized for them would; BENCH_SHARED_BUFFERS changes it.
 */
export const BENCH_SHARED_BUFFERS = process.env.BENCH_SHARED_BUFFERS ?? '2GB';

/**
 * A migrated database of its own: on DATABASE_URL's server if set, else on an embedded Postgres
 * under `dir`. What it started is added to `cleanups`.
 */
export async function createBenchDatabase(dir: string, name: string, cleanups: Cleanup[]): Promise<string> {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort(), durable: false, sharedBuffers: BENCH_SHARED_BUFFERS });
    cleanups.push(async () => { await server.stop(); await fs.rm(server.dataDir, { recursive: true, force: true }); });
    adminUrl = server.url();
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  cleanups.push(async () => { await admin.query(`drop database if exists ${name} with (force)`); await admin.end(); });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const orm = await createOrm({ clientUrl: url.toString(), poolMax: 2 });
  await migrate(orm);
  await orm.close();
  return url.toString();
}

/** The API in its own process (bench-server.ts), so the load generator does not share its event loop. */
export async function startBenchApi(dbUrl: string, dataDir: string, cleanups: Cleanup[]): Promise<string> {
  return (await startBenchApiProcess(dbUrl, dataDir, cleanups)).url;
}

/** As startBenchApi, with extra environment (a real identity emulator, limits) and the process id (for its memory). */
export async function startBenchApiProcess(dbUrl: string, dataDir: string, cleanups: Cleanup[], env: Record<string, string> = {}): Promise<{ url: string; pid: number }> {
  const server = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), [], {
    execArgv: ['--conditions=development', '--import', 'tsx', ...(process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    env: {
      ...process.env, BENCH_DATABASE_URL: dbUrl, PORT: String(await freePort()), FIREBASE_PROJECT_ID: 'demo-bench', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1',
      DATA_DIR: dataDir, ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanups.push(() => new Promise<void>((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  }));
  const url = await new Promise<string>((resolve, reject) => {
    server.once('message', (m: { ready?: string }) => (m.ready ? resolve(m.ready) : reject(new Error('server failed'))));
    server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { url, pid: server.pid! };
}
