import http from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/main/logger.js';
import { closeAdminApp, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

/**
 * The request log an operator reads, from the API's own logger: one line per request with its id,
 * the caller's user id (never an email), the contract's operation, the status and the time; and none
 * of the secrets that reach the API (ID tokens, API keys, the event stream's ticket, an unsubscribe
 * token) in any line of the run.
 */
type Person = { uid: string; email: string; token: string };
let api: TestApi;
let dealer: Person;
const lines: string[] = [];
const auth = (secret: string) => ({ Authorization: `Bearer ${secret}` });
const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown> & { req?: { id: string; method: string; url: string }; res?: { statusCode: number } });
const lineOf = (requestId: string) => logged().find((l) => l.req?.id === requestId && l.res !== undefined);

/** Opens the event stream, reads its first bytes and hangs up, as a closed tab would. */
function openStream(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${api.url}${path}`, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve(String(res.headers['x-request-id']));
      });
    });
    req.on('error', (err) => (err.message === 'socket hang up' ? undefined : reject(err)));
  });
}

beforeAll(async () => {
  api = await startTestApi({}, undefined, { logger: createLogger('info', { write: (line: string) => void lines.push(line) }) });
  const admin = await signedInAs(api.staffEmails.admin);
  dealer = await signedInUser({ name: 'Chukwuemeka Okonkwo-Adeyemi', email: 'chukwuemeka.okonkwo-adeyemi@port-harcourt-ev-motors.com.ng' });
  await request(api.url).put('/api/auth/dealer').set(auth(dealer.token)).send({ businessName: 'Port Harcourt EV Motors', cacNumber: 'RC 1234567' }).expect(200);
  await request(api.url).post(`/api/admin/dealer-requests/${dealer.uid}/verify`).set(auth(admin.token)).expect(200);
});
afterAll(async () => {
  await api?.close();
  await closeAdminApp();
});

describe('the request log', () => {
  it('says who asked by user id, which operation, the status and the time, under the request id the caller saw', async () => {
    const res = await request(api.url).get('/api/vehicles/my-listings').set(auth(dealer.token)).expect(200);
    const line = lineOf(String(res.headers['x-request-id']));
    expect(line).toMatchObject({
      service: 'voltmarket-api', req: { method: 'GET', url: '/api/vehicles/my-listings' }, res: { statusCode: 200 },
      userId: dealer.uid, operation: 'listMyVehicles', responseTime: expect.any(Number),
    });
    const visitor = await request(api.url).get('/api/vehicles').query({ search: 'ioniq 5', location: 'Port Harcourt' }).expect(200);
    expect(lineOf(String(visitor.headers['x-request-id']))).toMatchObject({
      req: { url: '/api/vehicles?search=ioniq%205&location=Port%20Harcourt' }, userId: null, operation: 'searchVehicles', res: { statusCode: 200 },
    });
  });

  it('never writes a secret that reached the API, nor the caller\'s email', async () => {
    const key = await request(api.url).post('/api/developer/keys').set(auth(dealer.token)).send({ name: 'Inventory sync', scopes: ['listings:read'] }).expect(201);
    const secret = key.body.secret as string;
    const byKey = await request(api.url).get('/api/vehicles/my-listings').set(auth(secret)).expect(200);
    expect(lineOf(String(byKey.headers['x-request-id']))).toMatchObject({ userId: dealer.uid, apiKeyId: key.body.id, operation: 'listMyVehicles' });

    const ticket = (await request(api.url).post('/api/events/ticket').set(auth(dealer.token)).expect(201)).body.ticket as string;
    const streamId = await openStream(`/api/events?ticket=${encodeURIComponent(ticket)}`);
    const unsubscribe = 'k3vQm9ZtR2xW8pLs4NdY7bHc1JfG6aUe0oIyTqXr5wE';
    await request(api.url).post(`/api/saved-searches/unsubscribe?token=${unsubscribe}`).send({});

    // The stream's line is written when it closes.
    for (let waited = 0; !lineOf(streamId) && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lineOf(streamId)).toMatchObject({ req: { url: '/api/events?ticket=[redacted]' }, userId: dealer.uid, operation: 'streamEvents' });
    const run = lines.join('\n');
    expect(run).toContain('/api/saved-searches/unsubscribe?token=[redacted]');
    for (const [what, value] of [['ID token', dealer.token], ['API key', secret], ['ticket', ticket], ['unsubscribe token', unsubscribe], ['email', dealer.email]]) {
      expect(run.includes(value!), `${what} in the log`).toBe(false);
    }
    // What was looked for is there to find: the key's own prefix and the lines themselves.
    expect(secret.startsWith('vm_live_')).toBe(true);
    expect(logged().filter((l) => l.res).length).toBeGreaterThanOrEqual(8);
  });
});
