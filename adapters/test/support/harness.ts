import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { inject } from 'vitest';
import { loadConfig, type AppConfig } from '../../src/main/config.js';
import { startApi } from '../../src/main/server.js';
import { emulatorSignIn } from '../../src/firebase/auth-emulator.js';
import type pg from 'pg';
import { createOrm } from '../../src/postgres/orm.js';
import { createReadPool } from '../../src/postgres/read-pool.js';
import { withClient, withDatabase } from './global-setup.js';

/** A fresh database cloned from the migrated template; dropped by the returned function. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = inject('databaseAdminUrl');
  const name = `vm_test_${randomBytes(6).toString('hex')}`;
  await withClient(admin, (c) => c.query(`create database ${name} template ${inject('templateDatabase')}`));
  return {
    url: withDatabase(admin, name),
    drop: () => withClient(admin, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

export async function createTestOrm(): Promise<{ orm: MikroORM; pool: pg.Pool; close: () => Promise<void> }> {
  const db = await createTestDatabase();
  const orm = await createOrm({ clientUrl: db.url, poolMax: 4 });
  const pool = createReadPool(db.url, 4);
  return { orm, pool, close: async () => { await pool.end(); await orm.close(); await db.drop(); } };
}

export function useEmulator(): { host: string; projectId: string } {
  const host = inject('authEmulatorHost');
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  return { host, projectId: inject('firebaseProjectId') };
}

export interface TestApi {
  url: string;
  orm: MikroORM;
  config: AppConfig;
  dataDir: string;
  /** Bootstrap staff addresses unique to this API, so parallel test files never share an account. */
  staffEmails: { admin: string; support: string };
  close: () => Promise<void>;
}

/** The real API (real Postgres, real emulator tokens) on a random port, checking every response against openapi.yaml. */
export async function startTestApi(env: Record<string, string> = {}): Promise<TestApi> {
  const { host, projectId } = useEmulator();
  const db = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-test-data-'));
  const tag = randomBytes(4).toString('hex');
  const staffEmails = { admin: `admin-${tag}@voltmarket.test`, support: `support-${tag}@voltmarket.test` };
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    FIREBASE_PROJECT_ID: projectId,
    FIREBASE_AUTH_EMULATOR_HOST: host,
    ADMIN_EMAILS: staffEmails.admin,
    SUPPORT_EMAILS: staffEmails.support,
    VALIDATE_RESPONSES: 'true',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const api = await startApi(config, db.url, pino({ level: 'silent' }));
  return {
    url: api.url,
    orm: api.orm,
    config,
    dataDir,
    staffEmails,
    close: async () => {
      await api.close();
      await db.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

let adminApp: App | null = null;

/** Creates an account in the emulator and returns a signed-in ID token for it. */
export async function signedInUser(options: { email?: string; name?: string; verified?: boolean } = {}): Promise<{ uid: string; email: string; token: string }> {
  const { host, projectId } = useEmulator();
  adminApp ??= initializeApp({ projectId }, `test-${randomBytes(4).toString('hex')}`);
  const unique = randomBytes(5).toString('hex');
  const email = options.email?.replace('@', `+${unique}@`) ?? `user-${unique}@example.test`;
  const password = `pw-${unique}`;
  const user = await getAuth(adminApp).createUser({
    email,
    password,
    displayName: options.name ?? 'Test Person',
    emailVerified: options.verified ?? true,
  });
  return { uid: user.uid, email, token: await emulatorSignIn(host, email, password) };
}

/** An account whose email is exactly the given one (for bootstrap staff addresses). */
export async function signedInAs(email: string, verified = true): Promise<{ uid: string; email: string; token: string }> {
  const { host, projectId } = useEmulator();
  adminApp ??= initializeApp({ projectId }, `test-${randomBytes(4).toString('hex')}`);
  const auth = getAuth(adminApp);
  const password = `pw-${randomBytes(5).toString('hex')}`;
  const user = await auth.createUser({ email, password, emailVerified: verified, displayName: 'Staff Member' });
  return { uid: user.uid, email, token: await emulatorSignIn(host, email, password) };
}

/** The emulator's admin API, for tests that disable, revoke or delete accounts. */
export function adminAuth(): ReturnType<typeof getAuth> {
  const { projectId } = useEmulator();
  adminApp ??= initializeApp({ projectId }, `test-${randomBytes(4).toString('hex')}`);
  return getAuth(adminApp);
}

/** An anonymous guest's ID token (the emulator's REST sign-up without an email). */
export async function anonymousGuest(): Promise<{ uid: string; token: string }> {
  const { host } = useEmulator();
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken: string; localId: string };
  return { uid: body.localId, token: body.idToken };
}

export async function closeAdminApp(): Promise<void> {
  if (adminApp) await deleteApp(adminApp);
  adminApp = null;
}

export const validListing = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  title: '2022 Hyundai IONIQ 5',
  description: 'One owner, full service history, home charger included.',
  price: 38_500_000,
  year: 2022,
  mileage: 21_000,
  range: 480,
  vehicleType: 'car',
  brand: 'Hyundai',
  model: 'IONIQ 5',
  location: 'Lagos',
  imageUrls: ['/uploads/2026/11/example.webp'],
  ...overrides,
});
