import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, ownPhoto, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

type Person = { uid: string; email: string; token: string };
let api: TestApi;
let admin: Person;
let dealer: Person;
let stranger: Person;
const auth = (p: { token: string }) => ({ Authorization: `Bearer ${p.token}` });
const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });
const sql = <T>(query: string, params: unknown[] = []) => api.orm.em.getConnection().execute<T[]>(query, params);

/** A dealer's own software, receiving webhooks on this machine: answers what it is told to. */
interface Received { headers: http.IncomingHttpHeaders; body: string }
const received: Received[] = [];
let answerWith = 200;
let receiver: http.Server;
let receiverUrl: string;

async function verifiedDealer(person: Person, businessName: string): Promise<void> {
  await request(api.url).put('/api/auth/dealer').set(auth(person)).send({ businessName, cacNumber: 'RC 1234567' }).expect(200);
  await request(api.url).post(`/api/admin/dealer-requests/${person.uid}/verify`).set(auth(admin)).expect(200);
}

async function keyFor(person: Person, scopes: string[], name = 'Inventory sync'): Promise<{ id: number; secret: string }> {
  const res = await request(api.url).post('/api/developer/keys').set(auth(person)).send({ name, scopes }).expect(201);
  return { id: res.body.id as number, secret: res.body.secret as string };
}

