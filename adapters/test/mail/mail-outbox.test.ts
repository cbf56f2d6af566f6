import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { type Clock, type OutgoingMail, SendQueuedMail } from '@voltmarket/application';
import { messageIdFor } from '../../src/mail/mail-address.js';
import { SmtpMailer } from '../../src/mail/smtp-mailer.js';
import { MAIL_CLAIM_MS, PostgresMailOutbox } from '../../src/postgres/mail-outbox.js';
import { inContext } from '../../src/postgres/orm.js';
import { MikroOrmUnitOfWork } from '../../src/postgres/unit-of-work.js';
import { createTestOrm } from '../support/harness.js';
import { type SmtpCatcher, startSmtpCatcher } from '../support/smtp-catcher.js';

const MINUTE = 60_000;
const FROM = 'Voltmarket <alerts@voltmarket.test>';

let orm: MikroORM;
let pool: pg.Pool;
let close: () => Promise<void>;
let catcher: SmtpCatcher;
let mailer: SmtpMailer;
let outbox: PostgresMailOutbox;
let serial = 0;

beforeAll(async () => {
  ({ orm, pool, close } = await createTestOrm());
  catcher = await startSmtpCatcher();
  mailer = new SmtpMailer({ smtpUrl: catcher.url, from: FROM });
  outbox = new PostgresMailOutbox(orm);
});

afterAll(async () => {
  await mailer.close();
  await catcher.close();
  await close();
});

beforeEach(async () => {
  // Every test starts with an empty outbox and inbox, so that a run sends only that test's mail.
  await pool.query('delete from mail_outbox');
  catcher.acceptAll();
  catcher.clear();
});

afterEach(() => catcher.acceptAll());

