import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

/**
 * Buying a boost end to end against the real API and its sandbox checkout, which speaks Paystack's
 * REST shapes over HTTP and signs its webhook like Paystack: purchase, checkout, callback, webhook,
 * reconciliation, ranking, refund.
 */
let api: TestApi;
let seller: { uid: string; token: string; email: string };
let buyer: { uid: string; token: string };
let admin: { uid: string; token: string };
let support: { uid: string; token: string };
let boosted: number;
let plain: number;

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const sql = <T>(query: string, params: unknown[] = []) => api.orm.em.getConnection().execute<T[]>(query, params);

/** Starts a purchase and walks the sandbox checkout like a browser: the page, then Pay or Decline. */
async function checkout(listingId: number, packageType: string, action: 'pay' | 'decline') {
  const started = await request(api.url).post('/api/advertising/purchase').set(auth(seller.token))
    .send({ vehicleId: listingId, packageType, paymentMethod: 'card', email: seller.email, price: '₦1', duration: '365 days' }).expect(201);
  const { paymentUrl, payment_url: deprecatedUrl, reference } = started.body as { paymentUrl: string; payment_url: string; reference: string };
  // The spec's spelling stays beside the contract's, the same address; Location names the payment.
  expect(deprecatedUrl).toBe(paymentUrl);
  expect(started.headers.location).toBe(`/api/payments/${reference}`);
  const page = await request(paymentUrl).get('').expect(200);
  const code = new URL(paymentUrl).pathname.split('/').pop()!;
  const done = await request(api.url).post(`/sandbox/paystack/checkout/${code}/${action}`).expect(303);
  const callback = new URL(done.headers.location!);
  expect(callback.pathname).toBe('/api/payments/paystack/callback');
  expect(callback.searchParams.get('reference')).toBe(reference);
  const back = await request(api.url).get(`${callback.pathname}${callback.search}`).expect(302);
  // The buyer's Back button: the settled checkout again.
  const again = await request(paymentUrl).get('').expect(200);
  return { reference, page: page.text, again: again.text, result: new URL(back.headers.location!, api.url) };
}

const successNotices = async (reference: string) =>
  (await sql<{ n: number }>(`select count(*)::int as n from notifications n join payments p on p.user_id = n.user_id
     where p.reference = ? and n.title = 'Payment Successful!' and n.created_at >= p.created_at and n.action_url = '/vehicles/' || p.vehicle_id`,
  [reference]))[0]!.n;

beforeAll(async () => {
  api = await startTestApi();
  admin = await signedInAs(api.staffEmails.admin);
  support = await signedInAs(api.staffEmails.support);
  seller = await signedInUser({ name: 'Chukwuemeka Okonkwo-Adeyemi', email: 'chukwuemeka.okonkwo-adeyemi@lagos-ev-motors.com.ng' });
  buyer = await signedInUser({ name: 'Aisha Bello' });
  boosted = await liveListing(api.url, seller.token, admin.token, { title: '2023 Mercedes-Benz EQS SUV 580 4MATIC', brand: 'Mercedes-Benz', model: 'EQS SUV', location: 'Port Harcourt', price: 185_000_000 });
  plain = await liveListing(api.url, seller.token, admin.token, { title: '2022 Mercedes-Benz EQE 350+', brand: 'Mercedes-Benz', model: 'EQE', location: 'Port Harcourt', price: 92_500_000 });
});
afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

describe('packages', () => {
  it('lists the three boosts with the server\'s prices in naira and kobo', async () => {
    const res = await request(api.url).get('/api/advertising/packages').expect(200);
    expect(res.body.map((p: { name: string; price: number; priceKobo: number; durationDays: number }) => [p.name, p.price, p.priceKobo, p.durationDays])).toEqual([
      ['Basic Boost', 5_000, 500_000, 7], ['Premium Spotlight', 12_000, 1_200_000, 14], ['Ultimate Exposure', 20_000, 2_000_000, 30],
    ]);
  });
});

