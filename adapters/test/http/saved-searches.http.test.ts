import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HmacUnsubscribeTokens } from '../../src/postgres/alerts/unsubscribe-tokens.js';
import { createReadPool } from '../../src/postgres/read-pool.js';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';
import { type CaughtMail, type SmtpCatcher, startSmtpCatcher } from '../support/smtp-catcher.js';

let api: TestApi;
let smtp: SmtpCatcher;
let staff: { token: string };
let seller: { uid: string; token: string; email: string };

const as = (token: string) => ({ Authorization: `Bearer ${token}` });
const LEAF_IN_KANO = { criteria: { brand: 'Nissan', search: 'leaf in kano', maxPrice: 8_000_000 } };

async function notifications(token: string): Promise<{ title: string; message: string; type: string; actionUrl: string | null }[]> {
  const res = await request(api.url).get('/api/notifications').set(as(token));
  expect(res.status).toBe(200);
  return res.body.notifications;
}

/** Waits for the alert job (woken by the approval's commit) to have told the buyer, in the app. */
async function waitForNotice(token: string, predicate: (n: { title: string; message: string }) => boolean, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await notifications(token)).find(predicate);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no such notification: ${JSON.stringify(await notifications(token))}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits until the queue of listing changes is empty and matched: then no alert is still on its way. */
async function alertsSettled(): Promise<void> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const [row] = await api.orm.em.getConnection().execute<{ n: number }[]>('select count(*)::int as n from alert_queue');
    const n = row?.n ?? 0;
    if (n === 0) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('alerts still queued');
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  api = await startTestApi({ SMTP_URL: smtp.url, MAIL_FROM: 'Voltmarket <alerts@voltmarket.test>' });
  staff = await signedInAs(api.staffEmails.support);
  seller = await signedInUser({ name: 'Musa Ibrahim' });
}, 120_000);

afterAll(async () => {
  await api?.close();
  await smtp?.close();
  await closeAdminApp();
});

