/**
 * `npm start`: the whole product on one machine with nothing installed by hand.
 * Embedded Postgres (unless DATABASE_URL), the Firebase Auth emulator, MailDev (unless SMTP_URL),
 * migrations, demo data on first start, client builds when missing, then one server. Each step
 * reports its time; a failing step says what to do. Ctrl-C stops everything in order, and the next
 * start reuses the data.
 */
import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { getAuth } from 'firebase-admin/auth';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { projectRoot, startApi, type RunningApi } from './server.js';
import { startAuthEmulator, type RunningAuthEmulator } from '../firebase/auth-emulator.js';
import { startMailDev, type RunningMailDev } from '../mail/maildev.js';
import { startEmbeddedPostgres, type RunningPostgres } from '../postgres/embedded-server.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureDemoAccounts, seedDemoData } from '../postgres/seed/demo-data.js';
import { PhotoStore } from '../storage/photo-store.js';
import { photoObjectsFor } from './photo-storage.js';

/** The metrics token of `npm start` (docs/operations.md#metrics); a deployment sets its own. */
const DEV_METRICS_TOKEN = 'voltmarket-dev-metrics';

const out = (line: string) => process.stdout.write(`${line}\n`);
const green = (s: string) => (process.stdout.isTTY ? `\x1b[32m${s}\x1b[0m` : s);
const red = (s: string) => (process.stderr.isTTY ? `\x1b[31m${s}\x1b[0m` : s);

class StepError extends Error {
  constructor(readonly step: string, readonly hint: string, readonly reason: unknown) {
    super(step);
  }
}

