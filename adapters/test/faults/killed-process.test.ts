import { createHmac, randomBytes } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdvertisingPackage, PACKAGES, Payment, addDays, lagosDay } from '@voltmarket/domain';
import { inContext } from '../../src/postgres/orm.js';
import { PostgresAdvertisingPackageRepository, PostgresPaymentRepository } from '../../src/postgres/payment-store.js';
import { type ChildApi, startChildApi } from '../support/child-api.js';
import { TestEventStream } from '../support/event-stream.js';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

/**
 * An API process killed with SIGKILL in the middle of a payment's webhook, a booking's confirmation
 * and a message: each request is held on a row lock the test takes, the process is killed while it
 * waits, and another process takes the retry. Nothing is half-done, nothing happens twice.
 */
// The statement limit of the processes that live: a claim on an Idempotency-Key left by a killed
// process is free after four of them (8 s), so the retry of the message test does the work.
const env = { STATEMENT_TIMEOUT_MS: '2000' };
// The process to be killed waits on the test's lock up to its own statement limit: room for the
// test to see it waiting on a machine busy with other suites.
const doomedEnv = { STATEMENT_TIMEOUT_MS: '15000' };
type Person = { uid: string; token: string; email: string };
let api: TestApi;
let admin: Person;
let seller: Person;
let buyer: Person;
let listingId: number;
const auth = (p: Person) => ({ Authorization: `Bearer ${p.token}` });
const sql = <T>(query: string, params: unknown[] = []) => api.orm.em.getConnection().execute<T[]>(query, params);

beforeAll(async () => {
  api = await startTestApi(env);
  admin = await signedInAs(api.staffEmails.admin);
  seller = await signedInUser({ name: 'Adaeze Nwosu' });
  buyer = await signedInUser({ name: 'Babatunde Adeyemi-Okafor' });
  listingId = await liveListing(api.url, seller.token, admin.token, {
    title: '2024 Hyundai IONIQ 5 Long Range', brand: 'Hyundai', model: 'IONIQ 5', location: 'Abuja', price: 48_500_000,
    isRentalAvailable: true, dailyRentalRate: 32_000, weeklyRentalRate: 190_000, monthlyRentalRate: null,
  });
}, 60_000);
// A test that fails midway leaves no process or lock behind to hold up the run's end.
const children: ChildApi[] = [];
const holders: pg.Client[] = [];
const child = async (childEnv: Record<string, string>) => {
  const started = await startChildApi(api, childEnv);
  children.push(started);
  return started;
};
afterAll(async () => {
  await Promise.all(children.map((c) => c.kill()));
  await Promise.all(holders.map((h) => h.end().catch(() => undefined)));
  await api?.close();
  await closeAdminApp();
});

/** Holds a row lock from the test's own connection, so that a request touching the row waits on it. */
async function lockRow(query: string, params: unknown[]): Promise<{ waiter: (answer: Promise<number | 'cut'>) => Promise<number>; release: () => Promise<void> }> {
  const holder = new pg.Client({ connectionString: api.databaseUrl });
  // Should a test fail while it holds the lock, dropping its database ends this connection: heard, not thrown.
  holder.on('error', () => undefined);
  holders.push(holder);
  await holder.connect();
  await holder.query('begin');
  const { rowCount } = await holder.query(query, params);
  if (rowCount !== 1) throw new Error(`the lock took ${rowCount} rows`);
  const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  return {
    /** The backend of the request waiting on the lock; fails at once if the request was answered instead. */
    waiter: async (answer: Promise<number | 'cut'>) => {
      let answered: number | 'cut' | undefined;
      void answer.then((status) => (answered = status));
      for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
        // Asked outside the holder's transaction: within one, pg_stat_activity stays as it was at its first read.
        const rows = await sql<{ pid: number }>(
          `select pid from pg_stat_activity where wait_event_type = 'Lock' and pid <> ? and datname = current_database()`, [holderPid]);
        if (rows[0]) return rows[0].pid;
        if (answered !== undefined) throw new Error(`the request was answered (${answered}) without waiting on the lock`);
      }
      throw new Error('no request came to wait on the lock');
    },
    release: async () => {
      holders.splice(holders.indexOf(holder), 1);
      await holder.query('rollback');
      await holder.end();
    },
  };
}

