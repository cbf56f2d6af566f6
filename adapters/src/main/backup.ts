/**
 * `npm run backup -- [--out FILE]`: one file with the database (one consistent snapshot), the photos
 * (unless an object store keeps them) and the Auth emulator's accounts, taken while Voltmarket runs
 * or not. Against DATABASE_URL when set, else the embedded Postgres of the data folder: the running
 * one (`npm start`), or one started for the backup and stopped after it. See docs/operations.md.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isAlive } from '../shared/processes.js';
import { BackupFileError } from '../shared/backup-archive.js';
import { embeddedDataDirs, freePort, type RunningPostgres, runningEmbeddedPostgres, startEmbeddedPostgres } from '../postgres/embedded-server.js';
import { BackupRefusedError } from '../postgres/logical-backup.js';
import { EMBEDDED_DATABASE } from './restore-backup.js';
import { projectRoot } from './server.js';
import { takeBackup } from './take-backup.js';
import { formatBytes, interruptSignal, out, parseArgs, UsageError } from './backup-cli.js';

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), { options: ['--out'], positional: 0, usage: 'npm run backup -- [--out FILE]' });
  const env = process.env;
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(projectRoot(), '.data'));
  const stamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
  const file = path.resolve(args.options['--out'] ?? path.join(dataDir, 'backups', `voltmarket-${stamp}.backup`));
  if (await fs.stat(file).then(() => true, () => false)) throw new UsageError(`${file} already exists: choose another --out`);

  let started: RunningPostgres | null = null;
  let databaseUrl = env.DATABASE_URL?.trim() ?? '';
  let where = 'DATABASE_URL';
  if (!databaseUrl) {
    const running = await runningEmbeddedPostgres(path.join(dataDir, 'postgres'));
    if (running) {
      databaseUrl = running.url(EMBEDDED_DATABASE);
      where = `the running embedded Postgres (${running.dataDir})`;
    } else {
      const cluster = embeddedDataDirs(path.join(dataDir, 'postgres')).find((dir) => existsSync(path.join(dir, 'PG_VERSION')));
      if (!cluster) throw new UsageError(`No database in ${path.join(dataDir, 'postgres')}: set DATA_DIR to the data folder, or DATABASE_URL`);
      started = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port: await freePort(), durable: true });
      databaseUrl = started.url(EMBEDDED_DATABASE);
      where = `the embedded Postgres in ${started.dataDir}, started for the backup`;
    }
  }
  const s3 = env.S3_ENDPOINT?.trim();
  const authDir = path.join(dataDir, 'auth');
  const emulatorPid = Number(await fs.readFile(path.join(authDir, 'emulator.pid'), 'utf8').catch(() => ''));
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || (emulatorPid > 0 && isAlive(emulatorPid) ? '127.0.0.1:9099' : '');

  out(`Backing up ${where}, with the data folder ${dataDir}`);
  try {
    const manifest = await takeBackup({
      databaseUrl, dataDir, file,
      objectStore: s3 ? { endpoint: s3, bucket: env.S3_BUCKET?.trim() || null } : null,
      authEmulator: emulatorHost ? { host: emulatorHost, projectId: env.FIREBASE_PROJECT_ID ?? 'demo-voltmarket' } : null,
      signal: interruptSignal(),
    });
    const size = (await fs.stat(file)).size;
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    out(`  database   ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.migrations.length} migrations (Postgres ${manifest.postgres})`);
    if (manifest.photos.kept === 'in-backup') out(`  photos     ${manifest.photos.files} files, ${formatBytes(manifest.photos.bytes)}`);
    else out(`  photos     not copied. ${manifest.photos.note}`);
    if (manifest.accounts.kept === 'in-backup') out(`  accounts   the Auth emulator's, from the ${manifest.accounts.source}`);
    else out(`  accounts   not copied. ${manifest.accounts.note}`);
    out(`Backup written in ${manifest.seconds.toFixed(1)} s: ${file} (${formatBytes(size)})`);
  } finally {
    await started?.stop();
  }
}

main().catch((err: unknown) => {
  const expected = err instanceof UsageError || err instanceof BackupRefusedError || err instanceof BackupFileError;
  process.stderr.write(`Backup failed: ${err instanceof Error ? (expected ? err.message : err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
