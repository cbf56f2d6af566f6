import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import sharp from 'sharp';
import request from 'supertest';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, liveListing, rawRequest, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

/**
 * The edge of the API, walked over the whole contract: a route has exactly one spelling, so no
 * other spelling skips a guard keyed on the path; HEAD answers like GET; a signed-in caller's
 * answers are never cached; a path that exists but not for this method says which methods it has.
 */
let api: TestApi;
let seller: { uid: string; email: string; token: string };
let admin: { uid: string; token: string };
let listingId: number;
let auditId: number;
const UPLOADS_PER_MINUTE = 3;
const bearer = (who: { token: string }) => ({ Authorization: `Bearer ${who.token}` });

interface Operation {
  method: string;
  path: string;
  secured: boolean;
}

const spec = parse(readFileSync('openapi.yaml', 'utf8')) as {
  paths: Record<string, Record<string, { security?: unknown[] } | unknown[]>>;
};
const operations: Operation[] = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, op]) => ({ method: method.toUpperCase(), path, secured: ((op as { security?: object[] }).security ?? []).some((s) => Object.keys(s).length > 0) })),
);

/** A real path for a contract path: its ids point at records that exist. */
function concrete(path: string): string {
  return path
    .replace('/api/admin/users/{id}', () => `/api/admin/users/${seller.uid}`)
    .replace('/api/admin/audit-log/{id}', () => `/api/admin/audit-log/${auditId}`)
    .replace('{id}', () => String(listingId));
}

beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_UPLOADS_PER_MINUTE: String(UPLOADS_PER_MINUTE) });
  seller = await signedInUser({ name: 'Chukwuemeka Obi' });
  admin = await signedInAs(api.staffEmails.admin);
  listingId = await liveListing(api.url, seller.token, admin.token, { location: 'Port Harcourt' });
  const audit = await request(api.url).get('/api/admin/audit-log').set(bearer(admin)).expect(200);
  auditId = audit.body[0].id;
}, 120_000);

afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

describe('one spelling per route', () => {
  it('serves no other spelling of any route in the contract: other cases, doubled slashes, escaped letters', async () => {
    const served: string[] = [];
    for (const op of operations) {
      const path = concrete(op.path);
      const variants = [
        path.toUpperCase(),
        path.replace('/api/', '/API/'),
        path.replace(/\/([a-z])([a-z-]*)$/, (_m, first: string, rest: string) => `/${first.toUpperCase()}${rest}`),
        path.replace('/api/', '/api//'),
        path.replace(/\/api\/([a-z])/, (_m, c: string) => `/api/%${c.charCodeAt(0).toString(16)}`),
      ].filter((v) => v !== path);
      for (const variant of variants) {
        const res = await rawRequest(api.url, op.method, variant, { ...bearer(admin), 'content-type': 'application/json' });
        // 404/405: no such route. 400 naming the id: another route read the spelling as an id and refused it.
        const refusedAsId = res.status === 400 && JSON.parse(res.text).error.details.some((d: { field: string }) => d.field === 'id');
        if (res.status !== 404 && res.status !== 405 && !refusedAsId) served.push(`${op.method} ${variant} -> ${res.status}`);
      }
    }
    expect(served).toEqual([]);
  });

  it('keeps the upload limit on every spelling that reaches the upload', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a6' } }).jpeg().toBuffer();
    const uploader = await signedInUser();
    const upload = (path: string) => request(api.url).post(path).set(bearer(uploader)).attach('image', photo, 'car.jpg');
    for (let i = 0; i < UPLOADS_PER_MINUTE; i++) await upload('/api/upload/image').expect(201);
    await upload('/api/upload/image').expect(429);
    const spellings = ['/api/upload', '/api/upload/image/', '/api/UPLOAD/image', '/api/Upload/Image', '/API/upload/image', '/api//upload/image', '/api/%75pload/image', '/api/upload/image;x', '/api/./upload/image'];
    const results = await Promise.all(spellings.map(async (p) => `${p} -> ${(await upload(p)).status}`));
    // 429: the limit held; 404: not a route at all. Anything else reached an unlimited handler.
    expect(results.filter((r) => !/-> (429|404)$/.test(r))).toEqual([]);
  });

  it('validates a trailing-slash spelling like the route itself', async () => {
    const res = await rawRequest(api.url, 'GET', '/api/vehicles/?limit=0');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).error.details[0].field).toBe('limit');
  });
});

