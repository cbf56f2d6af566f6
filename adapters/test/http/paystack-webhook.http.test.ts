import { createHmac } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdvertisingPackage, PACKAGES, Payment } from '@voltmarket/domain';
import { inContext } from '../../src/postgres/orm.js';
import { PostgresAdvertisingPackageRepository, PostgresPaymentRepository } from '../../src/postgres/payment-store.js';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

let api: TestApi;
let seller: { uid: string; token: string };
let listingId: number;
let counter = 0;

beforeAll(async () => {
  api = await startTestApi();
  const admin = await signedInAs(api.staffEmails.admin);
  seller = await signedInUser({ name: 'Ifeoma Eze' });
  listingId = await liveListing(api.url, seller.token, admin.token, { title: '2023 Kia EV6 GT-Line', location: 'Benin City' });
});
afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

/** A pending Premium Spotlight payment for the listing, as PurchaseBoost leaves it. */
async function pendingPayment(): Promise<string> {
  const reference = `vm-webhook-${Date.now()}-${++counter}`;
  await inContext(api.orm, async () => {
    const payment = await new PostgresPaymentRepository(api.orm).add(Payment.start({ reference, userId: seller.uid, vehicleId: listingId, amountKobo: 1_200_000, mode: 'test', method: 'card' }, new Date()));
    await new PostgresAdvertisingPackageRepository(api.orm).add(AdvertisingPackage.order(PACKAGES.premium, { vehicleId: listingId, userId: seller.uid, paymentId: payment.id }, new Date()));
  });
  return reference;
}

/** What Paystack holds of the charge (here, its sandbox), which the webhook asks before it believes an event. */
async function charged(reference: string, { amount = 1_200_000, currency = 'NGN', status = 'success' } = {}): Promise<void> {
  await api.orm.em.getConnection().execute(
    `insert into sandbox_transactions (reference, access_code, email, amount_kobo, currency, callback_url, status, channel, paid_at)
     values (?, ?, 'ifeoma.eze@benin-ev.com.ng', ?, ?, '/', ?, 'card', now())`,
    [reference, `code${counter}${Date.now()}`, amount, currency, status]);
}

const event = (reference: string, overrides: Record<string, unknown> = {}) => JSON.stringify({
  event: 'charge.success',
  data: { id: 4099260516, domain: 'test', status: 'success', reference, amount: 1_200_000, currency: 'NGN', gateway_response: 'Successful', paid_at: new Date().toISOString(), channel: 'card', ...overrides },
});
const sign = (raw: string, key = api.sandboxKey!) => createHmac('sha512', key).update(raw).digest('hex');
const deliver = (raw: string, signature?: string) => {
  const req = request(api.url).post('/api/payments/paystack/webhook').set('Content-Type', 'application/json');
  return (signature === undefined ? req : req.set('x-paystack-signature', signature)).send(raw);
};
const state = async (reference: string) => {
  const conn = api.orm.em.getConnection();
  const [payment] = await conn.execute<{ status: string; failure_reason: string | null }[]>(`select status, failure_reason from payments where reference = ?`, [reference]);
  const [listing] = await conn.execute<{ boost_tier: number; days: number }[]>(`select boost_tier, round(extract(epoch from boosted_until - now()) / 86400)::int as days from listings where id = ?`, [listingId]);
  const [told] = await conn.execute<{ n: number }[]>(`select count(*)::int as n from notifications where user_id = ? and title = 'Payment Successful!'`, [seller.uid]);
  return { payment: payment!, listing, told: told?.n ?? 0 };
};

