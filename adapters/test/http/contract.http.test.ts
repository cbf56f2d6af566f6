import request from 'supertest';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

describe('contract and operations', () => {
  it('serves openapi.yaml and Swagger UI', async () => {
    const spec = await request(api.url).get('/api/openapi.yaml').expect(200);
    const doc = parse(spec.text) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/vehicles', '/api/vehicles/{id}', '/api/admin/vehicles/{id}/approve']));
    const docs = await request(api.url).get('/api/docs/').expect(200);
    expect(docs.text).toContain('swagger-ui');
  });

  it('reports the database in the health check', async () => {
    const res = await request(api.url).get('/api/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('tags every response with a request id, echoing a sane incoming one', async () => {
    const res = await request(api.url).get('/api/health').set('X-Request-Id', 'trace-12345678');
    expect(res.headers['x-request-id']).toBe('trace-12345678');
    const fresh = await request(api.url).get('/api/health').set('X-Request-Id', 'bad id with spaces');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists the catalogue the forms offer', async () => {
    const res = await request(api.url).get('/api/catalogue').expect(200);
    expect(res.body.brands[0].name).toBe('Audi');
    expect(res.body.brands.find((b: { name: string }) => b.name === 'Tesla').models).toContain('Cybertruck');
    expect(res.body.locations).toContain('Benin City');
  });

  it('hands the browser clients the Firebase settings, pointing at the emulator in development', async () => {
    const res = await request(api.url).get('/api/client-config').expect(200);
    expect(res.body.firebase).toEqual({ apiKey: 'demo-api-key', authDomain: `${api.config.firebaseProjectId}.firebaseapp.com`, projectId: api.config.firebaseProjectId });
    expect(res.body.authEmulatorUrl).toBe(`http://${api.config.firebaseAuthEmulatorHost}`);
  });

  it('compresses responses for clients that accept gzip', async () => {
    const res = await request(api.url).get('/api/catalogue').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.brands.length).toBeGreaterThan(10);
  });
});
