import { createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { embeddedDataDirs, freePort, type RunningPostgres, startEmbeddedPostgres } from '../postgres/embedded-server.js';
import { BackupRefusedError, DatabaseLoader, migrateRest, prepareEmptyDatabase, type TableShape } from '../postgres/logical-backup.js';
import { BackupFileError, BackupReader } from '../shared/backup-archive.js';
import { BACKUP_FORMAT, type BackupHeader, type BackupManifest, type DatabaseEnd } from './backup-manifest.js';

/** The database `npm start` uses in its embedded Postgres. */
export const EMBEDDED_DATABASE = 'voltmarket';

export interface RestoreOptions {
  file: string;
  /** A new or empty folder: photos go to `uploads/`, accounts to `auth/`, the embedded database to `postgres/`. */
  dataDir: string;
  /** An empty database to restore into; unset, a new embedded Postgres in the data folder. */
  databaseUrl?: string | null;
  /** Stops the restore between two tables or files (Ctrl-C); what it made so far is removed. */
  signal?: AbortSignal;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  /** Row counts found after loading, each equal to the manifest's. */
  tables: Record<string, number>;
  photos: number;
  accountFiles: number;
  /** Migrations of this build newer than the backup, applied after loading. */
  laterMigrations: string[];
  seconds: number;
}

/**
 * Restores a backup into a new data folder (and a new embedded Postgres there, or an empty database):
 * the build's migrations up to the backup's, every table, the sequences, the photos and the accounts,
 * then the build's newer migrations. Nothing that exists is ever written over.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const started = performance.now();
  const dataDir = path.resolve(options.dataDir);
  await refuseUsedFolder(dataDir, !options.databaseUrl);
  const reader = await BackupReader.open(options.file);
  let postgres: RunningPostgres | null = null;
  const existed = existsSync(dataDir);
  let made = false;
  try {
    const header = (await reader.next()) as unknown as BackupHeader;
    if (header.kind !== 'header') throw new BackupFileError('The backup file is damaged (no header)');
    await reader.skip();
    if (header.format !== BACKUP_FORMAT) throw new BackupRefusedError(`The backup is in format ${header.format}; this build reads format ${BACKUP_FORMAT}`);
    await fs.mkdir(dataDir, { recursive: true });
    made = true;
    let url = options.databaseUrl ?? '';
    if (!url) {
      postgres = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port: await freePort(), durable: true });
      await createDatabase(postgres.url(), EMBEDDED_DATABASE);
      url = postgres.url(EMBEDDED_DATABASE);
    }
    await prepareEmptyDatabase(url, header.migrations);
    const loaded = await loadFrames(reader, url, dataDir, options.signal);
    const laterMigrations = await migrateRest(url);
    const { manifest } = loaded;
    if (manifest.photos.kept === 'in-backup' && loaded.photos !== manifest.photos.files) {
      throw new BackupFileError(`The backup holds ${loaded.photos} photo files, its manifest says ${manifest.photos.files}`);
    }
    return { manifest, tables: loaded.tables, photos: loaded.photos, accountFiles: loaded.accountFiles, laterMigrations, seconds: (performance.now() - started) / 1000 };
  } catch (err) {
    // A restore that failed leaves nothing behind to be mistaken for a restored folder.
    await postgres?.stop().catch(() => undefined);
    postgres = null;
    if (made) {
      for (const dir of embeddedDataDirs(path.join(dataDir, 'postgres')).slice(1)) await fs.rm(dir, { recursive: true, force: true });
      // The folder was empty or new: empty it again, or remove it.
      if (existed) for (const entry of await fs.readdir(dataDir)) await fs.rm(path.join(dataDir, entry), { recursive: true, force: true });
      else await fs.rm(dataDir, { recursive: true, force: true });
    }
    throw err;
  } finally {
    reader.close();
    await postgres?.stop();
  }
}

/** The folder must be new or empty; with an embedded database, no cluster may exist where it would go. */
async function refuseUsedFolder(dataDir: string, embedded: boolean): Promise<void> {
  const entries = await fs.readdir(dataDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    if (err.code === 'ENOTDIR') throw new BackupRefusedError(`${dataDir} is a file, not a folder`);
    throw err;
  });
  if (entries.length > 0) throw new BackupRefusedError(`${dataDir} is not empty: restore into a new folder (nothing in an existing one is touched)`);
  if (embedded) {
    const used = embeddedDataDirs(path.join(dataDir, 'postgres')).find((dir) => existsSync(dir));
    if (used) throw new BackupRefusedError(`A database already exists in ${used}: remove it, or restore into another folder`);
  }
}

async function createDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

interface Loaded {
  manifest: BackupManifest;
  tables: Record<string, number>;
  photos: number;
  accountFiles: number;
}

/** Reads the frames after the header: tables into one transaction, then the files, then the manifest. */
async function loadFrames(reader: BackupReader, url: string, dataDir: string, signal?: AbortSignal): Promise<Loaded> {
  const loader = await DatabaseLoader.open(url);
  let tables: Record<string, number> | null = null;
  let manifest: BackupManifest | null = null;
  const files = { uploads: 0, auth: 0 };
  try {
    for (;;) {
      signal?.throwIfAborted();
      const frame = await reader.next();
      if (frame.kind === 'table') {
        if (tables) throw new BackupFileError('The backup file is damaged (a table after the database ended)');
        await loader.table(frame as unknown as TableShape, reader.body());
      } else if (frame.kind === 'database') {
        const end = frame as unknown as DatabaseEnd;
        await reader.skip();
        tables = await loader.finish(end.tables, end.sequences);
        continue;
      } else if (frame.kind === 'file') {
        if (!tables) throw new BackupFileError('The backup file is damaged (a file before the database ended)');
        const area = frame.area === 'uploads' || frame.area === 'auth' ? frame.area : null;
        const target = area && typeof frame.path === 'string' ? safeTarget(path.join(dataDir, area), frame.path) : null;
        if (!area || !target) throw new BackupFileError(`The backup file names a file outside the data folder (${String(frame.area)}/${String(frame.path)})`);
        await fs.mkdir(path.dirname(target), { recursive: true });
        await pipeline(Readable.from(reader.body()), createWriteStream(target, { flags: 'wx' }));
        files[area] += 1;
      } else if (frame.kind === 'manifest') {
        manifest = frame as unknown as BackupManifest;
        await reader.skip();
      } else if (frame.kind === 'end') {
        break;
      } else {
        await reader.skip();
      }
    }
  } catch (err) {
    if (!tables) await loader.abort();
    throw err;
  }
  if (!tables || !manifest) throw new BackupFileError('The backup file is damaged (no database or no manifest)');
  return { manifest, tables, photos: files.uploads, accountFiles: files.auth };
}

/** A path inside `root` built from the backup's relative path, or null for one that would leave it. */
function safeTarget(root: string, relative: string): string | null {
  const parts = relative.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\') || p.includes('\0'))) return null;
  return path.join(root, ...parts);
}
