/**
 * `npm run restore -- FILE [--data-dir DIR]`: a backup into a new data folder, with a new embedded
 * Postgres in it (or into the empty database DATABASE_URL names). `DATA_DIR=DIR npm start` then runs
 * Voltmarket on the restored data. See docs/operations.md.
 */
import path from 'node:path';
import { BackupFileError } from '../shared/backup-archive.js';
import { BackupRefusedError } from '../postgres/logical-backup.js';
import { formatBytes, interruptSignal, out, parseArgs, UsageError } from './backup-cli.js';
import { restoreBackup } from './restore-backup.js';
import { projectRoot } from './server.js';

/** Tables whose counts the summary names: what an operator looks for first. */
const NAMED = ['users', 'listings', 'uploads', 'conversations', 'messages', 'payments', 'rentals', 'reviews'];

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), { options: ['--data-dir'], positional: 1, usage: 'npm run restore -- FILE [--data-dir DIR]' });
  const env = process.env;
  const file = path.resolve(args.positional[0]!);
  const dataDir = path.resolve(args.options['--data-dir'] ?? env.DATA_DIR ?? path.join(projectRoot(), '.data'));
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  out(`Restoring ${file} into ${dataDir}${databaseUrl ? ' and the database of DATABASE_URL' : ''}`);
  const summary = await restoreBackup({ file, dataDir, databaseUrl, signal: interruptSignal() });
  const { manifest } = summary;
  const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
  out(`  backup     taken ${manifest.createdAt} from Postgres ${manifest.postgres}, ${manifest.migrations.length} migrations`);
  out(`  database   ${Object.keys(summary.tables).length} tables, ${rows} rows: every count equals the manifest's`);
  out(`             ${NAMED.filter((t) => t in summary.tables).map((t) => `${t} ${summary.tables[t]}`).join(', ')}`);
  if (summary.laterMigrations.length > 0) out(`  migrations ${summary.laterMigrations.length} newer than the backup applied after loading`);
  if (manifest.photos.kept === 'in-backup') {
    out(`  photos     ${summary.photos} files (${formatBytes(manifest.photos.bytes)}) in ${path.join(dataDir, 'uploads')}`);
    if (env.S3_ENDPOINT?.trim()) out(`             S3_ENDPOINT is set: Voltmarket reads photos from the bucket, so copy this folder into it.`);
  } else {
    out(`  photos     not in the backup. ${manifest.photos.note}`);
  }
  if (manifest.accounts.kept === 'in-backup') out(`  accounts   ${summary.accountFiles} files of the Auth emulator in ${path.join(dataDir, 'auth')} (imported on the next start)`);
  else out(`  accounts   not in the backup. ${manifest.accounts.note}`);
  out(`Restored in ${summary.seconds.toFixed(1)} s. Start it with: DATA_DIR=${dataDir}${databaseUrl ? ' DATABASE_URL=…' : ''} npm start`);
}

main().catch((err: unknown) => {
  const expected = err instanceof UsageError || err instanceof BackupRefusedError || err instanceof BackupFileError;
  process.stderr.write(`Restore failed: ${err instanceof Error ? (expected ? err.message : err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