describe('saving searches', () => {
  it('saves the search under a proposed name, once, and lists it with its new matches', async () => {
    const buyer = await signedInUser({ name: 'Aisha Bello' });
    const first = await request(api.url).post('/api/saved-searches').set(as(buyer.token)).send(LEAF_IN_KANO);
    expect(first.status).toBe(201);
    expect(first.headers.location).toBe(`/api/saved-searches/${first.body.id}`);
    expect(first.body).toMatchObject({
      name: 'Nissan Leaf in Kano under ₦8M', channel: 'instant', paused: false, newMatches: 0,
      criteria: { brand: 'Nissan', search: 'leaf in kano', maxPrice: 8_000_000, sort: 'default' },
      browseUrl: '/browse?brand=Nissan&maxPrice=8000000&search=leaf+in+kano',
    });
    // The same criteria, fields in another order: the saved one.
    const again = await request(api.url).post('/api/saved-searches').set(as(buyer.token))
      .send({ name: 'Another name', criteria: { maxPrice: 8_000_000, search: 'leaf in kano', brand: 'nissan' } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);

    const list = await request(api.url).get('/api/saved-searches').set(as(buyer.token));
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ limit: 50, email: { address: buyer.email, verified: true } });
    expect(list.body.items.map((s: { id: string }) => s.id)).toEqual([first.body.id]);
  });

  it('proposes a name without saving anything', async () => {
    const buyer = await signedInUser();
    const res = await request(api.url).post('/api/saved-searches/proposal').set(as(buyer.token)).send({ search: 'buses in lagos', maxPrice: 30_000_000 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: 'Buses in Lagos under ₦30M', criteria: { search: 'buses in lagos', maxPrice: 30_000_000, sort: 'default' } });
    expect((await request(api.url).get('/api/saved-searches').set(as(buyer.token))).body.items).toEqual([]);
  });

  it('renames, pauses, changes how to tell, marks seen and deletes', async () => {
    const buyer = await signedInUser();
    const { body: saved } = await request(api.url).post('/api/saved-searches').set(as(buyer.token)).send({ criteria: { vehicleType: 'bus', location: 'Lagos' }, channel: 'daily' });
    const patched = await request(api.url).patch(`/api/saved-searches/${saved.id}`).set(as(buyer.token)).send({ name: '  Danfo for the business ', paused: true, channel: 'weekly' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Danfo for the business', paused: true, channel: 'weekly' });
    const seen = await request(api.url).post(`/api/saved-searches/${saved.id}/seen`).set(as(buyer.token));
    expect(seen.status).toBe(200);
    expect(new Date(seen.body.lastSeenAt).getTime()).toBeGreaterThanOrEqual(new Date(saved.lastSeenAt).getTime());
    expect((await request(api.url).delete(`/api/saved-searches/${saved.id}`).set(as(buyer.token))).status).toBe(204);
    expect((await request(api.url).delete(`/api/saved-searches/${saved.id}`).set(as(buyer.token))).status).toBe(404);
  });

  it('keeps at most 50 per account, with a clear message past it', async () => {
    const buyer = await signedInUser();
    const results = await Promise.all(Array.from({ length: 49 }, (_, i) =>
      request(api.url).post('/api/saved-searches').set(as(buyer.token)).send({ criteria: { maxPrice: 1_000_000 + i } })));
    expect(results.every((r) => r.status === 201)).toBe(true);
    // Two at once for the last place: the account's lock lets one through.
    const last = await Promise.all([0, 1].map((i) => request(api.url).post('/api/saved-searches').set(as(buyer.token)).send({ criteria: { minPrice: 5_000_000 + i } })));
    expect(last.map((r) => r.status).sort()).toEqual([201, 422]);
    const refused = last.find((r) => r.status === 422)!;
    expect(refused.body.error).toMatchObject({ code: 'SAVED_SEARCH_LIMIT', message: expect.stringContaining('up to 50 saved searches') });
    expect((await request(api.url).get('/api/saved-searches').set(as(buyer.token))).body.items).toHaveLength(50);
  });

  it('lets nobody read or change another buyer\'s saved searches', async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const { body: saved } = await request(api.url).post('/api/saved-searches').set(as(owner.token)).send(LEAF_IN_KANO);
    for (const res of [
      await request(api.url).patch(`/api/saved-searches/${saved.id}`).set(as(other.token)).send({ paused: true }),
      await request(api.url).post(`/api/saved-searches/${saved.id}/seen`).set(as(other.token)),
      await request(api.url).delete(`/api/saved-searches/${saved.id}`).set(as(other.token)),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('SAVED_SEARCH_NOT_FOUND');
    }
    expect((await request(api.url).get('/api/saved-searches').set(as(other.token))).body.items).toEqual([]);
    const mine = await request(api.url).get('/api/saved-searches').set(as(owner.token));
    expect(mine.body.items[0]).toMatchObject({ id: saved.id, paused: false });
    // Signed out: nothing at all.
    expect((await request(api.url).get('/api/saved-searches')).status).toBe(401);
    expect((await request(api.url).post('/api/saved-searches').send(LEAF_IN_KANO)).status).toBe(401);
    expect((await request(api.url).delete(`/api/saved-searches/${saved.id}`)).status).toBe(401);
  });

  it('answers bad input with the field at fault, and changes nothing', async () => {
    const buyer = await signedInUser();
    const post = (body: unknown) => request(api.url).post('/api/saved-searches').set(as(buyer.token)).send(body as object);
    const cases: [unknown, number, string][] = [
      [{}, 400, 'criteria'],
      [{ criteria: { location: 'Gotham' } }, 400, 'criteria.location'],
      [{ criteria: { brand: 'Nissan', model: 'Model 3' } }, 400, 'criteria.model'],
      [{ criteria: { minPrice: 9_000_000, maxPrice: 1_000_000 } }, 400, 'criteria.maxPrice'],
      [{ criteria: { maxPrice: -5 } }, 400, 'maxPrice'],
      [{ criteria: { maxPrice: '8000000' } }, 400, 'maxPrice'],
      [{ criteria: { yearMin: 1999 } }, 400, 'yearMin'],
      [{ criteria: { brand: 'Tesla' }, channel: 'sms' }, 400, 'channel'],
      [{ criteria: { brand: 'Tesla' }, name: '' }, 400, 'name'],
      [{ criteria: { brand: 'Tesla' }, name: 'x'.repeat(81) }, 400, 'name'],
      [{ criteria: { brand: 'Tesla', userId: 'someone' } }, 400, 'userId'],
      [{ criteria: { brand: 'Tesla' }, userId: 'someone' }, 400, 'userId'],
    ];
    for (const [body, status, field] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(res.body.error.details), JSON.stringify(body)).toContain(field);
    }
    const broad = await post({ criteria: { sort: 'newest', search: '   ' } });
    expect(broad.status).toBe(422);
    expect(broad.body.error.code).toBe('SEARCH_TOO_BROAD');
    const text = await request(api.url).post('/api/saved-searches').set(as(buyer.token)).set('Content-Type', 'text/plain').send('brand=Tesla');
    expect(text.status).toBe(415);
    const { body: saved } = await post({ criteria: { brand: 'Tesla' } });
    for (const [path, body, field] of [
      [`/api/saved-searches/not-a-uuid`, { paused: true }, 'id'],
      [`/api/saved-searches/${saved.id}`, {}, ''],
      [`/api/saved-searches/${saved.id}`, { paused: 'yes' }, 'paused'],
      [`/api/saved-searches/${saved.id}`, { channel: 'pigeon' }, 'channel'],
      [`/api/saved-searches/${saved.id}`, { name: '\n\t ' }, 'name'],
      [`/api/saved-searches/${saved.id}`, { criteria: { brand: 'BMW' } }, 'criteria'],
    ] as const) {
      const res = await request(api.url).patch(path).set(as(buyer.token)).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.error), JSON.stringify(body)).toContain(field);
    }
    const list = await request(api.url).get('/api/saved-searches').set(as(buyer.token));
    expect(list.body.items.map((s: { name: string; paused: boolean }) => [s.name, s.paused])).toEqual([['Tesla', false]]);
  });
});

