import { readFileSync } from 'node:fs';
import http from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

/**
 * What an operator's Prometheus reads at /api/metrics, from a real API and Postgres: only with the
 * token, and with the requests, pools, streams, event lag and job runs of the process.
 */
type Person = { uid: string; email: string; token: string };
const TOKEN = 'metrics-token-for-the-test-0123456789';
let api: TestApi;
let off: TestApi;
let seller: Person;
let buyer: Person;
let vehicleId: number;
const auth = (p: Person) => ({ Authorization: `Bearer ${p.token}` });
const scrape = async () => (await request(api.url).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;
/** The value of a metric's line with these labels (in any order), or null when there is none. */
const valueOf = (text: string, name: string, labels: Record<string, string> = {}): number | null => {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = new Map([...(match[3] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have.get(k) === v)) return Number(match[4]);
  }
  return null;
};

beforeAll(async () => {
  api = await startTestApi({ METRICS_TOKEN: TOKEN });
  off = await startTestApi({}, api);
  const admin = await signedInAs(api.staffEmails.admin);
  seller = await signedInUser({ name: 'Oluwaseun Adebayo-Williams' });
  buyer = await signedInUser({ name: 'Ngozi Eze' });
  vehicleId = await liveListing(api.url, seller.token, admin.token, { title: '2022 Hyundai IONIQ 5 Long Range', price: 38_500_000, location: 'Lagos' });
}, 120_000);
afterAll(async () => {
  await off?.close();
  await api?.close();
  await closeAdminApp();
});

describe('/api/metrics', () => {
  it('answers only a caller with the token, and nobody when no token is set', async () => {
    const none = await request(api.url).get('/api/metrics').expect(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.body.error.code).toBe('NOT_SIGNED_IN');
    await request(api.url).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
    await request(api.url).get('/api/metrics').set(auth(seller)).expect(401);
    const disabled = await request(off.url).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
    expect(disabled.body.error.message).toBe('Metrics are off: set METRICS_TOKEN to serve them.');
  });

  it("counts requests by the contract's operation and status, and reads the pools and the process", async () => {
    const before = valueOf(await scrape(), 'voltmarket_http_request_duration_seconds_count', { operation: 'searchVehicles', method: 'GET', status: '200' }) ?? 0;
    for (let i = 0; i < 3; i++) await request(api.url).get('/api/vehicles').query({ location: 'Lagos' }).expect(200);
    await request(api.url).get('/api/vehicles/999999').expect(404);
    const text = await scrape();
    expect(valueOf(text, 'voltmarket_http_request_duration_seconds_count', { operation: 'searchVehicles', method: 'GET', status: '200' })).toBe(before + 3);
    expect(valueOf(text, 'voltmarket_http_request_duration_seconds_count', { operation: 'getVehicle', status: '404' })).toBe(1);
    expect(valueOf(text, 'voltmarket_db_pool_connections', { pool: 'read', state: 'waiting' })).toBe(0);
    expect(valueOf(text, 'voltmarket_db_pool_connections', { pool: 'orm', state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'voltmarket_outbox_due', { outbox: 'mail' })).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(text).toContain('# TYPE voltmarket_payments gauge');
  });

  it("serves every metric the Grafana dashboard in deploy/ asks for", async () => {
    const dashboard = JSON.parse(readFileSync(new URL('../../../deploy/grafana-dashboard.json', import.meta.url), 'utf8')) as { panels: { targets: { expr: string }[] }[] };
    const asked = new Set(dashboard.panels.flatMap((p) => p.targets.flatMap((t) => [...t.expr.matchAll(/\b((?:voltmarket|process|nodejs)_[a-z0-9_]+)/g)].map((m) => m[1]!.replace(/_(bucket|count|sum)$/, '')))));
    expect(asked.size).toBeGreaterThan(10);
    const text = await scrape();
    for (const name of asked) expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
  });

  it('counts open live streams, events pushed and their lag, and job runs', async () => {
    const ticket = (await request(api.url).post('/api/events/ticket').set(auth(seller)).expect(201)).body.ticket as string;
    const stream = http.get(`${api.url}/api/events?ticket=${ticket}`);
    const got = new Promise<void>((resolve) => stream.on('response', (res) => res.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('event: message')) resolve();
    })));
    for (let tries = 0; valueOf(await scrape(), 'voltmarket_live_streams_open') !== 1 && tries < 50; tries++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    await request(api.url).post('/api/chat/send-message').set(auth(buyer)).send({ vehicleId, receiverId: seller.uid, content: 'Is the IONIQ still available?' }).expect(201);
    await got;
    const text = await scrape();
    expect(valueOf(text, 'voltmarket_live_streams_open')).toBe(1);
    expect(valueOf(text, 'voltmarket_live_events_delivered_total')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'voltmarket_live_event_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'voltmarket_live_event_lag_seconds_sum')).toBeLessThan(5);
    stream.destroy();
    // A run of this process (the other one takes none) is counted.
    await off.jobs.stop();
    await api.jobs.wake('market-prices');
    let runs: number | null = null;
    for (let tries = 0; runs === null && tries < 100; tries++) {
      runs = valueOf(await scrape(), 'voltmarket_job_runs_total', { job: 'market-prices', outcome: 'done' });
      if (runs === null) await new Promise((r) => setTimeout(r, 100));
    }
    expect(runs).toBeGreaterThanOrEqual(1);
  });
});