async function step<T>(name: string, hint: string, work: () => Promise<T>, detail?: (result: T) => string): Promise<T> {
  const started = performance.now();
  process.stdout.write(`  ${name} … `);
  try {
    const result = await work();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    out(`${green('done')} ${seconds} s${detail ? ` (${detail(result)})` : ''}`);
    return result;
  } catch (err) {
    out(red('failed'));
    throw new StepError(name, hint, err);
  }
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const root = projectRoot();
  const env = { ...process.env };
  let postgres: RunningPostgres | null = null;
  let emulator: RunningAuthEmulator | null = null;
  let mailDev: RunningMailDev | null = null;
  let api: RunningApi | null = null;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    out('\nStopping Voltmarket …');
    await api?.close().catch(() => undefined);
    await mailDev?.stop().catch(() => undefined);
    await emulator?.stop().catch(() => undefined);
    await postgres?.stop().catch(() => undefined);
    out('Stopped. Your data stays in the data folder for the next start.');
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGHUP', () => void stop(0));
  process.on('uncaughtException', (err) => {
    process.stderr.write(`\n${red('Unexpected failure:')} ${err.message}\n`);
    void stop(1);
  });

  try {
    out('Starting Voltmarket');
    const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, '.data'));
    env.DATA_DIR = dataDir;
    let databaseUrl = env.DATABASE_URL?.trim() || '';
    if (!databaseUrl) {
      postgres = await step('database (embedded Postgres)', 'Delete the data folder\'s "postgres" folder if it is damaged, or set DATABASE_URL to use another Postgres.', () =>
        startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), preferredPort: 54329, durable: true }),
      (pg) => `${pg.url().replace('postgres://postgres@', '').replace(/\/postgres$/, '')}, data in ${pg.dataDir}`);
      const admin = postgres.url();
      await ensureDatabase(admin, 'voltmarket');
      databaseUrl = postgres.url('voltmarket');
    } else {
      out(`  database … using DATABASE_URL`);
    }
    if (!env.FIREBASE_AUTH_EMULATOR_HOST) {
      const projectId = env.FIREBASE_PROJECT_ID ?? 'demo-voltmarket';
      emulator = await step('identity (Firebase Auth emulator)', 'Is port 9099 taken by another emulator? Stop it, or set FIREBASE_AUTH_EMULATOR_HOST to reuse it.', () =>
        startAuthEmulator({ projectId, port: 9099, stateDir: path.join(dataDir, 'auth') }),
      (e) => e.host);
      env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    }
    if (!env.SMTP_URL?.trim()) {
      mailDev = await step('mail (MailDev)', 'Delete the data folder\'s "mail" folder if it is damaged, or set SMTP_URL to send through another mail server.', () =>
        startMailDev({ smtpPort: 1025, webPort: 1080, mailDirectory: path.join(dataDir, 'mail') }),
      (m) => `${m.smtpUrl.replace('smtp://', 'SMTP on ')}, inbox ${m.webUrl}`);
      env.SMTP_URL = mailDev.smtpUrl;
    } else {
      out(`  mail … using SMTP_URL`);
    }
    // A dealer trying webhooks on this machine (docs/api.md#quickstart) receives them on 127.0.0.1 over
    // http; production refuses the setting (NODE_ENV=production), and WEBHOOK_TEST_RECEIVER= turns it off.
    if (env.WEBHOOK_TEST_RECEIVER === undefined && env.NODE_ENV !== 'production') env.WEBHOOK_TEST_RECEIVER = 'loopback';
    // Metrics on this machine, behind a token everyone running it knows (production sets its own or none).
    if (env.METRICS_TOKEN === undefined) env.METRICS_TOKEN = DEV_METRICS_TOKEN;
    const config = loadConfig(env);
    const logger = createLogger(env.LOG_LEVEL ?? 'warn');

    await step('client builds', 'Run "npm run build:clients" to see the build error.', async () => {
      const built: string[] = [];
      for (const client of ['storefront', 'backoffice']) {
        if (!(await clientNeedsBuild(path.join(root, client)))) continue;
        await run('npm', ['run', 'build', '-w', client], root);
        built.push(client);
      }
      return built;
    }, (built) => (built.length ? `built ${built.join(', ')}` : 'already built'));

    // Requests get "Voltmarket is starting" until the demo data is in (see open() below).
    api = await step('migrations and API server', `Is port ${config.port} free? Set PORT to use another one.`, () =>
      startApi(config, databaseUrl, logger, { held: true }),
    );
    const running = api;

    if (emulator || config.firebaseProjectId.startsWith('demo-')) {
      await step('demo accounts', 'The identity emulator did not accept the demo accounts; see the message below.', async () => {
        const app = initializeApp({ projectId: config.firebaseProjectId }, `seed-${Date.now()}`);
        try {
          await ensureDemoAccounts(getAuth(app));
        } finally {
          await deleteApp(app);
        }
      });
    }
    await step('demo data', 'Demo data could not be written; the message below says why.', async () => {
      return seedDemoData(running.orm, new PhotoStore(photoObjectsFor(config)));
    }, (r) => (r.seeded ? `${r.listings} listings, ${r.images} images` : 'kept existing data'));
    // The staff's figures and the market prices were computed when the API started, before the demo data: compute them again now.
    await running.jobs.wake('analytics-rollup');
    await running.jobs.wake('market-prices');
    await running.open();

    const url = config.publicUrl;
    out('');
    out(green(`Voltmarket is ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`));
    out(`  Storefront   ${url}/`);
    out(`  Backoffice   ${url}/admin`);
    out(`  API docs     ${url}/api/docs`);
    out(`  Health       ${url}/api/health (liveness), ${url}/api/ready (readiness)`);
    if (config.metricsToken === DEV_METRICS_TOKEN) out(`  Metrics      curl -H 'Authorization: Bearer ${DEV_METRICS_TOKEN}' ${url}/api/metrics`);
    if (mailDev) out(`  Mail inbox   ${mailDev.webUrl} (MailDev: every mail sent lands here)`);
    if (config.firebaseAuthEmulatorHost) {
      // The emulator sends no SMS: the codes for phone verification are listed here instead.
      out(`  SMS codes    http://${config.firebaseAuthEmulatorHost}/emulator/v1/projects/${config.firebaseProjectId}/verificationCodes (Auth emulator: no SMS is sent)`);
    }
    if (running.sandboxKey) {
      out('');
      out(`Sandbox payments at ${url}/sandbox/paystack (no money moves). Its secret key, made for this`);
      out(`data folder's database and for its operator only: ${running.sandboxKey}`);
    }
    if (config.firebaseProjectId.startsWith('demo-')) {
      out('');
      out(`Demo accounts (password for all: ${DEMO_PASSWORD})`);
      for (const a of DEMO_ACCOUNTS) out(`  ${a.label.padEnd(8)} ${a.email}`);
    }
    out('');
    out('Press Ctrl-C to stop.');
  } catch (err) {
    if (err instanceof StepError) {
      const cause = err.reason instanceof Error ? err.reason.message : String(err.reason);
      process.stderr.write(`\n${red(`Step "${err.step}" failed:`)} ${cause}\nWhat to do: ${err.hint}\n`);
    } else if (err instanceof ConfigError) {
      process.stderr.write(`\n${red(err.message)}\n`);
    } else {
      process.stderr.write(`\n${red('Start failed:')} ${err instanceof Error ? err.message : String(err)}\n`);
    }
    await stop(1);
  }
}

/** A client is (re)built when it has no build yet or a source file is newer than its build. */
async function clientNeedsBuild(dir: string): Promise<boolean> {
  const built = await stat(path.join(dir, 'dist', 'index.html')).catch(() => null);
  if (!built) return true;
  // The storefront's server build (its pages' first views) comes with it.
  if (path.basename(dir) === 'storefront' && !(await stat(path.join(dir, 'dist-server', 'entry-server.js')).catch(() => null))) return true;
  const sources = ['index.html', 'vite.config.ts', 'package.json', 'src'].map((p) => path.join(dir, p));
  const newest = async (p: string): Promise<number> => {
    const info = await stat(p).catch(() => null);
    if (!info) return 0;
    if (!info.isDirectory()) return info.mtimeMs;
    const entries = await readdir(p);
    return Math.max(info.mtimeMs, ...(await Promise.all(entries.map((e) => newest(path.join(p, e))))));
  };
  const times = await Promise.all(sources.map(newest));
  return Math.max(...times) > built.mtimeMs;
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed:\n${output.slice(-2000)}`))));
  });
}

void main();