describe('buying a boost', () => {
  it('needs a signed-in owner of a live listing, and a known package', async () => {
    await request(api.url).post('/api/advertising/purchase').send({ vehicleId: boosted, packageType: 'premium' }).expect(401);
    const notMine = await request(api.url).post('/api/advertising/purchase').set(auth(buyer.token)).send({ vehicleId: boosted, packageType: 'premium' }).expect(403);
    expect(notMine.body.error.code).toBe('NOT_LISTING_OWNER');
    await request(api.url).post('/api/advertising/purchase').set(auth(seller.token)).send({ vehicleId: boosted, packageType: 'premium', userId: buyer.uid }).expect(403);
    const bad = await request(api.url).post('/api/advertising/purchase').set(auth(seller.token)).send({ vehicleId: boosted, packageType: 'Gold Plan' }).expect(400);
    expect(bad.body.error.details).toEqual([{ field: 'packageType', message: 'Choose Basic Boost, Premium Spotlight or Ultimate Exposure.' }]);
    await request(api.url).post('/api/advertising/purchase').set(auth(seller.token)).send({ vehicleId: 2_000_000_000, packageType: 'premium' }).expect(404);
    await request(api.url).post('/api/advertising/purchase').set(auth(seller.token)).send({ vehicleId: 'abc', packageType: 'premium' }).expect(400);
    expect((await sql<{ n: number }>('select count(*)::int as n from payments'))[0]!.n).toBe(0);
  });

  it('pays Premium Spotlight in the sandbox: charged the server\'s price, boosted once, in a promoted slot with its badge', async () => {
    const { reference, page, again, result } = await checkout(boosted, 'Premium Spotlight', 'pay');
    expect(page).toContain('NGN 12,000.00');
    expect(page).toMatch(/<link rel="icon" href="data:image\/svg\+xml/);
    // Opened again after paying, it says so in words, and how to get back.
    expect(again).toContain('<title>Payment made</title>');
    expect(again).toContain('You have already paid: nothing more is taken.');
    expect(again).not.toMatch(/already success/);
    expect(again).toContain('Return to Voltmarket');
    expect(Object.fromEntries(result.searchParams)).toEqual({ payment: 'success', package: 'Premium Spotlight', vehicle: String(boosted), reference });
    // The sandbox's signed webhook and the callback's verify both confirmed it: one activation.
    expect(await successNotices(reference)).toBe(1);

    const mine = await request(api.url).get(`/api/payments/${reference}`).set(auth(seller.token)).expect(200);
    expect(mine.body).toMatchObject({ reference, status: 'success', amount: 12_000, currency: 'NGN', packageName: 'Premium Spotlight', vehicleId: boosted });
    await request(api.url).get(`/api/payments/${reference}`).set(auth(buyer.token)).expect(404);
    await request(api.url).get(`/api/payments/${reference}`).expect(401);

    const packages = await request(api.url).get('/api/advertising/my-packages').set(auth(seller.token)).expect(200);
    expect(packages.body[0]).toMatchObject({ vehicleId: boosted, status: 'active', tier: 2, price: 12_000, daysLeft: 14, paymentStatus: 'success' });

    const search = await request(api.url).get('/api/vehicles?location=Port%20Harcourt&brand=Mercedes-Benz&sort=price_asc').expect(200);
    const ids = search.body.map((v: { id: number }) => v.id);
    expect(ids.indexOf(boosted)).toBeLessThan(ids.indexOf(plain));
    expect(search.body[0]).toMatchObject({ id: boosted, isPremium: true, boost: { tier: 2, packageName: 'Premium Spotlight' } });
    expect(search.body.find((v: { id: number }) => v.id === plain)).toMatchObject({ isPremium: false, boost: null });
    const detail = await request(api.url).get(`/api/vehicles/${boosted}`).expect(200);
    expect(detail.body).toMatchObject({ isPremium: true, boost: { tier: 2 } });
  });

  it('Decline fails the payment and boosts nothing', async () => {
    const { reference, result, again } = await checkout(plain, 'basic', 'decline');
    expect(again).toContain('This payment was declined, and nothing was taken.');
    expect(result.searchParams.get('payment')).toBe('failed');
    const [row] = await sql<{ status: string; boost_tier: number }>(
      'select p.status, l.boost_tier from payments p join listings l on l.id = p.vehicle_id where p.reference = ?', [reference]);
    expect(row).toEqual({ status: 'failed', boost_tier: 0 });
    const [pkg] = await sql<{ status: string }>('select ap.status from advertising_packages ap join payments p on p.id = ap.payment_id where p.reference = ?', [reference]);
    expect(pkg!.status).toBe('cancelled');
  });

  it('a callback for a reference nobody started, or none, says error', async () => {
    const res = await request(api.url).get('/api/payments/paystack/callback?reference=vm-made-up-123456').expect(302);
    expect(res.headers.location).toBe('/?payment=error');
    expect((await request(api.url).get('/api/payments/paystack/callback').expect(302)).headers.location).toBe('/?payment=error');
  });

  it('the sandbox refuses text Postgres cannot keep (NUL) as Paystack would a bad request, never with a 500', async () => {
    const initialize = (body: Record<string, unknown>) => request(api.url).post('/sandbox/paystack/transaction/initialize')
      .set('Authorization', `Bearer ${api.sandboxKey}`).send(body);
    for (const body of [{ email: 'a\u0000@b.ng', amount: 100 }, { email: 'a@b.ng', amount: 100, metadata: JSON.stringify({ note: '\u0000' }) }]) {
      const res = await initialize(body);
      expect([res.status, res.body]).toEqual([400, { status: false, message: 'Invalid characters in request' }]);
    }
    expect((await initialize({ email: 'chiamaka.eze@lagos-ev.com.ng', amount: 1_200_000 }).expect(200)).body.status).toBe(true);
  });

  it('has a key of its own for this database, not one anybody could read in the code or the docs', async () => {
    expect(api.sandboxKey).toMatch(/^sk_test_sandbox_[0-9a-f]{48}$/);
    // The key the code once carried, published in the README, opens nothing.
    for (const key of ['sk_test_sandbox', 'sk_test_anything']) {
      const res = await request(api.url).post('/sandbox/paystack/transaction/initialize').set('Authorization', `Bearer ${key}`).send({ email: 'a@b.ng', amount: 100 });
      expect(res.status).toBe(401);
      const read = await request(api.url).get('/sandbox/paystack/transaction/verify/vm-anything').set('Authorization', `Bearer ${key}`);
      expect(read.status).toBe(401);
    }
    // Another API on the same database (a replica) signs and checks with the same key.
    const replica = await startTestApi({}, api);
    try {
      expect(replica.sandboxKey).toBe(api.sandboxKey);
    } finally {
      await replica.close();
    }
  });
});

describe('reconciliation', () => {
  it('settles a payment whose webhook never came, racing the callback and the webhook, with one activation', async () => {
    const started = await request(api.url).post('/api/advertising/purchase').set(auth(seller.token)).send({ vehicleId: plain, packageType: 'basic' }).expect(201);
    const { reference } = started.body as { reference: string };
    // Paid at the sandbox without its webhook (as if Paystack's never arrived), and due for a check.
    await sql(`update sandbox_transactions set status = 'success', paid_at = now(), channel = 'card' where reference = ?`, [reference]);
    await sql(`update payments set next_check_at = now() - interval '1 second' where reference = ?`, [reference]);
    await Promise.all([
      api.jobs.runNow('payments-reconcile'),
      request(api.url).get(`/api/payments/paystack/callback?reference=${reference}`).expect(302),
      request(api.url).get(`/api/payments/paystack/callback?trxref=${reference}&reference=${reference}`).expect(302),
    ]);
    await expect.poll(async () => (await sql<{ status: string }>('select status from payments where reference = ?', [reference]))[0]!.status, { timeout: 15_000 }).toBe('success');
    expect(await successNotices(reference)).toBe(1);
    const [listing] = await sql<{ boost_tier: number }>('select boost_tier from listings where id = ?', [plain]);
    expect(listing!.boost_tier).toBe(1);
  });

  it('moves an unpaid payment\'s next check along the schedule and abandons it after a day', async () => {
    const started = await request(api.url).post('/api/advertising/purchase').set(auth(seller.token)).send({ vehicleId: boosted, packageType: 'ultimate' }).expect(201);
    const { reference } = started.body as { reference: string };
    await sql(`update payments set next_check_at = now() - interval '1 second' where reference = ?`, [reference]);
    await api.jobs.runNow('payments-reconcile');
    await expect.poll(async () => (await sql<{ checks_done: number }>('select checks_done from payments where reference = ?', [reference]))[0]!.checks_done, { timeout: 15_000 }).toBe(1);
    const [row] = await sql<{ due_minutes: number; status: string }>(
      `select round(extract(epoch from next_check_at - created_at) / 60)::int as due_minutes, status from payments where reference = ?`, [reference]);
    expect(row).toEqual({ due_minutes: 5, status: 'pending' });

    await sql(`update payments set created_at = now() - interval '25 hours', next_check_at = now() - interval '1 second' where reference = ?`, [reference]);
    await api.jobs.runNow('payments-reconcile');
    await expect.poll(async () => (await sql<{ status: string }>('select status from payments where reference = ?', [reference]))[0]!.status, { timeout: 15_000 }).toBe('abandoned');
    const [pkg] = await sql<{ status: string }>('select ap.status from advertising_packages ap join payments p on p.id = ap.payment_id where p.reference = ?', [reference]);
    expect(pkg!.status).toBe('cancelled');
  });
});

describe('an ended boost', () => {
  it('never ranks and shows no badge, before any job has run', async () => {
    const [before] = await sql<{ boost_tier: number; boosted_until: Date }>('select boost_tier, boosted_until from listings where id = ?', [plain]);
    await sql(`update listings set boosted_until = now() - interval '1 minute' where id = ?`, [plain]);
    const search = await request(api.url).get('/api/vehicles?location=Port%20Harcourt&sort=price_desc').expect(200);
    const found = search.body.find((v: { id: number }) => v.id === plain);
    expect(found).toMatchObject({ isPremium: false, boost: null });
    expect(search.body[0].id).toBe(boosted);
    expect((await request(api.url).get(`/api/vehicles/${plain}`).expect(200)).body).toMatchObject({ isPremium: false, boost: null });
    await sql('update listings set boost_tier = ?, boosted_until = ? where id = ?', [before!.boost_tier, before!.boosted_until, plain]);
  });

  it('reminds its seller once, three days ahead, and loses its tier once over', async () => {
    const [before] = await sql<{ boost_tier: number; boosted_until: Date }>('select boost_tier, boosted_until from listings where id = ?', [plain]);
    const reminders = async () => (await sql<{ n: number }>(`select count(*)::int as n from notifications where user_id = ? and title = 'Boost Ending Soon'`, [seller.uid]))[0]!.n;
    await sql(`update listings set boosted_until = now() + interval '2 days' where id = ?`, [plain]);
    await api.jobs.runNow('boost-reminders');
    await expect.poll(reminders, { timeout: 15_000 }).toBe(1);
    await api.jobs.runNow('boost-reminders');
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await reminders()).toBe(1);

    await sql(`update listings set boosted_until = now() - interval '1 second' where id = ?`, [plain]);
    await api.jobs.runNow('boosts-clear');
    await expect.poll(async () => (await sql<{ boost_tier: number }>('select boost_tier from listings where id = ?', [plain]))[0]!.boost_tier, { timeout: 15_000 }).toBe(0);
    await sql('update listings set boost_tier = ?, boosted_until = ? where id = ?', [before!.boost_tier, before!.boosted_until, plain]);
  });
});

