import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ImageStore, StoredImage } from '@voltmarket/application';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { emulatorSignIn, startAuthEmulator } from '../../src/firebase/auth-emulator.js';
import { restoreBackup } from '../../src/main/restore-backup.js';
import { takeBackup } from '../../src/main/take-backup.js';
import { freePort, runningEmbeddedPostgres, startEmbeddedPostgres, type RunningPostgres } from '../../src/postgres/embedded-server.js';
import { createOrm } from '../../src/postgres/orm.js';
import { seedDemoData } from '../../src/postgres/seed/demo-data.js';
import { createTestDatabase, useEmulator } from '../support/harness.js';
import { withClient, withDatabase } from '../support/global-setup.js';

/**
 * Keeps the bytes it is given as they are (no re-encoding): the demo data's 250 photos then take a
 * second instead of a minute. To a backup a photo is a file of bytes either way.
 */
class FilesAsTheyAre implements Partial<ImageStore> {
  constructor(private readonly dir: string) {}

  async store(bytes: Uint8Array): Promise<StoredImage> {
    const id = `2026/11/${randomUUID()}`;
    await fs.mkdir(path.join(this.dir, '2026/11'), { recursive: true });
    await fs.writeFile(path.join(this.dir, `${id}.webp`), bytes);
    await fs.writeFile(path.join(this.dir, `${id}-thumb.webp`), bytes.subarray(0, 64));
    return { url: `/uploads/${id}.webp`, thumbnailUrl: `/uploads/${id}-thumb.webp`, width: 1600, height: 1200 };
  }

  async photoHash(url: string): Promise<bigint | null> {
    const bytes = await fs.readFile(path.join(this.dir, url.replace('/uploads/', () => '')));
    return createHash('sha256').update(bytes).digest().readBigInt64BE();
  }
}

const root = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-backup-'));
// Postgres runs as the OS user `postgres` under root: it must reach the folders below (mkdtemp makes 700).
chmodSync(root, 0o755);
const dataDir = path.join(root, 'data');
const restoredDir = path.join(root, 'restored');
const backupFile = path.join(root, 'voltmarket.backup');
let source: { url: string; drop: () => Promise<void> };
let orm: MikroORM;
let restored: RunningPostgres | null = null;
let account: { email: string; password: string };

const query = async <T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) =>
  withClient(url, async (c) => (await c.query<T>(sql, params)).rows);

/** Every stored file below a folder, by its relative path, with a hash of its bytes. */
async function filesIn(dir: string): Promise<Map<string, string>> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = new Map<string, string>();
  for (const e of entries.filter((x) => x.isFile())) {
    const full = path.join(e.parentPath, e.name);
    files.set(path.relative(dir, full), createHash('sha256').update(await fs.readFile(full)).digest('hex'));
  }
  return files;
}

/** A table's whole contents in one digest, row order aside. */
const tableDigest = (url: string, table: string) => withClient(url, async (c) => {
  await c.query(`set timezone = 'UTC'`);
  const { rows } = await c.query<{ d: string | null }>(`select md5(string_agg(t::text, E'\\n' order by t::text)) as d from "${table}" t`);
  return rows[0]!.d;
});

beforeAll(async () => {
  source = await createTestDatabase();
  orm = await createOrm({ clientUrl: source.url, poolMax: 4 });
  await seedDemoData(orm, new FilesAsTheyAre(path.join(dataDir, 'uploads')) as unknown as ImageStore);
  // A photo being written as the backup runs: not a photo yet, left out.
  await fs.writeFile(path.join(dataDir, 'uploads', '2026', '11', 'half-written.webp.0d1e.tmp'), 'partial');
  const { host, projectId } = useEmulator();
  account = { email: `restored-${randomUUID().slice(0, 8)}@voltmarket.test`, password: 'restored-password' };
  const signUp = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...account, returnSecureToken: true }),
  });
  expect(signUp.status).toBe(200);
  await takeBackup({ databaseUrl: source.url, dataDir, file: backupFile, authEmulator: { host, projectId } });
}, 120_000);

