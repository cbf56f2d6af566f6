import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';
import { type SmtpCatcher, startSmtpCatcher } from '../support/smtp-catcher.js';

/**
 * Contact Us against the real API, Postgres and an SMTP server: visitors and members write, every
 * mistake is a field error, the sender is acknowledged by mail, limits answer 429, and only support
 * and admins read the messages and mark them handled (audited).
 */
type Person = { uid: string; token: string; email: string };
let api: TestApi;
let smtp: SmtpCatcher;
let member: Person;
let support: Person;
let admin: Person;

const auth = (p: Person) => ({ Authorization: `Bearer ${p.token}` });
const sql = <T>(query: string, params: unknown[] = []) => api.orm.em.getConnection().execute<T[]>(query, params);
let nextAddress = 1;
/** Each test writes from its own network address (the API trusts X-Forwarded-For from loopback), so limits stay per test. */
const fromNewAddress = () => ({ 'X-Forwarded-For': `10.77.0.${nextAddress++}` });
const message = (extra: Record<string, unknown> = {}) => ({
  name: 'Adaeze Okafor', email: 'adaeze@example.test', topic: 'listing', message: 'The seller of this car asked me for a deposit before I could see it.', ...extra,
});

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  api = await startTestApi({ SMTP_URL: smtp.url, MAIL_FROM: 'Voltmarket <support@voltmarket.test>' });
  admin = await signedInAs(api.staffEmails.admin);
  support = await signedInAs(api.staffEmails.support);
  member = await signedInUser({ name: 'Tunde Bakare' });
}, 120_000);
afterAll(async () => {
  await api?.close();
  await smtp?.close();
  await closeAdminApp();
});

