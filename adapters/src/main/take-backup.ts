import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BackupRefusedError, DatabaseSnapshot } from '../postgres/logical-backup.js';
import { BackupWriter } from '../shared/backup-archive.js';
import {
  type AccountsInBackup, BACKUP_FORMAT, type BackupHeader, type BackupManifest, type DatabaseEnd, NOT_INCLUDED, OBJECT_STORE_NOTE, type PhotosInBackup,
} from './backup-manifest.js';

export interface BackupOptions {
  databaseUrl: string;
  /** The data folder: photos in `uploads/`, the Auth emulator's accounts in `auth/`. */
  dataDir: string;
  /** The backup file; written beside it under a temporary name, renamed when complete. */
  file: string;
  /** Set when photos are in an S3-compatible store (S3_ENDPOINT): they are not copied. */
  objectStore?: { endpoint: string; bucket: string | null } | null;
  /** The Auth emulator that holds this data folder's accounts now, when it runs. */
  authEmulator?: { host: string; projectId: string } | null;
  /** Stops the backup between two tables or files (Ctrl-C); the partial file is removed. */
  signal?: AbortSignal;
}

/**
 * Writes one backup file: the database in one snapshot, then the photos, then the emulator's
 * accounts, then the manifest. The file appears under its name only once it is complete.
 */
export async function takeBackup(options: BackupOptions): Promise<BackupManifest> {
  const started = performance.now();
  const createdAt = new Date().toISOString();
  await fs.mkdir(path.dirname(options.file), { recursive: true });
  const partial = `${options.file}.partial-${process.pid}`;
  const snapshot = await DatabaseSnapshot.open(options.databaseUrl);
  let writer: BackupWriter | null = null;
  try {
    writer = await BackupWriter.create(partial);
    const header: BackupHeader = { kind: 'header', format: BACKUP_FORMAT, createdAt, postgres: snapshot.serverVersion, migrations: snapshot.migrations };
    await writer.frame(header);
    const tables: Record<string, number> = {};
    for (const table of snapshot.tables) {
      options.signal?.throwIfAborted();
      const rows = snapshot.copy(table);
      await writer.frame({ kind: 'table', name: table.name, columns: table.columns }, rows);
      tables[table.name] = rows.rowCount;
    }
    const database: DatabaseEnd = { kind: 'database', tables, sequences: snapshot.sequences };
    await writer.frame(database);
    await snapshot.close();

    const photos = options.objectStore
      ? ({ kept: 'object-store', endpoint: options.objectStore.endpoint, bucket: options.objectStore.bucket, note: OBJECT_STORE_NOTE } satisfies PhotosInBackup)
      // A `.tmp` file is a photo being written, renamed into place when whole (not yet any listing's).
      : await writeFolder(writer, 'uploads', path.join(options.dataDir, 'uploads'), (name) => name.endsWith('.tmp'), options.signal);
    const accounts = await writeAccounts(writer, options);
    const manifest: BackupManifest = {
      kind: 'manifest', format: BACKUP_FORMAT, createdAt, seconds: Math.round(performance.now() - started) / 1000, postgres: snapshot.serverVersion,
      migrations: snapshot.migrations, tables, sequences: snapshot.sequences, photos, accounts, notIncluded: NOT_INCLUDED,
    };
    await writer.frame(manifest);
    await writer.frame({ kind: 'end' });
    await writer.close();
    await fs.rename(partial, options.file);
    return manifest;
  } catch (err) {
    writer?.abort();
    await snapshot.close().catch(() => undefined);
    await fs.rm(partial, { force: true });
    throw err;
  }
}

/** Every regular file below `folder`, as `file` frames of the area; a folder that does not exist holds none. */
async function writeFolder(writer: BackupWriter, area: 'uploads' | 'auth', folder: string, skip: (relative: string) => boolean, signal?: AbortSignal) {
  let files = 0;
  let bytes = 0;
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const relative = entries.filter((e) => e.isFile()).map((e) => path.relative(folder, path.join(e.parentPath, e.name)).split(path.sep).join('/')).sort();
  for (const name of relative) {
    signal?.throwIfAborted();
    if (skip(name)) continue;
    // A photo deleted since the listing of the folder (its listing deleted meanwhile) is left out.
    const handle = await fs.open(path.join(folder, name), 'r').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    if (!handle) continue;
    const size = (await handle.stat()).size;
    await writer.frame({ kind: 'file', area, path: name }, handle.createReadStream());
    files += 1;
    bytes += size;
  }
  return { kept: 'in-backup' as const, files, bytes };
}

/**
 * The accounts people sign in with, when the Auth emulator keeps them (`npm start`): exported from the
 * running emulator as its own export-on-exit would write them, or else the folder of its last export.
 */
async function writeAccounts(writer: BackupWriter, options: BackupOptions): Promise<AccountsInBackup> {
  const emulator = options.authEmulator;
  if (emulator) {
    const get = async (p: string) => {
      const res = await fetch(`http://${emulator.host}${p}`, { headers: { Authorization: 'Bearer owner' } }).catch((err: unknown) => {
        throw new BackupRefusedError(`The Auth emulator at ${emulator.host} does not answer (${err instanceof Error ? err.message : String(err)}): start it, or unset FIREBASE_AUTH_EMULATOR_HOST to copy its last export in DATA_DIR/auth`);
      });
      if (!res.ok) throw new BackupRefusedError(`The Auth emulator at ${emulator.host} answered ${res.status} to ${p}`);
      return Buffer.from(await res.arrayBuffer());
    };
    const accounts = await get(`/identitytoolkit.googleapis.com/v1/projects/${emulator.projectId}/accounts:batchGet?maxResults=-1`);
    const config = await get(`/emulator/v1/projects/${emulator.projectId}/config`);
    const version = (createRequire(import.meta.url)('firebase-tools/package.json') as { version: string }).version;
    const metadata = Buffer.from(JSON.stringify({ version, auth: { version, path: 'auth_export' } }));
    await writer.frame({ kind: 'file', area: 'auth', path: 'firebase-export-metadata.json' }, [metadata]);
    await writer.frame({ kind: 'file', area: 'auth', path: 'auth_export/accounts.json' }, [accounts]);
    await writer.frame({ kind: 'file', area: 'auth', path: 'auth_export/config.json' }, [config]);
    return { kept: 'in-backup', source: 'running emulator', files: 3 };
  }
  const folder = path.join(options.dataDir, 'auth');
  const written = await writeFolder(writer, 'auth', folder, (name) => name === 'emulator.pid');
  if (written.files > 0) return { kept: 'in-backup', source: 'data folder', files: written.files };
  return { kept: 'not-in-backup', note: 'No Auth emulator accounts in the data folder: a real Firebase project keeps its accounts itself.' };
}