/** A clock the test moves; it starts at the database's now, which stamps enqueued mail. */
class TestClock implements Clock {
  constructor(public current = new Date()) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

const alert = (to: string, overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  key: `alert-${++serial}-${to.split('@')[0]}`,
  to,
  kind: 'alert',
  subject: 'New match: 2022 Hyundai IONIQ 5 in Lagos',
  text: 'A 2022 Hyundai IONIQ 5 matches "IONIQ under ₦40M".\nhttps://voltmarket.test/vehicles/1',
  html: '<p>A <b>2022 Hyundai IONIQ 5</b> matches “IONIQ under ₦40M”.</p>',
  headers: {
    'List-Unsubscribe': '<https://voltmarket.test/api/saved-searches/unsubscribe?token=abc>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
  ...overrides,
});

const enqueue = (mails: OutgoingMail[]) => inContext(orm, () => new MikroOrmUnitOfWork(orm).run(() => outbox.enqueue(mails)));
const sender = (clock: Clock, queue = outbox) => new SendQueuedMail(queue, mailer, clock);
const send = (clock: Clock, queue = outbox) => inContext(orm, () => sender(clock, queue).execute());

interface OutboxRow { key: string; to_address: string; attempts: number; next_attempt_at: Date; sent_at: Date | null; failed_at: Date | null; last_error: string | null }
const row = async (key: string): Promise<OutboxRow> =>
  (await pool.query<OutboxRow>('select key, to_address, attempts, next_attempt_at, sent_at, failed_at, last_error from mail_outbox where key = $1', [key])).rows[0]!;

describe('the mail outbox', () => {
  it('keeps one mail per key: enqueueing the same key again, in the same call or later, changes nothing', async () => {
    const first = alert('ada@example.ng');
    await enqueue([first, { ...first, subject: 'A second copy' }]);
    await enqueue([{ ...first, to: 'someone-else@example.ng', subject: 'A third copy' }]);

    const { rows } = await pool.query('select key, to_address, subject from mail_outbox');
    expect(rows).toEqual([{ key: first.key, to_address: 'ada@example.ng', subject: first.subject }]);
  });

  it('writes nothing when the transaction rolls back, and every mail when it commits', async () => {
    const mails = [alert('ada@example.ng'), alert('bola@example.ng'), alert('chidi@example.ng')];
    await expect(inContext(orm, () => new MikroOrmUnitOfWork(orm).run(async () => {
      await outbox.enqueue(mails);
      throw new Error('the change failed after writing its mail');
    }))).rejects.toThrow('the change failed');
    expect((await pool.query('select count(*)::int as n from mail_outbox')).rows[0].n).toBe(0);

    await enqueue(mails);
    expect((await pool.query('select count(*)::int as n from mail_outbox')).rows[0].n).toBe(3);
  });

  it('hands each due mail to one sender only, however many claim at once', async () => {
    await enqueue(Array.from({ length: 40 }, (_, i) => alert(`buyer${i}@example.ng`)));
    const now = new Date(Date.now() + 1000);
    const [a, b] = await Promise.all([
      inContext(orm, () => new PostgresMailOutbox(orm).claimDue(now, 25)),
      inContext(orm, () => new PostgresMailOutbox(orm).claimDue(now, 25)),
    ]);
    const ids = [...a, ...b].map((m) => m.id);
    expect(new Set(ids).size).toBe(40);
    expect(a.length + b.length).toBe(40);
    expect(await inContext(orm, () => outbox.claimDue(now, 25))).toEqual([]);
  });
});

describe('sending the outbox over SMTP', () => {
  it('sends text and HTML with the key as Message-ID and the unsubscribe headers, once', async () => {
    const mail = alert('ada@example.ng');
    await enqueue([mail]);
    const clock = new TestClock(new Date(Date.now() + 1000));

    expect(await send(clock)).toEqual({ sent: 1, failed: 0, gaveUp: 0, more: false });
    const received = await catcher.waitFor((m) => m.to.includes('ada@example.ng'));
    expect(received).toMatchObject({
      from: 'alerts@voltmarket.test',
      subject: 'New match: 2022 Hyundai IONIQ 5 in Lagos',
      text: 'A 2022 Hyundai IONIQ 5 matches "IONIQ under ₦40M".\nhttps://voltmarket.test/vehicles/1',
      html: '<p>A <b>2022 Hyundai IONIQ 5</b> matches “IONIQ under ₦40M”.</p>',
      messageId: `<${mail.key}@voltmarket.test>`,
    });
    expect(received.headers['list-unsubscribe']).toBe('<https://voltmarket.test/api/saved-searches/unsubscribe?token=abc>');
    expect(received.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(received.headers.from).toBe('Voltmarket <alerts@voltmarket.test>');
    expect(await row(mail.key)).toMatchObject({ attempts: 1, failed_at: null, last_error: null });
    expect((await row(mail.key)).sent_at).toBeInstanceOf(Date);

    clock.advance(10 * MINUTE);
    expect(await send(clock)).toEqual({ sent: 0, failed: 0, gaveUp: 0, more: false });
    expect(catcher.messages).toHaveLength(1);
  });

  it('escapes, in the Message-ID, the characters of a key that a Message-ID cannot carry', async () => {
    const mail = alert('ada@example.ng', { key: 'alert:42/7 digest=1' });
    await enqueue([mail]);

    await send(new TestClock(new Date(Date.now() + 1000)));
    const received = await catcher.waitFor((m) => m.to.includes('ada@example.ng'));
    expect(received.messageId).toBe('<alert=3A42=2F7=20digest=3D1@voltmarket.test>');
    expect(received.messageId).toBe(messageIdFor(mail.key, 'voltmarket.test'));
  });

  it('sends the others when a recipient is refused, and tries that one again after 1, then 2 minutes', async () => {
    const refused = alert('closed-mailbox@example.ng');
    const others = [alert('ada@example.ng'), alert('bola@example.ng')];
    await enqueue([others[0]!, refused, others[1]!]);
    catcher.refuse('closed-mailbox@example.ng');
    const clock = new TestClock(new Date(Date.now() + 1000));

    expect(await send(clock)).toEqual({ sent: 2, failed: 1, gaveUp: 0, more: false });
    expect(catcher.messages.flatMap((m) => m.to).sort()).toEqual(['ada@example.ng', 'bola@example.ng']);
    let state = await row(refused.key);
    expect(state).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(state.last_error).toMatch(/550/);
    expect(state.next_attempt_at.getTime() - clock.now().getTime()).toBeGreaterThanOrEqual(MINUTE - 1000);
    expect(state.next_attempt_at.getTime() - clock.now().getTime()).toBeLessThanOrEqual(MINUTE);

    clock.advance(30_000);
    expect(await send(clock), 'not before its minute is up').toEqual({ sent: 0, failed: 0, gaveUp: 0, more: false });
    clock.advance(31_000);
    expect(await send(clock)).toEqual({ sent: 0, failed: 1, gaveUp: 0, more: false });
    state = await row(refused.key);
    expect(state.attempts).toBe(2);
    expect(state.next_attempt_at.getTime() - clock.now().getTime()).toBe(2 * MINUTE);
    expect(catcher.refusals).toEqual(['closed-mailbox@example.ng', 'closed-mailbox@example.ng']);

    catcher.acceptAll();
    clock.advance(2 * MINUTE);
    expect(await send(clock)).toEqual({ sent: 1, failed: 0, gaveUp: 0, more: false });
    const delivered = await catcher.waitFor((m) => m.to.includes('closed-mailbox@example.ng'));
    expect(delivered.messageId).toBe(`<${refused.key}@voltmarket.test>`);
    expect(catcher.messages).toHaveLength(3);
  });

  it('sends a mail whose sender died holding it once the claim lapses, and only once', async () => {
    const mail = alert('ada@example.ng');
    await enqueue([mail]);
    const start = new Date(Date.now() + 1000);
    // A sender claims the mail and dies before sending it.
    expect(await inContext(orm, () => new PostgresMailOutbox(orm).claimDue(start, 10))).toHaveLength(1);
    const clock = new TestClock(start);

    clock.advance(MAIL_CLAIM_MS - 1000);
    expect(await send(clock), 'still held by the dead sender').toEqual({ sent: 0, failed: 0, gaveUp: 0, more: false });
    clock.advance(2000);
    expect(await send(clock)).toEqual({ sent: 1, failed: 0, gaveUp: 0, more: false });
    clock.advance(MAIL_CLAIM_MS * 2);
    expect(await send(clock)).toEqual({ sent: 0, failed: 0, gaveUp: 0, more: false });

    await catcher.waitFor((m) => m.to.includes('ada@example.ng'));
    expect(catcher.messages.map((m) => m.messageId)).toEqual([`<${mail.key}@voltmarket.test>`]);
    expect(await row(mail.key)).toMatchObject({ attempts: 2 });
  });

  it('gives a mail up after its last attempt and keeps it, with the reason, in the outbox', async () => {
    const mail = alert('gone@example.ng');
    await enqueue([mail]);
    catcher.refuse(/^gone@/);
    const clock = new TestClock(new Date(Date.now() + 1000));
    const twice = () => inContext(orm, () => new SendQueuedMail(outbox, mailer, clock, { maxAttempts: 2 }).execute());

    expect(await twice()).toEqual({ sent: 0, failed: 1, gaveUp: 0, more: false });
    clock.advance(MINUTE);
    expect(await twice()).toEqual({ sent: 0, failed: 0, gaveUp: 1, more: false });
    clock.advance(24 * 60 * MINUTE);
    expect(await twice()).toEqual({ sent: 0, failed: 0, gaveUp: 0, more: false });
    const state = await row(mail.key);
    expect(state).toMatchObject({ attempts: 2, sent_at: null });
    expect(state.failed_at).toBeInstanceOf(Date);
    expect(state.last_error).toMatch(/550/);
  });
});