describe('the backoffice', () => {
  it('lists payments and packages for staff only, with filters', async () => {
    await request(api.url).get('/api/admin/payments').set(auth(seller.token)).expect(403);
    const all = await request(api.url).get('/api/admin/payments').set(auth(support.token)).expect(200);
    expect(all.headers['content-range']).toMatch(/^payments 0-\d+\/\d+$/);
    const paid = await request(api.url).get('/api/admin/payments').query({ filter: JSON.stringify({ status: 'success' }) }).set(auth(support.token)).expect(200);
    expect(paid.body.length).toBe(2);
    expect(paid.body.every((p: { status: string; seller: { email: string } }) => p.status === 'success' && p.seller.email === seller.email)).toBe(true);
    const bad = await request(api.url).get('/api/admin/payments').query({ filter: JSON.stringify({ from: '2026-02-31' }) }).set(auth(support.token)).expect(400);
    expect(bad.body.error.details[0].field).toBe('filter.from');
    const running = await request(api.url).get('/api/admin/advertising-packages').query({ filter: JSON.stringify({ status: 'active' }) }).set(auth(support.token)).expect(200);
    expect(running.body.map((p: { vehicleId: number }) => p.vehicleId).sort()).toEqual([boosted, plain].sort());
    // react-admin's show pages read one record each, as the list gave it.
    const payment = await request(api.url).get(`/api/admin/payments/${paid.body[0].id}`).set(auth(support.token)).expect(200);
    expect(payment.body).toEqual(paid.body[0]);
    const boost = await request(api.url).get(`/api/admin/advertising-packages/${running.body[0].id}`).set(auth(support.token)).expect(200);
    expect(boost.body).toEqual(running.body[0]);
    await request(api.url).get(`/api/admin/payments/${paid.body[0].id}`).set(auth(seller.token)).expect(403);
    const summary = await request(api.url).get('/api/admin/advertising/summary').set(auth(support.token)).expect(200);
    expect(summary.body).toMatchObject({ revenue: 17_000, sales: 2, activeBoosts: 2 });
    expect(summary.body.byDay).toHaveLength(30);
    expect(summary.body.byDay.at(-1)).toMatchObject({ premium: 12_000, basic: 5_000, total: 17_000, purchases: 2 });
    const stats = await request(api.url).get('/api/admin/stats').set(auth(support.token)).expect(200);
    expect(stats.body).toMatchObject({ adRevenue: 17_000, adSales: 2, activeBoosts: 2 });
  });

  it('refunds within the guarantee for admins only: the boost ends at once, audited, once', async () => {
    const [{ id }] = await sql<{ id: string }>(`select p.id from payments p where p.vehicle_id = ? and p.status = 'success'`, [boosted]) as [{ id: string }];
    await request(api.url).post(`/api/admin/payments/${id}/refund`).set(auth(support.token)).expect(403);
    // Paystack refusing (here: it has the charge as reversed already) says nothing was refunded, and changes nothing.
    const atPaystack = `update sandbox_transactions set status = ? where reference = (select reference from payments where id = ?)`;
    await sql(atPaystack, ['reversed', id]);
    const refused = await request(api.url).post(`/api/admin/payments/${id}/refund`).set(auth(admin.token)).expect(502);
    expect(refused.body.error).toMatchObject({ code: 'PAYMENT_GATEWAY_FAILED', message: expect.stringMatching(/^The payment service refused the refund\. Nothing was refunded/) });
    expect((await sql<{ status: string }>('select status from payments where id = ?', [id]))[0]!.status).toBe('success');
    await sql(atPaystack, ['success', id]);
    const [first, second] = await Promise.all([
      request(api.url).post(`/api/admin/payments/${id}/refund`).set(auth(admin.token)),
      request(api.url).post(`/api/admin/payments/${id}/refund`).set(auth(admin.token)),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const refunded = first.status === 200 ? first.body : second.body;
    expect(refunded).toMatchObject({ status: 'reversed', refundable: false });
    const detail = await request(api.url).get(`/api/vehicles/${boosted}`).expect(200);
    expect(detail.body).toMatchObject({ isPremium: false, boost: null });
    const audit = await request(api.url).get('/api/admin/audit-log').query({ filter: JSON.stringify({ resource: 'payments' }) }).set(auth(admin.token)).expect(200);
    expect(audit.body).toHaveLength(1);
    expect(audit.body[0]).toMatchObject({ action: 'payment.refunded', recordId: String(id), after: { status: 'reversed' } });
    const [sandbox] = await sql<{ status: string }>('select s.status from sandbox_transactions s join payments p on p.reference = s.reference where p.id = ?', [id]);
    expect(sandbox!.status).toBe('reversed');
  });

  it('refuses a refund after the 7-day guarantee', async () => {
    const [{ id }] = await sql<{ id: string }>(`select id from payments where vehicle_id = ? and status = 'success'`, [plain]) as [{ id: string }];
    await sql(`update payments set paid_at = now() - interval '8 days' where id = ?`, [id]);
    const res = await request(api.url).post(`/api/admin/payments/${id}/refund`).set(auth(admin.token)).expect(422);
    expect(res.body.error.code).toBe('REFUND_WINDOW_PASSED');
    expect((await sql<{ status: string }>('select status from payments where id = ?', [id]))[0]!.status).toBe('success');
  });
});