describe('sending a message', () => {
  it('takes a visitor\'s message with a listing link, stores it open, and acknowledges it by mail without repeating it', async () => {
    const res = await request(api.url).post('/api/contact-messages').set(fromNewAddress())
      .send(message({ email: ' Adaeze@Example.test ', listing: 'https://voltmarket.ng/vehicles/4211?ref=share' })).expect(201);
    expect(res.body).toEqual({ id: expect.any(Number), email: 'adaeze@example.test' });
    const [row] = await sql<{ user_id: string | null; listing_id: number; topic: string; handled_at: Date | null }>(
      'select user_id, listing_id, topic, handled_at from contact_messages where id = ?', [res.body.id]);
    expect(row).toEqual({ user_id: null, listing_id: 4211, topic: 'listing', handled_at: null });
    const mail = await smtp.waitFor((m) => m.to.includes('adaeze@example.test'));
    expect(mail.subject).toBe(`We have your message (#${res.body.id})`);
    expect(mail.text).toContain('about: Listing');
    expect(mail.text).not.toContain('deposit');
    expect(mail.html).not.toContain('Adaeze');
  });

  it('answers a signed-in member at their account\'s address, whatever the form says', async () => {
    const res = await request(api.url).post('/api/contact-messages').set(auth(member)).set(fromNewAddress())
      .send(message({ email: 'someone-else@example.test', topic: 'account', listing: '' })).expect(201);
    expect(res.body.email).toBe(member.email.toLowerCase());
    const [row] = await sql<{ user_id: string; email: string; listing_id: number | null }>('select user_id, email, listing_id from contact_messages where id = ?', [res.body.id]);
    expect(row).toEqual({ user_id: member.uid, email: member.email.toLowerCase(), listing_id: null });
    await smtp.waitFor((m) => m.to.includes(member.email.toLowerCase()) && m.subject.includes(`#${res.body.id}`));
    expect(smtp.messagesTo('someone-else@example.test')).toEqual([]);
  });

  it('names every field that is wrong at once, and stores nothing', async () => {
    const before = await sql<{ n: number }>('select count(*)::int as n from contact_messages');
    const res = await request(api.url).post('/api/contact-messages').set(fromNewAddress())
      .send({ name: ' A ', email: 'not-an-address', topic: 'complaint', message: 'too short', listing: 'my car' }).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['email', 'listing', 'message', 'name', 'topic']);
    const long = await request(api.url).post('/api/contact-messages').set(fromNewAddress()).send(message({ message: 'x'.repeat(5001) })).expect(400);
    expect(long.body.error.details).toEqual([{ field: 'message', message: 'A message can be at most 5000 characters.' }]);
    await request(api.url).post('/api/contact-messages').set(fromNewAddress()).send(message({ message: 'x'.repeat(5000) })).expect(201);
    await request(api.url).post('/api/contact-messages').set(fromNewAddress()).send({ name: 'Ada', email: 'a@b.test', topic: 'other' }).expect(400);
    await request(api.url).post('/api/contact-messages').set(fromNewAddress()).send(message({ extra: 'field' })).expect(400);
    await request(api.url).post('/api/contact-messages').set(fromNewAddress()).send(message({ topic: 7 })).expect(400);
    await request(api.url).post('/api/contact-messages').set(fromNewAddress()).set('Content-Type', 'text/plain').send('hello there, staff').expect(415);
    const after = await sql<{ n: number }>('select count(*)::int as n from contact_messages');
    expect(after[0]!.n).toBe(before[0]!.n + 1);
  });

  it('allows 5 an hour from one address, then answers 429 with Retry-After and a sentence', async () => {
    const address = fromNewAddress();
    for (let i = 0; i < 5; i++) await request(api.url).post('/api/contact-messages').set(address).send(message({ email: `limit${i}@example.test` })).expect(201);
    const refused = await request(api.url).post('/api/contact-messages').set(address).send(message()).expect(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(refused.body.error.message).toMatch(/^You have sent several messages to us in a short time\. Try again in \d+ s/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Another address is not held back by this one.
    await request(api.url).post('/api/contact-messages').set(fromNewAddress()).send(message()).expect(201);
  });

  it('allows 5 an hour from one account, wherever it writes from', async () => {
    const writer = await signedInUser({ name: 'Ngozi Eze' });
    for (let i = 0; i < 5; i++) await request(api.url).post('/api/contact-messages').set(auth(writer)).set(fromNewAddress()).send(message()).expect(201);
    await request(api.url).post('/api/contact-messages').set(auth(writer)).set(fromNewAddress()).send(message()).expect(429);
  });
});

describe('staff', () => {
  it('refuses visitors (401) and members (403) on every admin route, and changes nothing', async () => {
    const { id } = (await request(api.url).post('/api/contact-messages').set(fromNewAddress()).send(message()).expect(201)).body as { id: number };
    const routes = [
      () => request(api.url).get('/api/admin/contact-messages'),
      () => request(api.url).get(`/api/admin/contact-messages/${id}`),
      () => request(api.url).post(`/api/admin/contact-messages/${id}/handle`).send({ note: 'Done' }),
    ];
    for (const route of routes) {
      await route().expect(401);
      await route().set(auth(member)).expect(403);
    }
    const [row] = await sql<{ handled_at: Date | null }>('select handled_at from contact_messages where id = ?', [id]);
    expect(row!.handled_at).toBeNull();
    for (const staff of [support, admin]) {
      await request(api.url).get('/api/admin/contact-messages').set(auth(staff)).expect(200);
      await request(api.url).get(`/api/admin/contact-messages/${id}`).set(auth(staff)).expect(200);
    }
  });

  it('lists open messages first, newest first, filters by status and topic, and marks one handled with a note, once, in the audit log', async () => {
    const sent = async (topic: string) => (await request(api.url).post('/api/contact-messages').set(fromNewAddress()).send(message({ topic })).expect(201)).body.id as number;
    const older = await sent('rental');
    const newer = await sent('rental');
    const handled = await request(api.url).post(`/api/admin/contact-messages/${older}/handle`).set(auth(support)).send({ note: '  Called the owner; the booking is fixed.  ' }).expect(200);
    expect(handled.body).toMatchObject({ id: older, status: 'handled', note: 'Called the owner; the booking is fixed.', handledBy: support.uid, handledByEmail: support.email, handledAt: expect.any(String) });
    // Again: nothing changes, the first note stays.
    const again = await request(api.url).post(`/api/admin/contact-messages/${older}/handle`).set(auth(admin)).send({ note: 'second' }).expect(200);
    expect(again.body).toMatchObject({ handledBy: support.uid, note: 'Called the owner; the booking is fixed.' });
    // Without a body, a note is optional.
    const third = await sent('other');
    await request(api.url).post(`/api/admin/contact-messages/${third}/handle`).set(auth(admin)).expect(200);

    const all = await request(api.url).get('/api/admin/contact-messages').query({ range: '[0,999]' }).set(auth(support)).expect(200);
    const statuses = all.body.map((m: { status: string }) => m.status);
    expect(statuses.indexOf('handled')).toBeGreaterThan(statuses.lastIndexOf('open'));
    const ids = all.body.map((m: { id: number }) => m.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(all.headers['content-range']).toBe(`contact-messages 0-${all.body.length - 1}/${all.body.length}`);

    const rentalsOpen = await request(api.url).get('/api/admin/contact-messages').query({ filter: JSON.stringify({ status: 'open', topic: 'rental' }) }).set(auth(support)).expect(200);
    expect(rentalsOpen.body.map((m: { id: number }) => m.id)).toEqual([newer]);
    await request(api.url).get('/api/admin/contact-messages').query({ filter: JSON.stringify({ topic: 'complaint' }) }).set(auth(support)).expect(400);
    await request(api.url).post(`/api/admin/contact-messages/${newer}/handle`).set(auth(support)).send({ note: 'n'.repeat(1001) }).expect(400);
    await request(api.url).get('/api/admin/contact-messages/999999').set(auth(support)).expect(404);
    await request(api.url).post('/api/admin/contact-messages/999999/handle').set(auth(support)).send({}).expect(404);

    const audit = await sql<{ action: string; actor_id: string; resource: string }>(
      `select action, actor_id, resource from audit_log where record_id = ? and resource = 'contact-messages'`, [String(older)]);
    expect(audit).toEqual([{ action: 'contact_message.handled', actor_id: support.uid, resource: 'contact-messages' }]);
    const logged = await request(api.url).get('/api/admin/audit-log').query({ filter: JSON.stringify({ resource: 'contact-messages' }) }).set(auth(admin)).expect(200);
    expect(logged.body.length).toBe(2);
  });
});
