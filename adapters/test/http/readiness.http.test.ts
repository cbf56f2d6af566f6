import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/postgres/migrations/index.js';
import { closeAdminApp, startTestApi, type TestApi } from '../support/harness.js';

/**
 * Readiness as a load balancer asks it, against the real API and Postgres: ready only when the
 * database answers, every migration of this build is recorded, the jobs run and the process is not
 * stopping; otherwise a 503 that says which.
 */
let api: TestApi;
let second: TestApi;
const sql = <T>(query: string, params: unknown[] = []) => api.orm.em.getConnection().execute<T[]>(query, params);

beforeAll(async () => {
  api = await startTestApi();
  second = await startTestApi({}, api);
});
afterAll(async () => {
  await second?.close();
  await api?.close();
  await closeAdminApp();
});

describe('GET /api/ready', () => {
  it('is 200 with every part named when the process should be sent requests', async () => {
    const res = await request(api.url).get('/api/ready').expect(200);
    expect(res.body).toEqual({ status: 'ready', database: 'up', pendingMigrations: [], jobs: 'running', photos: 'up', stopping: false });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is 503 naming a migration of this build the database has not recorded, as for a new image on an old schema', async () => {
    const last = MIGRATIONS.at(-1)!.name;
    const [row] = await sql<Record<string, unknown>>('select * from mikro_orm_migrations where name = ?', [last]);
    await sql('delete from mikro_orm_migrations where name = ?', [last]);
    try {
      const res = await request(api.url).get('/api/ready').expect(503);
      expect(res.body).toEqual({ status: 'not_ready', database: 'up', pendingMigrations: [last], jobs: 'running', photos: 'up', stopping: false });
      expect(res.headers['retry-after']).toBe('5');
      // Liveness does not care: the process is up and its database answers.
      await request(api.url).get('/api/health').expect(200);
    } finally {
      await sql('insert into mikro_orm_migrations (name, executed_at) values (?, ?)', [row!.name, row!.executed_at]);
    }
    await request(api.url).get('/api/ready').expect(200);
  });

  it('is 503 on a process whose jobs stopped, while the other process on the database stays ready', async () => {
    await request(second.url).get('/api/ready').expect(200);
    await second.jobs.stop();
    expect((await request(second.url).get('/api/ready').expect(503)).body).toMatchObject({ status: 'not_ready', jobs: 'stopped', database: 'up' });
    await request(api.url).get('/api/ready').expect(200);
  });
});
