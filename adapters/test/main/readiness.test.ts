import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readinessCheck } from '../../src/main/readiness.js';
import { MIGRATIONS } from '../../src/postgres/migrations/index.js';

/** Readiness when the database cannot be asked: refused at once, or hanging past the check's own limit. */
const running = { jobsRunning: () => true, stopping: () => false };
const poolThat = (query: () => Promise<unknown>) => ({ query }) as unknown as pg.Pool;

describe('readiness', () => {
  it('is not ready, database down, when the database refuses', async () => {
    const check = readinessCheck(poolThat(() => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'))), running);
    expect(await check()).toEqual({ status: 'not_ready', database: 'down', pendingMigrations: null, jobs: 'running', photos: 'up', stopping: false });
  });

  it('answers within its limit when the database hangs, instead of hanging the health check', async () => {
    const check = readinessCheck(poolThat(() => new Promise(() => undefined)), running, 50);
    const started = Date.now();
    expect(await check()).toMatchObject({ status: 'not_ready', database: 'down' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('is ready only when every part is, and not while stopping', async () => {
    const all = poolThat(async () => ({ rows: MIGRATIONS.map((m) => ({ name: m.name })) }));
    expect((await readinessCheck(all, running)()).status).toBe('ready');
    expect(await readinessCheck(all, { jobsRunning: () => true, stopping: () => true })()).toMatchObject({ status: 'not_ready', stopping: true });
  });

  it('is not ready, photos down, when the photo store refuses or hangs past the limit', async () => {
    const all = poolThat(async () => ({ rows: MIGRATIONS.map((m) => ({ name: m.name })) }));
    expect((await readinessCheck(all, { ...running, photos: async () => undefined })()).status).toBe('ready');
    expect(await readinessCheck(all, { ...running, photos: () => Promise.reject(new Error('connect ECONNREFUSED')) })())
      .toMatchObject({ status: 'not_ready', database: 'up', photos: 'down' });
    const started = Date.now();
    expect(await readinessCheck(all, { ...running, photos: () => new Promise(() => undefined) }, 50)()).toMatchObject({ status: 'not_ready', photos: 'down' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