afterAll(async () => {
  await restored?.stop();
  await orm?.close();
  await source?.drop();
  await fs.rm(root, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores into a new data folder every table row for row, every photo byte for byte, and sequences that go on', async () => {
    const summary = await restoreBackup({ file: backupFile, dataDir: restoredDir });
    restored = await startEmbeddedPostgres({ dataDir: path.join(restoredDir, 'postgres'), port: await freePort(), durable: false });
    const url = restored.url('voltmarket');

    // What the demo data gave the source, so that nothing below passes on empty tables.
    const counts = summary.manifest.tables;
    for (const table of ['listings', 'uploads', 'photo_hashes', 'conversations', 'messages', 'payments', 'advertising_packages', 'rentals', 'users']) {
      expect(counts[table], table).toBeGreaterThan(0);
    }
    expect(summary.tables).toEqual(counts);
    for (const table of Object.keys(counts)) expect(await tableDigest(url, table), table).toBe(await tableDigest(source.url, table));
    const migrations = async (u: string) => (await query<{ name: string }>(u, 'select name from mikro_orm_migrations order by name')).map((r) => r.name);
    expect(await migrations(url)).toEqual(await migrations(source.url));

    const before = await filesIn(path.join(dataDir, 'uploads'));
    const after = await filesIn(path.join(restoredDir, 'uploads'));
    expect([...after.keys()].some((f) => f.endsWith('.tmp'))).toBe(false);
    before.forEach((_hash, file) => file.endsWith('.tmp') && before.delete(file));
    expect(after).toEqual(before);
    const urls = await query<{ url: string }>(url, 'select distinct jsonb_array_elements_text(image_urls) as url from listings');
    expect(urls.length).toBeGreaterThan(80);
    for (const { url: photo } of urls) expect(after.has(photo.replace('/uploads/', () => '')), photo).toBe(true);

    // New rows after the restore take ids past every restored one.
    const owned = await query<{ seq: string; tbl: string; col: string }>(url, `
      select s.relname as seq, t.relname as tbl, a.attname as col
        from pg_class s join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i') and d.classid = 'pg_class'::regclass
        join pg_class t on t.oid = d.refobjid join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
       where s.relkind = 'S'`);
    expect(owned.length).toBeGreaterThan(10);
    for (const { seq, tbl, col } of owned) {
      const [row] = await query<{ next: string; max: string | null }>(url, `select nextval('"${seq}"') as next, (select max("${col}") from "${tbl}") as max`);
      expect(BigInt(row!.next) > BigInt(row!.max ?? 0), `${seq} past ${tbl}.${col}`).toBe(true);
    }
    const [message] = await query<{ id: string }>(url, `
      insert into messages (conversation_id, sender_id, receiver_id, content, created_at)
      select conversation_id, sender_id, receiver_id, 'After the restore', now() from messages limit 1 returning id`);
    expect(Number(message!.id)).toBeGreaterThan(counts.messages!);
  });

  it('finds the embedded Postgres that runs on a data folder, and `npm run backup` backs it up while it runs', async () => {
    expect(restored).not.toBeNull();
    const running = await runningEmbeddedPostgres(path.join(restoredDir, 'postgres'));
    expect(running?.url('voltmarket')).toBe(restored!.url('voltmarket'));
    const out = path.join(root, 'online.backup');
    const env = { ...process.env, DATA_DIR: restoredDir, DATABASE_URL: '', S3_ENDPOINT: '', FIREBASE_AUTH_EMULATOR_HOST: '' };
    const { stdout } = await promisify(execFile)(process.execPath, ['--conditions=development', '--import', 'tsx', 'adapters/src/main/backup.ts', '--out', out], { env });
    expect(stdout).toContain('the running embedded Postgres');
    expect(stdout).toMatch(/photos {5}\d+ files/);
    expect(stdout).toContain('accounts   the Auth emulator\'s, from the data folder');
    expect((await fs.stat(out)).size).toBeGreaterThan(100_000);
  });

  it('gives the restored folder the accounts people sign in with', async () => {
    const emulator = await startAuthEmulator({ projectId: 'demo-voltmarket-restored', port: await freePort(), stateDir: path.join(restoredDir, 'auth') });
    try {
      const token = await emulatorSignIn(emulator.host, account.email, account.password);
      expect(token.split('.')).toHaveLength(3);
      await expect(emulatorSignIn(emulator.host, account.email, 'not-the-password')).rejects.toThrow(/Sign-in failed/);
    } finally {
      await emulator.stop();
    }
  }, 60_000);

  it('refuses a folder that is not empty and a database that is not empty, and touches neither', async () => {
    const used = path.join(root, 'used');
    await fs.mkdir(used);
    await fs.writeFile(path.join(used, 'keep.txt'), 'mine');
    await expect(restoreBackup({ file: backupFile, dataDir: used })).rejects.toThrow(/is not empty: restore into a new folder/);
    expect(await fs.readdir(used)).toEqual(['keep.txt']);

    const fresh = path.join(root, 'fresh');
    const listings = async () => (await query<{ n: number }>(source.url, 'select count(*)::int as n from listings'))[0]!.n;
    const before = await listings();
    await expect(restoreBackup({ file: backupFile, dataDir: fresh, databaseUrl: source.url })).rejects.toThrow(/target database is not empty/);
    expect(await listings()).toBe(before);
    await expect(fs.access(fresh)).rejects.toThrow();
  });

  it('restores into an empty database named by DATABASE_URL', async () => {
    const admin = inject('databaseAdminUrl');
    const name = `vm_restore_${randomUUID().slice(0, 8)}`;
    await withClient(admin, (c) => c.query(`create database ${name}`));
    try {
      const url = withDatabase(admin, name);
      const summary = await restoreBackup({ file: backupFile, dataDir: path.join(root, 'external'), databaseUrl: url });
      for (const table of ['listings', 'messages', 'payments', 'rentals']) expect(await tableDigest(url, table), table).toBe(await tableDigest(source.url, table));
      expect(summary.photos).toBeGreaterThan(200);
    } finally {
      await withClient(admin, (c) => c.query(`drop database if exists ${name} with (force)`));
    }
  });

  it('refuses a backup with a migration this build does not know, and a damaged file, leaving no folder behind', async () => {
    const future = await createTestDatabase();
    try {
      await query(future.url, `insert into mikro_orm_migrations (name, executed_at) values ('Migration29990101000000_from_the_future', now())`);
      const file = path.join(root, 'future.backup');
      await takeBackup({ databaseUrl: future.url, dataDir: path.join(root, 'no-data'), file });
      const target = path.join(root, 'from-future');
      await expect(restoreBackup({ file, dataDir: target })).rejects.toThrow(/1 migration\(s\) this build does not know \(Migration29990101000000_from_the_future\)/);
      await expect(fs.access(target)).rejects.toThrow();
    } finally {
      await future.drop();
    }
    const cut = path.join(root, 'cut.backup');
    const bytes = await fs.readFile(backupFile);
    await fs.writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const target = path.join(root, 'from-cut');
    await expect(restoreBackup({ file: cut, dataDir: target })).rejects.toThrow(/incomplete or damaged/);
    await expect(fs.access(target)).rejects.toThrow();
  });

  it('answers a restore of a file that is not there with one line and exit code 1', async () => {
    const run = promisify(execFile)(process.execPath, ['--conditions=development', '--import', 'tsx', 'adapters/src/main/restore.ts', path.join(root, 'missing.backup'), '--data-dir', path.join(root, 'x')]);
    const failed = await run.then(() => null, (err: { code: number; stderr: string }) => err);
    expect(failed?.code).toBe(1);
    expect(failed?.stderr.trim().split('\n')).toHaveLength(1);
    expect(failed?.stderr).toMatch(/^Restore failed: .*missing\.backup/);
  });
});