describe('HEAD and caching', () => {
  const gets = () => operations.filter((op) => op.method === 'GET');

  it('answers HEAD on every GET route like GET, without a body, signed in and not', async () => {
    const differences: string[] = [];
    for (const op of gets()) {
      for (const headers of [{}, bearer(admin)]) {
        const path = concrete(op.path);
        const get = await rawRequest(api.url, 'GET', path, headers);
        const head = await rawRequest(api.url, 'HEAD', path, headers);
        if (head.status !== get.status) differences.push(`${path}: HEAD ${head.status}, GET ${get.status}`);
        if (head.headers['content-type'] !== get.headers['content-type']) differences.push(`${path}: content types differ`);
        if (head.text !== '') differences.push(`${path}: HEAD carried a body`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('marks every answer to a signed-in caller no-store, on every route that needs sign-in or shows a caller their own data', async () => {
    const cached: string[] = [];
    const personal = gets().filter((op) => op.secured || op.path === '/api/vehicles/{id}' || op.path === '/api/vehicles');
    expect(personal.map((op) => op.path)).toEqual(expect.arrayContaining(['/api/auth/user', '/api/vehicles/my-listings', '/api/admin/vehicles', '/api/admin/stats']));
    for (const op of personal) {
      const res = await rawRequest(api.url, 'GET', concrete(op.path), bearer(seller));
      if (!/no-store/.test(String(res.headers['cache-control']))) cached.push(`${op.path} (${res.status}): ${res.headers['cache-control']}`);
      if (!/Authorization/i.test(String(res.headers.vary))) cached.push(`${op.path}: no Vary: Authorization`);
    }
    const profile = await request(api.url).patch('/api/auth/profile').set(bearer(seller)).send({ firstName: 'Chukwuemeka' }).expect(200);
    expect(profile.headers['cache-control']).toMatch(/no-store/);
    expect(cached).toEqual([]);
  });

  it('lets public, caller-independent answers be cached', async () => {
    const catalogue = await request(api.url).get('/api/catalogue').expect(200);
    expect(catalogue.headers['cache-control']).toMatch(/public/);
  });
});

describe('methods a path does not have', () => {
  it('answers 405 with Allow on every path of the contract, and 204 with Allow to OPTIONS', async () => {
    const wrong: string[] = [];
    for (const path of Object.keys(spec.paths)) {
      const methods = operations.filter((op) => op.path === path).map((op) => op.method);
      const missing = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].find((m) => !methods.includes(m))!;
      const res = await rawRequest(api.url, missing, concrete(path), bearer(admin));
      const allow = String(res.headers.allow ?? '').split(/,\s*/);
      if (res.status !== 405 || !methods.every((m) => allow.includes(m))) wrong.push(`${missing} ${path} -> ${res.status} Allow: ${res.headers.allow}`);
      else expect(JSON.parse(res.text).error.code).toBe('METHOD_NOT_ALLOWED');
      const options = await rawRequest(api.url, 'OPTIONS', concrete(path));
      if (options.status !== 204 || !methods.every((m) => String(options.headers.allow).includes(m))) wrong.push(`OPTIONS ${path} -> ${options.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('never answers with an HTML error page outside /api either', async () => {
    for (const [method, path] of [['PURGE', '/'], ['DELETE', '/browse'], ['POST', '/vehicles/1'], ['PUT', '/nowhere'], ['PROPFIND', '/admin'], ['POST', '/uploads/x.webp']] as const) {
      const res = await rawRequest(api.url, method, path);
      expect(res.headers['content-type'], `${method} ${path}`).toMatch(/application\/json/);
      expect([404, 405], `${method} ${path}`).toContain(res.status);
      expect(JSON.parse(res.text).error.code).toMatch(/NOT_FOUND|METHOD_NOT_ALLOWED/);
    }
  });

  it('answers in JSON a request too large or too garbled for Node to read', async () => {
    const huge = await rawRequest(api.url, 'GET', `/api/vehicles?search=${'lagos'.repeat(4_000)}`);
    expect([huge.status, huge.headers['content-type'], JSON.parse(huge.text).error.code]).toEqual([431, 'application/json; charset=utf-8', 'REQUEST_TOO_LARGE']);
    const { hostname, port } = new URL(api.url);
    const garbled = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(garbled).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(garbled.slice(garbled.indexOf('\r\n\r\n') + 4)).error.code).toBe('MALFORMED_REQUEST');
  });

  it('answers the uploads folder itself, a missing upload and a climb out of it in JSON', async () => {
    for (const [path, status, code] of [['/uploads', 404, 'NOT_FOUND'], ['/uploads/', 404, 'NOT_FOUND'], ['/uploads/nothing.webp', 404, 'NOT_FOUND'], ['/uploads/..%2fpackage.json', 403, 'FORBIDDEN']] as const) {
      const res = await rawRequest(api.url, 'GET', path);
      expect([res.status, res.headers['content-type'], JSON.parse(res.text).error.code], path).toEqual([status, expect.stringMatching(/application\/json/), code]);
    }
  });

  it('answers the backoffice\'s pages, uploads and the API docs like the storefront\'s: GET and HEAD, 405 with Allow to the rest', async () => {
    for (const path of ['/admin', '/admin/vehicles/3/show', '/uploads/x.webp', '/api/docs/', '/api/docs/swagger-ui.css']) {
      const post = await rawRequest(api.url, 'POST', path);
      expect([post.status, post.headers.allow, JSON.parse(post.text).error.code], path).toEqual([405, 'GET, HEAD', 'METHOD_NOT_ALLOWED']);
      const options = await rawRequest(api.url, 'OPTIONS', path);
      expect([options.status, options.headers.allow], path).toEqual([204, 'GET, HEAD']);
    }
  });
});
