import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../src/firebase/auth-emulator.js';
import { freePort, startEmbeddedPostgres } from '../../src/postgres/embedded-server.js';
import { createOrm, migrate } from '../../src/postgres/orm.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseAdminUrl: string;
    templateDatabase: string;
    authEmulatorHost: string;
    firebaseProjectId: string;
  }
}

/**
 * Unique per run: firebase-tools treats emulators of one project id on a machine as one suite (a
 * shared hub file in the temp folder), so two test runs at once must not share an id.
 */
export const TEST_PROJECT_ID = `demo-vm-test-${randomBytes(3).toString('hex')}`;

/**
 * One Postgres and one Auth emulator for the whole run. Postgres is, in order of preference:
 * DATABASE_URL, a testcontainers Postgres when a container engine answers, or embedded Postgres.
 * Migrations run once into a template database; each test file clones its own from it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const adminUrl = await startPostgres(cleanups);
  const template = `vm_template_${process.pid}`;
  await withClient(adminUrl, (c) => c.query(`create database ${template}`));
  cleanups.push(() => withClient(adminUrl, (c) => c.query(`drop database if exists ${template} with (force)`)));
  const orm = await createOrm({ clientUrl: withDatabase(adminUrl, template), poolMax: 2 });
  await migrate(orm);
  await orm.close();

  const emulator = await startEmulatorOnFreePort();
  cleanups.push(() => emulator.stop());

  project.provide('databaseAdminUrl', adminUrl);
  project.provide('templateDatabase', template);
  project.provide('authEmulatorHost', emulator.host);
  project.provide('firebaseProjectId', TEST_PROJECT_ID);
  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
}

async function startPostgres(cleanups: (() => Promise<unknown>)[]): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  if (await containerEngineAnswers()) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:17-alpine').start();
    cleanups.push(() => container.stop());
    return container.getConnectionUri();
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-test-pg-'));
  const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'data'), port: await freePort(), durable: false });
  cleanups.push(async () => {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
    if (server.dataDir !== path.join(dataDir, 'data')) await fs.rm(server.dataDir, { recursive: true, force: true });
  });
  return server.url();
}

async function containerEngineAnswers(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    return await getContainerRuntimeClient().then(() => true, () => false);
  } catch {
    return false;
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A free port can be taken by another process between our check and the emulator's bind (the CLI
 * then exits with "port taken"): try again on another port, a few times.
 */
async function startEmulatorOnFreePort(attempts = 3): Promise<Awaited<ReturnType<typeof startAuthEmulator>>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAuthEmulator({ projectId: TEST_PROJECT_ID, port: await freePort() });
    } catch (err) {
      if (attempt >= attempts || !(err instanceof Error) || !/port taken/i.test(err.message)) throw err;
    }
  }
}