/** Waits until the killed process's backend has ended (it learns of the dead client once the lock is free). */
async function gone(pid: number): Promise<void> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    if ((await sql<{ n: number }>('select count(*)::int as n from pg_stat_activity where pid = ?', [pid]))[0]!.n === 0) return;
  }
  throw new Error(`backend ${pid} of the killed process is still there`);
}

/** Sends a request to a process that will be killed: resolves to its status, or 'cut' when no answer came. */
function inFlight(url: string, init: RequestInit): Promise<number | 'cut'> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(20_000) }).then((r) => r.status, () => 'cut' as const);
}

describe('an API process killed mid-request', () => {
  it("in a payment's webhook: nothing is activated, and Paystack's retries to another process activate it exactly once", async () => {
    const reference = `vm-kill-${randomBytes(4).toString('hex')}`;
    await inContext(api.orm, async () => {
      const payment = await new PostgresPaymentRepository(api.orm).add(Payment.start({ reference, userId: seller.uid, vehicleId: listingId, amountKobo: 1_200_000, mode: 'test', method: 'card' }, new Date()));
      await new PostgresAdvertisingPackageRepository(api.orm).add(AdvertisingPackage.order(PACKAGES.premium, { vehicleId: listingId, userId: seller.uid, paymentId: payment.id }, new Date()));
    });
    await sql(`insert into sandbox_transactions (reference, access_code, email, amount_kobo, currency, callback_url, status, channel, paid_at)
               values (?, ?, ?, 1200000, 'NGN', '/', 'success', 'card', now())`, [reference, `code-${reference}`, seller.email]);
    const raw = JSON.stringify({ event: 'charge.success', data: { id: 4099260517, domain: 'test', status: 'success', reference, amount: 1_200_000, currency: 'NGN', paid_at: new Date().toISOString(), channel: 'card' } });
    const headers = { 'Content-Type': 'application/json', 'x-paystack-signature': createHmac('sha512', api.sandboxKey!).update(raw).digest('hex') };
    const state = async () => ({
      payment: (await sql<{ status: string }>('select status from payments where reference = ?', [reference]))[0]!.status,
      boosted: (await sql<{ tier: number }>('select boost_tier as tier from listings where id = ?', [listingId]))[0]!.tier,
      told: (await sql<{ n: number }>(`select count(*)::int as n from notifications where user_id = ? and title = 'Payment Successful!'`, [seller.uid]))[0]!.n,
      packages: (await sql<{ n: number }>(`select count(*)::int as n from advertising_packages p join payments pay on pay.id = p.payment_id where pay.reference = ? and p.status = 'active'`, [reference]))[0]!.n,
    });
    const before = await state();
    expect(before).toMatchObject({ payment: 'pending', packages: 0 });

    const doomed = await child(doomedEnv);
    const lock = await lockRow('select 1 from payments where reference = $1 for update', [reference]);
    const answer = inFlight(`${doomed.url}/api/payments/paystack/webhook`, { method: 'POST', headers, body: raw });
    const pid = await lock.waiter(answer);
    await doomed.kill();
    expect(await answer).toBe('cut');
    await lock.release();
    await gone(pid);
    expect(await state()).toEqual(before);

    // Paystack retries (twice at once, as a slow answer can make it), to a process still up.
    const survivor = await child(env);
    try {
      const retries = await Promise.all([1, 2].map(() => fetch(`${survivor.url}/api/payments/paystack/webhook`, { method: 'POST', headers, body: raw })));
      expect(retries.map((r) => r.status)).toEqual([200, 200]);
      expect(await state()).toEqual({ payment: 'success', boosted: PACKAGES.premium.tier, told: before.told + 1, packages: 1 });
    } finally {
      await survivor.stop();
    }
  }, 90_000);

  it('in a booking confirmation: the booking is confirmed once after the retry, and the overlapping request never', async () => {
    const today = lagosDay(new Date());
    const renters = [await signedInUser({ name: 'Chiamaka Obi' }), await signedInUser({ name: 'Musa Abdullahi' })];
    const ask = async (who: Person, from: number, to: number) => (await request(api.url).post('/api/rentals').set(auth(who)).send({
      vehicleId: listingId, startDate: addDays(today, from), endDate: addDays(today, to), pickupLocation: 'Wuse 2, Abuja', dropoffLocation: 'Nnamdi Azikiwe International Airport',
    }).expect(201)).body.id as number;
    const first = await ask(renters[0]!, 3, 6);
    const rival = await ask(renters[1]!, 5, 8);
    const statuses = async () => Object.fromEntries((await sql<{ id: number; status: string }>('select id, status from rentals where id in (?, ?)', [first, rival])).map((r) => [r.id, r.status]));
    expect(await statuses()).toEqual({ [first]: 'pending', [rival]: 'pending' });

    const doomed = await child(doomedEnv);
    const lock = await lockRow('select 1 from rentals where id = $1 for update', [first]);
    const answer = inFlight(`${doomed.url}/api/rentals/${first}/status`, { method: 'POST', headers: { ...auth(seller), 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 'confirmed' }) });
    const pid = await lock.waiter(answer);
    await doomed.kill();
    expect(await answer).toBe('cut');
    await lock.release();
    await gone(pid);
    expect(await statuses()).toEqual({ [first]: 'pending', [rival]: 'pending' });

    const survivor = await child(env);
    try {
      const [again, other] = await Promise.all([
        request(survivor.url).post(`/api/rentals/${first}/status`).set(auth(seller)).send({ status: 'confirmed' }),
        request(survivor.url).post(`/api/rentals/${rival}/status`).set(auth(seller)).send({ status: 'confirmed' }),
      ]);
      // Whichever of the two overlapping requests came first is confirmed; the other is refused, never both.
      expect([again.status, other.status].sort()).toEqual([200, 409]);
      const confirmed = await sql<{ n: number }>(`select count(*)::int as n from rentals where vehicle_id = ? and status = 'confirmed'`, [listingId]);
      expect(confirmed[0]!.n).toBe(1);
    } finally {
      await survivor.stop();
    }
  }, 90_000);

  it('in a message send: the retry with its Idempotency-Key stores it once, and its event is delivered once', async () => {
    // The conversation exists already; the message waits on its row.
    await request(api.url).post('/api/chat/send-message').set(auth(buyer)).send({ vehicleId: listingId, receiverId: seller.uid, content: 'Is the IONIQ 5 still available?' }).expect(201);
    const [conversation] = await sql<{ id: string }>('select id from conversations where vehicle_id = ? and buyer_id = ?', [listingId, buyer.uid]);
    const stream = await TestEventStream.open(api.url, seller.token);
    const key = `kill-${randomBytes(12).toString('hex')}`;
    const content = 'Can I see it in Wuse on Saturday morning?';
    const body = JSON.stringify({ vehicleId: listingId, receiverId: seller.uid, content });
    const headers = { ...auth(buyer), 'Content-Type': 'application/json', 'Idempotency-Key': key };
    try {
      const doomed = await child(doomedEnv);
      const lock = await lockRow('select 1 from conversations where id = $1 for update', [conversation!.id]);
      const answer = inFlight(`${doomed.url}/api/chat/send-message`, { method: 'POST', headers, body });
      const pid = await lock.waiter(answer);
      await doomed.kill();
      expect(await answer).toBe('cut');
      await lock.release();
      await gone(pid);
      const stored = async () => (await sql<{ n: number }>('select count(*)::int as n from messages where content = ?', [content]))[0]!.n;
      expect(await stored()).toBe(0);

      // The app sends it again with the same key, to a process still up: the dead process's claim on the key does not block it.
      const survivor = await child(env);
      try {
        const retried = await fetch(`${survivor.url}/api/chat/send-message`, { method: 'POST', headers, body });
        expect(retried.status).toBe(201);
        const replayed = await fetch(`${survivor.url}/api/chat/send-message`, { method: 'POST', headers, body });
        expect([200, 201]).toContain(replayed.status);
        expect(await stored()).toBe(1);
        await stream.waitFor('message', 1, 10_000);
        // A second delivery would come within this second.
        await new Promise((r) => setTimeout(r, 1_000));
        expect(stream.of('message').filter((e) => e.data.content === content)).toHaveLength(1);
      } finally {
        await survivor.stop();
      }
    } finally {
      await stream.close();
    }
  }, 90_000);
});
