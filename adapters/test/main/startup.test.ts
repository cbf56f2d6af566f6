import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/main/config.js';
import { startApi } from '../../src/main/server.js';
import { createTestDatabase, rawRequest, useEmulator } from '../support/harness.js';

/** A port nothing listens on now, so the test knows the API's address before it has started. */
const freePort = () => new Promise<number>((resolve, reject) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(port));
  });
  probe.on('error', reject);
});

describe('the API while it starts', () => {
  it('answers 503 with Retry-After while its migrations run, then serves as usual', { timeout: 60_000 }, async () => {
    const { host, projectId } = useEmulator();
    const db = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-test-data-'));
    // Holding the migrations' table keeps the API in its migrations, as a long one would.
    const blocker = new pg.Client({ connectionString: db.url });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table mikro_orm_migrations in access exclusive mode');
    const port = await freePort();
    const config = loadConfig({
      PORT: String(port), DATA_DIR: dataDir, FIREBASE_PROJECT_ID: projectId, FIREBASE_AUTH_EMULATOR_HOST: host, LOG_LEVEL: 'silent',
    });
    const starting = startApi(config, db.url, pino({ level: 'silent' }));
    let api: Awaited<typeof starting> | undefined;
    try {
      const url = `http://127.0.0.1:${port}`;
      // Listening comes first; wait until it does.
      await expect.poll(() => rawRequest(url, 'GET', '/api/vehicles').then(() => true, () => false), { timeout: 20_000 }).toBe(true);
      for (const [method, where] of [['GET', '/api/vehicles?search=Port%20Harcourt'], ['POST', '/api/vehicles'], ['GET', '/browse']] as const) {
        const res = await rawRequest(url, method, where);
        expect([res.status, res.headers['retry-after'], res.headers['content-type'], JSON.parse(res.text).error], `${method} ${where}`).toEqual([
          503, '5', 'application/json; charset=utf-8', { code: 'SERVICE_UNAVAILABLE', message: 'Voltmarket is starting. Please try again in a moment.', details: [] },
        ]);
        // Like every answer: no shared cache keeps it for another caller, and it has a request id.
        expect([res.headers['cache-control'], res.headers.vary, res.headers['x-request-id']]).toEqual(['no-store', 'Authorization', expect.stringMatching(/^[\w-]{8,64}$/)]);
      }
      expect((await rawRequest(url, 'GET', '/api/vehicles', { 'x-request-id': 'proxy-7f3a9c21' })).headers['x-request-id']).toBe('proxy-7f3a9c21');
      // A browser opening a page is shown one that reloads by itself.
      const page = await rawRequest(url, 'GET', '/browse?search=Port%20Harcourt', { accept: 'text/html,application/xhtml+xml' });
      expect([page.status, page.headers['retry-after'], page.headers['content-type']]).toEqual([503, '5', 'text/html; charset=utf-8']);
      expect(page.text).toContain('<meta http-equiv="refresh" content="5">');
      expect(page.text).toContain('Voltmarket is starting. Please try again in a moment.');
      await blocker.query('rollback');
      api = await starting;
      const res = await rawRequest(url, 'GET', '/api/vehicles?search=Port%20Harcourt');
      expect([res.status, JSON.parse(res.text)]).toEqual([200, []]);
    } finally {
      await blocker.end().catch(() => undefined);
      await (api ?? (await starting.catch(() => undefined)))?.close();
      await db.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps answering "starting" after its migrations when held, until opened (the dev runner writes its demo data meanwhile)', { timeout: 60_000 }, async () => {
    const { host, projectId } = useEmulator();
    const db = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-test-data-'));
    const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, FIREBASE_PROJECT_ID: projectId, FIREBASE_AUTH_EMULATOR_HOST: host, LOG_LEVEL: 'silent' });
    const api = await startApi(config, db.url, pino({ level: 'silent' }), { held: true });
    try {
      // Migrated and ready, but not open: the seed can write before anyone counts an empty market.
      expect((await rawRequest(api.url, 'GET', '/api/stats')).status).toBe(503);
      expect((await rawRequest(api.url, 'GET', '/api/vehicles')).status).toBe(503);
      await api.open();
      await api.open();
      const stats = await rawRequest(api.url, 'GET', '/api/stats');
      expect([stats.status, JSON.parse(stats.text)]).toEqual([200, { activeListings: 0, sellers: 0, cities: 0 }]);
    } finally {
      await api.close();
      await db.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
