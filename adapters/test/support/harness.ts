import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { MikroORM } from '@mikro-orm/postgresql';
import { type Logger, pino } from 'pino';
import { inject } from 'vitest';
import { loadConfig, type AppConfig } from '../../src/main/config.js';
import { type RunningApi, startApi } from '../../src/main/server.js';
import { emulatorSignIn } from '../../src/firebase/auth-emulator.js';
import type pg from 'pg';
import sharp from 'sharp';
import request from 'supertest';
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

export async function createTestOrm(): Promise<{ orm: MikroORM; pool: pg.Pool; url: string; close: () => Promise<void> }> {
  const db = await createTestDatabase();
  const orm = await createOrm({ clientUrl: db.url, poolMax: 4 });
  const pool = createReadPool(db.url, 4);
  return { orm, pool, url: db.url, close: async () => { await pool.end(); await orm.close(); await db.drop(); } };
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
  /** The API's scheduled jobs on pg-boss. */
  jobs: RunningApi['jobs'];
  eventHub: RunningApi['eventHub'];
  /** The sandbox checkout's key for this database (no PAYSTACK_SECRET_KEY in tests). */
  sandboxKey: string | null;
  databaseUrl: string;
  /** Writes the views, saves and impressions this API counted in memory (they are written every few seconds). */
  flushCounters: () => Promise<void>;
  /** Stops as production does (see RunningApi.close), then drops the database. */
  close: (graceMs?: number) => Promise<void>;
}

/**
 * The real API (real Postgres, real emulator tokens) on a random port, checking every response
 * against openapi.yaml. Given `sameDatabaseAs`, a second API process on that one's database (as
 * replicas behind a load balancer would run); it leaves the database to the first to drop. Given
 * `options.database`, on that database (a server of the test's own, which it may stop and start).
 */
export async function startTestApi(
  env: Record<string, string> = {},
  sameDatabaseAs?: TestApi,
  options: { logger?: Logger; database?: { url: string; drop: () => Promise<void> } } = {},
): Promise<TestApi> {
  const { host, projectId } = useEmulator();
  const db = sameDatabaseAs ? { url: sameDatabaseAs.databaseUrl, drop: async () => undefined } : options.database ?? await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-test-data-'));
  const tag = randomBytes(4).toString('hex');
  const staffEmails = sameDatabaseAs?.staffEmails ?? { admin: `admin-${tag}@voltmarket.test`, support: `support-${tag}@voltmarket.test` };
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    FIREBASE_PROJECT_ID: projectId,
    FIREBASE_AUTH_EMULATOR_HOST: host,
    ADMIN_EMAILS: staffEmails.admin,
    SUPPORT_EMAILS: staffEmails.support,
    VALIDATE_RESPONSES: 'true',
    // scripts/contract-examples.mjs: record every answer of the run.
    ...(process.env.CONTRACT_RECORD_FILE ? { CONTRACT_RECORD_FILE: process.env.CONTRACT_RECORD_FILE } : {}),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const api = await startApi(config, db.url, options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }));
  return {
    url: api.url,
    orm: api.orm,
    config,
    dataDir,
    staffEmails,
    jobs: api.jobs,
    eventHub: api.eventHub,
    sandboxKey: api.sandboxKey,
    databaseUrl: db.url,
    flushCounters: api.flushCounters,
    close: async (graceMs?: number) => {
      await api.close(graceMs);
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
  const email = options.email?.replace('@', () => `+${unique}@`) ?? `user-${unique}@example.test`;
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

/** A real photo uploaded by this account, ready to go into that account's listings. */
export async function uploadedPhoto(apiUrl: string, token: string, colour = '#2a6'): Promise<string> {
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } }).jpeg().toBuffer();
  const res = await request(apiUrl).post('/api/upload/image').set('Authorization', `Bearer ${token}`).attach('image', jpeg, 'car.jpg');
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.imageUrl as string;
}

const ownPhotos = new Map<string, Promise<string>>();

/** One real photo uploaded by this account, reused for all its listings (a listing may show only its seller's uploads). */
export function ownPhoto(apiUrl: string, token: string): Promise<string> {
  const key = `${apiUrl} ${token}`;
  let photo = ownPhotos.get(key);
  if (!photo) {
    photo = uploadedPhoto(apiUrl, token);
    ownPhotos.set(key, photo);
  }
  return photo;
}

/** A listing's fields with a photo its seller uploaded. */
export async function listingBy(apiUrl: string, token: string, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return validListing({ imageUrls: [await ownPhoto(apiUrl, token)], ...overrides });
}

/** A live listing: submitted by the seller with their own photo, then approved by staff. */
export async function liveListing(apiUrl: string, sellerToken: string, staffToken: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const imageUrls = overrides.imageUrls ?? [await uploadedPhoto(apiUrl, sellerToken)];
  const created = await request(apiUrl).post('/api/vehicles').set('Authorization', `Bearer ${sellerToken}`).send(validListing({ ...overrides, imageUrls }));
  if (created.status !== 201) throw new Error(`listing failed: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as number;
  const approved = await request(apiUrl).post(`/api/admin/vehicles/${id}/approve`).set('Authorization', `Bearer ${staffToken}`);
  if (approved.status !== 200) throw new Error(`approval failed: ${approved.status} ${JSON.stringify(approved.body)}`);
  return id;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * A request whose path and query go on the wire exactly as written, the way `curl -g` or a
 * hand-typed address sends them: no client library re-encodes '+', '[', '"' or ','.
 */
export function rawRequest(apiUrl: string, method: string, pathAndQuery: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(apiUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, method, path: pathAndQuery, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}