describe('alerts', () => {
  const leafFor = async (overrides: Record<string, unknown> = {}) =>
    liveListing(api.url, seller.token, staff.token, {
      title: '2019 Nissan Leaf SV, one owner', description: 'Clean Leaf, new tyres, charger included.', brand: 'Nissan', model: 'Leaf', location: 'Kano',
      price: 7_500_000, year: 2019, ...overrides,
    });

  it('tells the buyer once, in the app and by email, when a matching listing goes live, and once more when it gets 5% cheaper', async () => {
    const buyer = await signedInUser({ name: 'Aisha Bello', email: 'aisha@example.ng' });
    const { body: saved } = await request(api.url).post('/api/saved-searches').set(as(buyer.token)).send(LEAF_IN_KANO);
    const id = await leafFor();
    const notice = await waitForNotice(buyer.token, (n) => n.title.startsWith('New match'));
    expect(notice).toMatchObject({
      type: 'listing', actionUrl: `/vehicles/${id}`,
      title: 'New match for "Nissan Leaf in Kano under ₦8M"', message: '2019 Nissan Leaf SV, one owner: ₦7,500,000, in Kano',
    });
    const mail = await smtp.waitFor((m) => m.to.includes(buyer.email) && m.subject.startsWith('New match'));
    expect(mail.subject).toBe('New match: 2019 Nissan Leaf SV, one owner, ₦7,500,000 in Kano');
    expect(mail.text).toContain(`${api.url}/vehicles/${id}`);
    expect(mail.html).toContain(`href="${api.url}/vehicles/${id}"`);
    expect(mail.headers['list-unsubscribe']).toMatch(new RegExp(`^<${api.url}/api/saved-searches/unsubscribe\\?token=[A-Za-z0-9_-]+>$`));
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const list = await request(api.url).get('/api/saved-searches').set(as(buyer.token));
    expect(list.body.items[0]).toMatchObject({ id: saved.id, newMatches: 1 });

    // 3% cheaper: nothing. Then 6.7% below the price told: one more alert, then never again.
    expect((await request(api.url).patch(`/api/vehicles/${id}`).set(as(seller.token)).send({ price: 7_275_000 })).status).toBe(200);
    await alertsSettled();
    expect((await request(api.url).patch(`/api/vehicles/${id}`).set(as(seller.token)).send({ price: 7_000_000 })).status).toBe(200);
    const drop = await waitForNotice(buyer.token, (n) => n.title.startsWith('Price drop'));
    expect(drop.message).toBe('2019 Nissan Leaf SV, one owner: now ₦7,000,000, was ₦7,500,000, in Kano');
    const dropMail = await smtp.waitFor((m) => m.to.includes(buyer.email) && m.subject.startsWith('Price drop'));
    expect(dropMail.subject).toBe('Price drop: 2019 Nissan Leaf SV, one owner, now ₦7,000,000 (was ₦7,500,000)');
    expect((await request(api.url).patch(`/api/vehicles/${id}`).set(as(seller.token)).send({ price: 6_000_000 })).status).toBe(200);
    await alertsSettled();
    const all = await notifications(buyer.token);
    expect(all.filter((n) => n.type === 'listing').map((n) => n.title)).toEqual(['Price drop for "Nissan Leaf in Kano under ₦8M"', 'New match for "Nissan Leaf in Kano under ₦8M"']);
    expect(smtp.messagesTo(buyer.email)).toHaveLength(2);

    // Opened: nothing new since.
    const opened = await request(api.url).post(`/api/saved-searches/${saved.id}/seen`).set(as(buyer.token));
    expect(opened.body.newMatches).toBe(0);
  });

  it('opens on Browse as the search that alerted: its browseUrl finds the listing', async () => {
    const buyer = await signedInUser();
    const { body: saved } = await request(api.url).post('/api/saved-searches').set(as(buyer.token))
      .send({ criteria: { brand: 'nissan', model: 'leaf', yearMin: 2020, yearMax: 2021, location: 'kano', maxPrice: 9_000_000, sort: 'price_asc' } });
    expect(saved.browseUrl).toBe('/browse?location=Kano&brand=Nissan&model=Leaf&yearMin=2020&yearMax=2021&maxPrice=9000000&sort=price_asc');
    const id = await leafFor({ title: '2020 Nissan Leaf Tekna', year: 2020, price: 8_800_000 });
    await leafFor({ title: '2019 Nissan Leaf, too old', year: 2019, price: 6_000_000 });
    await waitForNotice(buyer.token, (n) => n.title.startsWith('New match'));
    const search = await request(api.url).get(`/api/vehicles?${saved.browseUrl.split('?')[1]}`);
    expect(search.status).toBe(200);
    expect(search.body.map((v: { id: number }) => v.id)).toEqual([id]);
    // The same filters by hand, in another spelling.
    const byHand = await request(api.url).get('/api/vehicles?model=LEAF&brand=nissan&location=kano&yearMin=2020&yearMax=2021&maxPrice=9000000');
    expect(byHand.body.map((v: { id: number }) => v.id)).toEqual([id]);
    expect((await request(api.url).get('/api/vehicles?yearMin=1999')).status).toBe(400);
  });

  it('never tells a seller of their own listing, nor a paused search, nor one whose filters miss', async () => {
    const own = await request(api.url).post('/api/saved-searches').set(as(seller.token)).send({ criteria: { brand: 'Nissan', location: 'Kano' } });
    expect(own.status).toBe(201);
    const buyer = await signedInUser();
    const { body: paused } = await request(api.url).post('/api/saved-searches').set(as(buyer.token)).send({ criteria: { brand: 'Nissan', location: 'Kano', minPrice: 1 } });
    await request(api.url).patch(`/api/saved-searches/${paused.id}`).set(as(buyer.token)).send({ paused: true });
    await request(api.url).post('/api/saved-searches').set(as(buyer.token)).send({ criteria: { brand: 'Nissan', location: 'Lagos' } });
    await request(api.url).post('/api/saved-searches').set(as(buyer.token)).send({ criteria: { brand: 'Nissan', maxPrice: 5_000_000 } });
    await request(api.url).post('/api/saved-searches').set(as(buyer.token)).send({ criteria: { model: 'Leaf', yearMin: 2021 } });
    await leafFor({ title: '2019 Nissan Leaf, Kano' });
    await alertsSettled();
    expect((await notifications(buyer.token)).filter((n) => n.type === 'listing')).toEqual([]);
    expect((await notifications(seller.token)).filter((n) => n.title.startsWith('New match'))).toEqual([]);
  });

  it('reads text as Browse does: city words, typos', async () => {
    const buyer = await signedInUser();
    await request(api.url).post('/api/saved-searches').set(as(buyer.token)).send({ criteria: { search: 'nisan leef in kano' }, channel: 'app' });
    const id = await leafFor({ title: '2020 Nissan Leaf e+' });
    const notice = await waitForNotice(buyer.token, (n) => n.title.startsWith('New match'));
    expect(notice).toMatchObject({ title: 'New match for "Nissan Leaf in Kano"', actionUrl: `/vehicles/${id}` });
    // Only in the app: no email.
    await alertsSettled();
    expect(smtp.messagesTo(buyer.email)).toEqual([]);
  });

  it('sends no email to an address that is not verified, and says so', async () => {
    const buyer = await signedInUser({ verified: false });
    await request(api.url).post('/api/saved-searches').set(as(buyer.token)).send({ criteria: { brand: 'Nissan', search: 'leaf', location: 'Kano' } });
    const list = await request(api.url).get('/api/saved-searches').set(as(buyer.token));
    expect(list.body.email).toEqual({ address: buyer.email, verified: false });
    await leafFor({ title: '2018 Nissan Leaf, Kano' });
    await waitForNotice(buyer.token, (n) => n.title.startsWith('New match'));
    await alertsSettled();
    expect(smtp.messagesTo(buyer.email)).toEqual([]);
  });

  it('stops from the email without signing in; a tampered or expired link does nothing', async () => {
    const buyer = await signedInUser();
    const { body: saved } = await request(api.url).post('/api/saved-searches').set(as(buyer.token)).send({ criteria: { brand: 'Nissan', location: 'Kano', search: 'ariya' } });
    await leafFor({ title: '2023 Nissan Ariya Evolve', model: 'Ariya' });
    const mail: CaughtMail = await smtp.waitFor((m) => m.to.includes(buyer.email));
    const header = /token=([A-Za-z0-9_-]+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!;
    expect(mail.text).toContain(`/unsubscribe?token=${header}`);

    const tampered = `${header.slice(0, 10)}${header[10] === 'A' ? 'B' : 'A'}${header.slice(11)}`;
    for (const token of [tampered, 'nonsense', `${header}x`]) {
      const res = await request(api.url).post('/api/saved-searches/unsubscribe').send({ token });
      expect(res.status, token).toBe(400);
      expect(res.body.error.code).toBe('INVALID_UNSUBSCRIBE_LINK');
    }
    const pool = createReadPool(api.databaseUrl, 1);
    try {
      const expired = await new HmacUnsubscribeTokens(pool).sign([saved.id], new Date(Date.now() - 1000));
      const res = await request(api.url).post('/api/saved-searches/unsubscribe').send({ token: expired });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('UNSUBSCRIBE_LINK_EXPIRED');
    } finally {
      await pool.end();
    }
    expect((await request(api.url).get('/api/saved-searches').set(as(buyer.token))).body.items[0].paused).toBe(false);

    // A mail client's one-click POST: a form, the token in the address.
    const oneClick = await request(api.url).post(`/api/saved-searches/unsubscribe?token=${header}`).type('form').send('List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(200);
    expect(oneClick.body).toEqual({ name: 'Nissan Ariya in Kano', paused: true });
    expect((await request(api.url).post('/api/saved-searches/unsubscribe').send({ token: header })).status).toBe(200);
    expect((await request(api.url).get('/api/saved-searches').set(as(buyer.token))).body.items[0].paused).toBe(true);
    // Opened in a browser: the page that says so.
    const opened = await request(api.url).get(`/api/saved-searches/unsubscribe?token=${header}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe?token=${header}`);
  });

  it('collects digest matches and mails them once, at the digest', async () => {
    const buyer = await signedInUser({ name: 'Chinedu Okafor' });
    await request(api.url).post('/api/saved-searches').set(as(buyer.token)).send({ criteria: { brand: 'Nissan', location: 'Kano', yearMin: 2021 }, channel: 'daily' });
    const id = await leafFor({ title: '2022 Nissan Leaf e+ Tekna', year: 2022, price: 12_000_000 });
    await alertsSettled();
    expect((await notifications(buyer.token)).filter((n) => n.type === 'listing')).toEqual([]);
    expect(smtp.messagesTo(buyer.email)).toEqual([]);
    await api.jobs.runNow('alerts-digest-daily');
    const digest = await smtp.waitFor((m) => m.to.includes(buyer.email));
    expect(digest.subject).toBe('Your daily Voltmarket alerts: 1 new match');
    expect(digest.text).toContain('2022 Nissan Leaf e+ Tekna: ₦12,000,000 · Kano');
    expect(digest.html).toContain(`${api.url}/vehicles/${id}`);
    await api.jobs.runNow('alerts-digest-daily');
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    expect(smtp.messagesTo(buyer.email)).toHaveLength(1);
  }, 60_000);
});