describe('the Paystack webhook', () => {
  it('refuses a forged, missing or re-serialised signature with 401, and changes nothing', async () => {
    const reference = await pendingPayment();
    const raw = event(reference);
    const before = await state(reference);
    expect((await deliver(raw, sign(raw, 'sk_test_guess')).expect(401)).body.error.code).toBe('BAD_SIGNATURE');
    await deliver(raw).expect(401);
    await deliver(JSON.stringify(JSON.parse(raw), null, 2), sign(raw)).expect(401);
    expect(await state(reference)).toEqual(before);
    expect(before.payment.status).toBe('pending');
  });

  it('believes no signed event that Paystack does not confirm: a charge it never made changes nothing', async () => {
    // Anyone holding the key (the sandbox's is published) can sign an event; what counts is the charge Paystack reports.
    // Unknown to Paystack: 502, so a real event (should Paystack be behind) comes again.
    for (const [status, answered] of [['abandoned', 200], ['failed', 200], ['none', 502]] as const) {
      const reference = await pendingPayment();
      if (status !== 'none') await charged(reference, { status });
      const raw = event(reference);
      expect((await deliver(raw, sign(raw))).status, status).toBe(answered);
      expect((await state(reference)).listing, status).toEqual({ boost_tier: 0, days: null });
      expect((await state(reference)).payment.status, status).toBe(status === 'failed' ? 'failed' : 'pending');
    }
  });

  it('the same signed event delivered ten times at once activates the boost once', async () => {
    const reference = await pendingPayment();
    await charged(reference);
    const raw = event(reference);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(raw, sign(raw))));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const after = await state(reference);
    expect(after.payment).toEqual({ status: 'success', failure_reason: null });
    expect(after.listing).toEqual({ boost_tier: 2, days: 14 });
    expect(after.told).toBe(1);
  });

  it('answers odd but signed bodies without a 5xx: nothing that is no charge of ours changes anything', async () => {
    const reference = await pendingPayment();
    await charged(reference, { status: 'abandoned' });
    const before = await state(reference);
    for (const raw of ['null', '[]', '"x"', '1', JSON.stringify({ event: 'charge.success', data: null }), event(`${reference}\u0000`), event('vm-\u0000x'),
      event(reference, { currency: 'NG\u0000' }), event(reference, { amount: '1200000' })]) {
      expect((await deliver(raw, sign(raw))).status, raw).toBe(200);
    }
    expect(await state(reference)).toEqual(before);
    // A real charge is recorded whatever the event's own texts carry: NUL, a date that is none.
    await api.orm.em.getConnection().execute(`update sandbox_transactions set status = 'success' where reference = ?`, [reference]);
    const raw = event(reference, { gateway_response: 'Approved\u0000', channel: 'ca\u0000rd', paid_at: 'yesterday' });
    await deliver(raw, sign(raw)).expect(200);
    expect((await state(reference)).payment).toEqual({ status: 'success', failure_reason: null });
  });

  it('never activates a short or foreign-currency payment, even correctly signed', async () => {
    for (const overrides of [{ amount: 1_199_900 }, { currency: 'USD', amount: 1_200_000 }]) {
      const reference = await pendingPayment();
      await charged(reference, overrides);
      // The event may say the full price; Paystack's record says otherwise.
      const raw = event(reference);
      await deliver(raw, sign(raw)).expect(200);
      expect((await state(reference)).payment.status).toBe('failed');
    }
  });
});

describe('PAYSTACK_WEBHOOK_IPS', () => {
  it('refuses a correctly signed webhook from any other address with 403, and changes nothing', async () => {
    const guarded = await startTestApi({ PAYSTACK_WEBHOOK_IPS: '52.31.139.75, 52.49.173.169, 52.214.14.220' }, api);
    try {
      const reference = await pendingPayment();
      const raw = event(reference);
      const refused = await request(guarded.url).post('/api/payments/paystack/webhook').set('Content-Type', 'application/json')
        .set('x-paystack-signature', sign(raw)).send(raw).expect(403);
      expect(refused.body.error.code).toBe('WEBHOOK_SENDER_REFUSED');
      expect((await state(reference)).payment.status).toBe('pending');
    } finally {
      await guarded.close();
    }
    const local = await startTestApi({ PAYSTACK_WEBHOOK_IPS: '127.0.0.1' }, api);
    try {
      const reference = await pendingPayment();
      await charged(reference);
      const raw = event(reference);
      await request(local.url).post('/api/payments/paystack/webhook').set('Content-Type', 'application/json').set('x-paystack-signature', sign(raw)).send(raw).expect(200);
      expect((await state(reference)).payment.status).toBe('success');
    } finally {
      await local.close();
    }
  });
});