const until = async <T>(what: () => Promise<T | undefined>, ms = 8000): Promise<T> => {
  for (const started = Date.now(); Date.now() - started < ms;) {
    const found = await what();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
};

const car = (photo: string, overrides: Record<string, unknown> = {}) => ({
  title: '2023 BYD Atto 3 Extended Range', description: 'One owner, full service history at our Abuja branch, home charger included.',
  price: 41_750_000, year: 2023, mileage: 12_000, range: 420, vehicleType: 'car', brand: 'BYD', model: 'Atto 3', location: 'Abuja', imageUrls: [photo], ...overrides,
});

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => { body += chunk.toString('utf8'); });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answerWith;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/voltmarket/webhooks`;
  api = await startTestApi({ WEBHOOK_TEST_RECEIVER: 'loopback', RATE_LIMIT_API_KEY_PER_MINUTE: '500' });
  [admin, dealer, stranger] = await Promise.all([
    signedInAs(api.staffEmails.admin),
    signedInUser({ name: 'Chukwuemeka Okonkwo-Adeyemi', email: 'fleet.sales@bello-electric-motors-port-harcourt.com.ng' }),
    signedInUser({ name: 'Ngozi Eze' }),
  ]);
  await verifiedDealer(dealer, 'Bello Electric Motors Ltd');
});

afterAll(async () => {
  await api.close();
  await closeAdminApp();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('API keys', () => {
  it('are for verified sellers only, and show their secret once', async () => {
    const refused = await request(api.url).post('/api/developer/keys').set(auth(stranger)).send({ name: 'Mine', scopes: ['listings:read'] }).expect(403);
    expect(refused.body.error.code).toBe('NOT_A_VERIFIED_SELLER');
    const made = await request(api.url).post('/api/developer/keys').set(auth(dealer)).send({ name: '  Website   sync ', scopes: ['listings:write', 'listings:read'] }).expect(201);
    expect(made.body).toMatchObject({ name: 'Website sync', scopes: ['listings:read', 'listings:write'], lastUsedAt: null, revokedAt: null });
    expect(made.body.secret).toMatch(/^vm_live_[A-Za-z0-9_-]{43}$/);
    expect(made.body.secret.startsWith(made.body.prefix)).toBe(true);
    const listed = await request(api.url).get('/api/developer/keys').set(auth(dealer)).expect(200);
    const { secret: _shownOnce, ...kept } = made.body as Record<string, unknown>;
    expect(listed.body[0]).toEqual(kept);
    expect(JSON.stringify(listed.body)).not.toContain(made.body.secret);
    const [stored] = await sql<{ secret_hash: string }>('select secret_hash from api_keys where id = ?', [made.body.id]);
    expect(stored!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.secret_hash).not.toContain(made.body.secret.slice(8));
  });

  it('refuse bad names and scopes with field errors, and change nothing', async () => {
    const before = (await request(api.url).get('/api/developer/keys').set(auth(dealer)).expect(200)).body.length;
    const blank = await request(api.url).post('/api/developer/keys').set(auth(dealer)).send({ name: '   ', scopes: ['listings:read'] }).expect(400);
    expect(blank.body.error.details).toEqual([{ field: 'name', message: 'Give the key a name, such as "Inventory sync"' }]);
    const none = await request(api.url).post('/api/developer/keys').set(auth(dealer)).send({ name: 'Website', scopes: [] }).expect(400);
    expect(none.body.error.details.map((d: { field: string }) => d.field)).toEqual(['scopes']);
    await request(api.url).post('/api/developer/keys').set(auth(dealer)).send({ name: 'x', scopes: ['admin'] }).expect(400);
    await request(api.url).post('/api/developer/keys').set(auth(dealer)).send({ name: 'x', scopes: ['listings:read'], userId: stranger.uid }).expect(400);
    expect((await request(api.url).get('/api/developer/keys').set(auth(dealer)).expect(200)).body).toHaveLength(before);
  });

  it('act as their seller with their scopes only, never as staff, and note their last use', async () => {
    const reader = await keyFor(dealer, ['listings:read']);
    const mine = await request(api.url).get('/api/vehicles/my-listings').set(bearer(reader.secret)).expect(200);
    expect(Array.isArray(mine.body)).toBe(true);
    const photo = await ownPhoto(api.url, dealer.token);
    const write = await request(api.url).post('/api/vehicles').set(bearer(reader.secret)).send(car(photo)).expect(403);
    expect(write.body.error.code).toBe('API_KEY_SCOPE_MISSING');
    // Not the buyer's side, not the keys themselves, and not staff's routes, whoever made the key.
    expect((await request(api.url).get('/api/wishlist').set(bearer(reader.secret)).expect(403)).body.error.code).toBe('API_KEY_NOT_ALLOWED');
    expect((await request(api.url).post('/api/developer/keys').set(bearer(reader.secret)).send({ name: 'more', scopes: ['listings:read'] }).expect(403)).body.error.code).toBe('API_KEY_NOT_ALLOWED');
    await request(api.url).put('/api/auth/dealer').set(auth(admin)).send({ businessName: 'Voltmarket Fleet', cacNumber: 'RC 7654321' }).expect(200);
    await request(api.url).post(`/api/admin/dealer-requests/${admin.uid}/verify`).set(auth(admin)).expect(200);
    const staffKey = await keyFor(admin, ['listings:read', 'listings:write', 'messages:read', 'webhooks:manage']);
    expect((await request(api.url).get('/api/admin/vehicles').set(bearer(staffKey.secret)).expect(403)).body.error.code).toBe('API_KEY_NOT_ALLOWED');
    expect((await request(api.url).get('/api/admin/check').set(bearer(staffKey.secret)).expect(403)).body.error.code).toBe('API_KEY_NOT_ALLOWED');
    const keys = (await request(api.url).get('/api/developer/keys').set(auth(dealer)).expect(200)).body as { id: number; lastUsedAt: string | null }[];
    expect(keys.find((k) => k.id === reader.id)!.lastUsedAt).not.toBeNull();
  });

  it('stop working at once when revoked, and only their own seller revokes them', async () => {
    const key = await keyFor(dealer, ['listings:read'], 'Old integration');
    await request(api.url).get('/api/vehicles/my-listings').set(bearer(key.secret)).expect(200);
    expect((await request(api.url).delete(`/api/developer/keys/${key.id}`).set(auth(stranger)).expect(404)).body.error.code).toBe('API_KEY_NOT_FOUND');
    await request(api.url).get('/api/vehicles/my-listings').set(bearer(key.secret)).expect(200);
    const revoked = Date.now();
    await request(api.url).delete(`/api/developer/keys/${key.id}`).set(auth(dealer)).expect(204);
    const refused = await request(api.url).get('/api/vehicles/my-listings').set(bearer(key.secret)).expect(401);
    expect(Date.now() - revoked).toBeLessThan(1000);
    expect(refused.body.error.code).toBe('NOT_SIGNED_IN');
    await request(api.url).delete(`/api/developer/keys/${key.id}`).set(auth(dealer)).expect(204);
    await request(api.url).get('/api/vehicles/my-listings').set(bearer('vm_live_madeUpmadeUpmadeUpmadeUpmadeUpmadeUpmadeUp1')).expect(401);
  });
});

describe('a listing created with a key and an Idempotency-Key', () => {
  it('is created once by ten racing retries, each answered the same', async () => {
    const writer = await keyFor(dealer, ['listings:write', 'listings:read']);
    const photo = await ownPhoto(api.url, dealer.token);
    const body = car(photo, { title: '2022 Hyundai IONIQ 5 Long Range', brand: 'Hyundai', model: 'IONIQ 5', location: 'Port Harcourt', price: 38_500_000 });
    const key = `dealer-sync-${Date.now()}-ioniq5`;
    const tries = await Promise.all(Array.from({ length: 10 }, () => request(api.url).post('/api/vehicles').set(bearer(writer.secret)).set('Idempotency-Key', key).send(body)));
    expect(tries.map((t) => t.status)).toEqual(Array(10).fill(201));
    expect(new Set(tries.map((t) => t.body.id)).size).toBe(1);
    expect(tries.filter((t) => t.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(new Set(tries.map((t) => t.headers.location))).toEqual(new Set([`/api/vehicles/${tries[0]!.body.id}`]));
    const [count] = await sql<{ n: number }>(`select count(*)::int as n from listings where seller_id = ? and title = ?`, [dealer.uid, body.title]);
    expect(count!.n).toBe(1);
    const other = await request(api.url).post('/api/vehicles').set(bearer(writer.secret)).set('Idempotency-Key', key).send({ ...body, price: 37_000_000 }).expect(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // The same key is the seller's own: another seller using it does their own request.
    await request(api.url).post('/api/vehicles').set(auth(stranger)).set('Idempotency-Key', key).send(car(await ownPhoto(api.url, stranger.token))).expect(201);
  });
});

describe('bulk import', () => {
  const header = 'externalId,title,description,price,year,mileage,range,vehicleType,brand,model,location,imageUrls,batteryHealth';

  it('answers every row, creating pending listings and refusing bad rows with field errors', async () => {
    const writer = await keyFor(dealer, ['listings:write']);
    const photo = await ownPhoto(api.url, dealer.token);
    const csv = [
      header,
      `BEM-001,2023 BYD Atto 3 Extended Range,"One owner, full service history.",41750000,2023,12000,420,car,BYD,Atto 3,Abuja,${photo},96`,
      `BEM-002,2021 Nissan Leaf SV Plus,"City car, new tyres; ""battery report"" included.",14500000,2021,38000,350,car,Nissan,Leaf,Port Harcourt,${photo},88`,
      `BEM-003,Kia EV6 GT-Line,Sporty,not-a-price,2022,9000,500,car,Kia,EV6,Lagos,${photo},`,
      `BEM-004,2022 Electric City Bus,40 seats and air conditioning,98000000,2022,150000,280,bus,Generic,City Bus,Kano,${photo},79`,
      `,2019 Tesla Model 3,No id,22000000,2019,60000,400,car,Tesla,Model 3,Ibadan,${photo},90`,
      `BEM-001,2023 BYD Atto 3 (again),Twice,41750000,2023,12000,420,car,BYD,Atto 3,Abuja,${photo},96`,
    ].join('\n');
    const res = await request(api.url).post('/api/listings/import').set(bearer(writer.secret)).set('Content-Type', 'text/csv').send(csv).expect(200);
    expect(res.body, JSON.stringify(res.body.rows)).toMatchObject({ created: 3, updated: 0, unchanged: 0, refused: 3 });
    const rows = res.body.rows as { row: number; status: string; externalId: string | null; vehicleId: number | null; errors: { field: string }[] }[];
    expect(rows.map((r) => r.status)).toEqual(['created', 'created', 'refused', 'created', 'refused', 'refused']);
    expect(rows[2]!.errors.map((e) => e.field)).toEqual(['price']);
    expect(rows[4]!.errors.map((e) => e.field)).toEqual(['externalId']);
    expect(rows[5]!.errors).toEqual([{ field: 'externalId', message: 'BEM-001 is on an earlier row of this import' }]);
    const leaf = await request(api.url).get(`/api/vehicles/${rows[1]!.vehicleId}`).set(auth(dealer)).expect(200);
    expect(leaf.body).toMatchObject({ status: 'pending', description: 'City car, new tyres; "battery report" included.', location: 'Port Harcourt', price: 14_500_000, batteryHealth: 88 });

    // The same stock again, one car cheaper: that one is updated, the rest unchanged.
    const again = csv.split('\n').slice(0, 3).join('\n').replace('14500000', () => '13900000');
    const second = await request(api.url).post('/api/listings/import').set(auth(dealer)).set('Content-Type', 'text/csv').send(again).expect(200);
    expect(second.body).toMatchObject({ created: 0, updated: 1, unchanged: 1, refused: 0 });
    expect((await request(api.url).get(`/api/vehicles/${rows[1]!.vehicleId}`).set(auth(dealer)).expect(200)).body.price).toBe(13_900_000);
  });

  it('takes JSON lines, refuses a line that is not JSON or names an unknown field, and a key that may only read', async () => {
    const photo = await ownPhoto(api.url, dealer.token);
    const lines = [
      JSON.stringify({ externalId: 'BEM-100', ...car(photo, { title: '2024 MG 4 EV Trophy', brand: 'MG', model: '4 EV', location: 'Benin City' }) }),
      '{"externalId": "BEM-101", "title": ',
      JSON.stringify({ externalId: 'BEM-102', ...car(photo), pricee: 5 }),
    ].join('\n');
    const res = await request(api.url).post('/api/listings/import').set(auth(dealer)).set('Content-Type', 'application/x-ndjson').send(lines).expect(200);
    expect(res.body.rows.map((r: { status: string }) => r.status), JSON.stringify(res.body.rows)).toEqual(['created', 'refused', 'refused']);
    expect(res.body.rows[1].errors).toEqual([{ field: 'row', message: 'This line is not valid JSON' }]);
    expect(res.body.rows[2].errors).toEqual([{ field: 'pricee', message: 'pricee is not a field listings take' }]);
    // Typed as people type them, stored cleaned: the same row again is unchanged, not updated.
    const typed = JSON.stringify({ externalId: 'BEM-103', ...car(photo, { title: '2022  Hyundai Kona   Electric', brand: 'Hyundai', model: 'Kona Electric', sellerPhone: '0803 555 1234', vin: 'km8k33ag1nu123456' }) });
    const first = await request(api.url).post('/api/listings/import').set(auth(dealer)).set('Content-Type', 'application/x-ndjson').send(typed).expect(200);
    expect(first.body.rows[0]).toMatchObject({ status: 'created', errors: [] });
    const again = await request(api.url).post('/api/listings/import').set(auth(dealer)).set('Content-Type', 'application/x-ndjson').send(typed).expect(200);
    expect(again.body.rows[0]).toMatchObject({ status: 'unchanged', vehicleId: first.body.rows[0].vehicleId });
    const reader = await keyFor(dealer, ['listings:read']);
    expect((await request(api.url).post('/api/listings/import').set(bearer(reader.secret)).set('Content-Type', 'application/x-ndjson').send(lines).expect(403)).body.error.code).toBe('API_KEY_SCOPE_MISSING');
    await request(api.url).post('/api/listings/import').set('Content-Type', 'text/csv').send(`${header}\n`).expect(401);
    await request(api.url).post('/api/listings/import').set(auth(dealer)).set('Content-Type', 'text/csv').send(`${header}\n`).expect(400);
    await request(api.url).post('/api/listings/import').set(auth(dealer)).set('Content-Type', 'application/json').send({ rows: [] }).expect(415);
  });
});

describe('webhooks', () => {
  const verify = (r: Received, secret: string): boolean => {
    const [t, v1] = String(r.headers['voltmarket-signature']).split(',').map((part) => part.split('=')[1]!);
    const expected = createHmac('sha256', secret).update(`${t}.${r.body}`).digest();
    return timingSafeEqual(expected, Buffer.from(v1!, 'hex'));
  };

  it('tell a dealer their listing was approved, signed with the secret shown once', async () => {
    const made = await request(api.url).post('/api/developer/webhooks').set(auth(dealer)).send({ url: receiverUrl, events: ['listing.approved', 'listing.rejected'] }).expect(201);
    expect(made.body.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(JSON.stringify((await request(api.url).get('/api/developer/webhooks').set(auth(dealer)).expect(200)).body)).not.toContain(made.body.secret);
    const photo = await ownPhoto(api.url, dealer.token);
    const listing = await request(api.url).post('/api/vehicles').set(auth(dealer)).send(car(photo, { title: '2023 Tesla Model Y Long Range' })).expect(201);
    received.length = 0;
    await request(api.url).post(`/api/admin/vehicles/${listing.body.id}/approve`).set(auth(admin)).expect(200);
    const hook = await until(async () => received.find((r) => r.headers['voltmarket-event'] === 'listing.approved'));
    expect(verify(hook, made.body.secret)).toBe(true);
    expect(verify(hook, 'whsec_not-the-secret')).toBe(false);
    const event = JSON.parse(hook.body) as { id: string; type: string; data: { vehicleId: number; title: string } };
    expect(event).toMatchObject({ type: 'listing.approved', data: { vehicleId: listing.body.id, title: '2023 Tesla Model Y Long Range' } });
    expect(event.id).toMatch(/^evt_[0-9a-f]{32}$/);
    const deliveries = await request(api.url).get(`/api/developer/webhooks/${made.body.id}/deliveries`).set(auth(dealer)).expect(200);
    expect(deliveries.body[0]).toMatchObject({ eventId: event.id, event: 'listing.approved', status: 'succeeded', attempts: 1, lastStatusCode: 200 });
    // Another seller neither sees nor replays them.
    await request(api.url).get(`/api/developer/webhooks/${made.body.id}/deliveries`).set(auth(stranger)).expect(404);
    await request(api.url).post(`/api/developer/webhooks/${made.body.id}/deliveries/${deliveries.body[0].id}/replay`).set(auth(stranger)).expect(404);
  });

  it('try again after a failure until the receiver recovers, and can be replayed with the same event id', async () => {
    const made = await request(api.url).post('/api/developer/webhooks').set(auth(dealer)).send({ url: `${receiverUrl}?flaky`, events: ['listing.sold'] }).expect(201);
    answerWith = 503;
    received.length = 0;
    const photo = await ownPhoto(api.url, dealer.token);
    const listing = await request(api.url).post('/api/vehicles').set(auth(dealer)).send(car(photo, { title: '2022 Kia EV6 GT-Line' })).expect(201);
    await request(api.url).post(`/api/admin/vehicles/${listing.body.id}/approve`).set(auth(admin)).expect(200);
    await request(api.url).post(`/api/vehicles/${listing.body.id}/sold`).set(auth(dealer)).expect(200);
    const path = `/api/developer/webhooks/${made.body.id}/deliveries`;
    const failed = await until(async () => {
      const [d] = (await request(api.url).get(path).set(auth(dealer)).expect(200)).body as { status: string; attempts: number; lastStatusCode: number | null; nextAttemptAt: string | null; id: number; eventId: string }[];
      return d && d.attempts === 1 ? d : undefined;
    });
    expect(failed).toMatchObject({ status: 'pending', lastStatusCode: 503 });
    expect(new Date(failed.nextAttemptAt!).getTime() - Date.now()).toBeGreaterThan(30_000);
    expect((await request(api.url).get(`/api/developer/webhooks`).set(auth(dealer)).expect(200)).body.find((e: { id: number }) => e.id === made.body.id).failingSince).not.toBeNull();
    // Its time comes (as it would a minute later) and the receiver is back.
    answerWith = 200;
    await sql(`update webhook_deliveries set next_attempt_at = now() where id = ?`, [failed.id]);
    await api.jobs.wake('webhook-send');
    const delivered = await until(async () => {
      const [d] = (await request(api.url).get(path).set(auth(dealer)).expect(200)).body as { status: string; attempts: number }[];
      return d?.status === 'succeeded' ? d : undefined;
    });
    expect(delivered.attempts).toBe(2);
    expect((await request(api.url).get(`/api/developer/webhooks`).set(auth(dealer)).expect(200)).body.find((e: { id: number }) => e.id === made.body.id).failingSince).toBeNull();
    received.length = 0;
    await request(api.url).post(`${path}/${failed.id}/replay`).set(auth(dealer)).expect(202);
    const replayed = await until(async () => received.find((r) => r.headers['voltmarket-event'] === 'listing.sold'));
    expect(JSON.parse(replayed.body).id).toBe(failed.eventId);
  });

  it('turn an endpoint off after three days of failures, and tell its seller', async () => {
    const made = await request(api.url).post('/api/developer/webhooks').set(auth(dealer)).send({ url: `${receiverUrl}?down`, events: ['listing.approved'] }).expect(201);
    answerWith = 500;
    await request(api.url).post(`/api/developer/webhooks/${made.body.id}/ping`).set(auth(dealer)).expect(202);
    const path = `/api/developer/webhooks/${made.body.id}/deliveries`;
    const first = await until(async () => {
      const [d] = (await request(api.url).get(path).set(auth(dealer)).expect(200)).body as { attempts: number; id: number }[];
      return d && d.attempts === 1 ? d : undefined;
    });
    await sql(`update webhook_endpoints set failing_since = now() - interval '3 days 1 minute' where id = ?`, [made.body.id]);
    await sql(`update webhook_deliveries set next_attempt_at = now() where id = ?`, [first.id]);
    await api.jobs.wake('webhook-send');
    const off = await until(async () => {
      const e = ((await request(api.url).get('/api/developer/webhooks').set(auth(dealer)).expect(200)).body as { id: number; enabled: boolean; disabledReason: string | null }[]).find((x) => x.id === made.body.id);
      return e && !e.enabled ? e : undefined;
    });
    expect(off.disabledReason).toMatch(/^Every delivery failed for 3 days/);
    const notices = await request(api.url).get('/api/notifications').set(auth(dealer)).expect(200);
    expect(JSON.stringify(notices.body)).toContain('Webhook endpoint turned off');
    expect((await request(api.url).post(`/api/developer/webhooks/${made.body.id}/ping`).set(auth(dealer)).expect(409)).body.error.code).toBe('WEBHOOK_ENDPOINT_OFF');
    answerWith = 200;
    const on = await request(api.url).patch(`/api/developer/webhooks/${made.body.id}`).set(auth(dealer)).send({ enabled: true }).expect(200);
    expect(on.body).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null, failingSince: null });
  });

  it('go only to https:// addresses, and refuse credentials in the address', async () => {
    for (const url of ['ftp://dealer.example.ng/hooks', 'https://user:pass@dealer.example.ng/hooks', 'not an address', 'https://dealer.example.ng/hooks#top']) {
      const res = await request(api.url).post('/api/developer/webhooks').set(auth(dealer)).send({ url, events: ['listing.approved'] }).expect(400);
      expect(res.body.error.details[0].field).toBe('url');
    }
    await request(api.url).post('/api/developer/webhooks').set(auth(stranger)).send({ url: 'https://dealer.example.ng/hooks', events: ['listing.approved'] }).expect(403);
    await request(api.url).post('/api/developer/webhooks').set(auth(dealer)).send({ url: 'https://dealer.example.ng/hooks', events: ['ping'] }).expect(400);
  });
});

describe('who may call the dealer routes', () => {
  const routes: [string, string][] = [
    ['get', '/api/developer/keys'], ['post', '/api/developer/keys'], ['delete', '/api/developer/keys/1'],
    ['get', '/api/developer/webhooks'], ['post', '/api/developer/webhooks'], ['patch', '/api/developer/webhooks/1'], ['delete', '/api/developer/webhooks/1'],
    ['post', '/api/developer/webhooks/1/ping'], ['get', '/api/developer/webhooks/1/deliveries'], ['post', '/api/developer/webhooks/1/deliveries/1/replay'],
  ];

  it.each(routes)('%s %s: a visitor is 401, a key without webhooks:manage is 403', async (method, path) => {
    const body = method === 'post' && path.endsWith('keys') ? { name: 'x', scopes: ['listings:read'] } : method === 'post' && path.endsWith('webhooks') ? { url: 'https://a.example.ng/h', events: ['listing.sold'] } : method === 'patch' ? { enabled: false } : undefined;
    const visitor = request(api.url)[method as 'get'](path);
    expect((await (body ? visitor.send(body) : visitor)).status).toBe(401);
    const reader = await keyFor(dealer, ['listings:read'], `matrix ${method} ${path}`.slice(0, 60));
    const keyed = request(api.url)[method as 'get'](path).set(bearer(reader.secret));
    const res = await (body ? keyed.send(body) : keyed);
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(['API_KEY_SCOPE_MISSING', 'API_KEY_NOT_ALLOWED']).toContain(res.body.error.code);
    await request(api.url).delete(`/api/developer/keys/${reader.id}`).set(auth(dealer)).expect(204);
  });
});
