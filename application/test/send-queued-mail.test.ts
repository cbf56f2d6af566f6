import { beforeEach, describe, expect, it } from 'vitest';
import { type Mailer, type MailQueue, mailRetryDelayMs, type OutgoingMail, type QueuedMail, SendQueuedMail } from '../src/index.js';
import { FixedClock } from './support/in-memory.js';

const MINUTE = 60_000;
const CLAIM_MS = 2 * MINUTE;

interface Row extends OutgoingMail {
  id: number;
  attempts: number;
  nextAttemptAt: Date;
  claimedUntil: Date | null;
  sentAt: Date | null;
  failedAt: Date | null;
  lastError: string | null;
}

/** The outbox as the Postgres one behaves: a claim holds a mail for a while and counts as an attempt. */
class InMemoryMailQueue implements MailQueue {
  readonly rows: Row[] = [];
  claims = 0;

  add(mail: OutgoingMail, at: Date): void {
    this.rows.push({ ...mail, id: this.rows.length + 1, attempts: 0, nextAttemptAt: at, claimedUntil: null, sentAt: null, failedAt: null, lastError: null });
  }

  async claimDue(now: Date, limit: number): Promise<QueuedMail[]> {
    this.claims++;
    const due = this.rows
      .filter((r) => !r.sentAt && !r.failedAt && r.nextAttemptAt <= now && (!r.claimedUntil || r.claimedUntil <= now))
      .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id)
      .slice(0, limit);
    return due.map((r) => {
      r.claimedUntil = new Date(now.getTime() + CLAIM_MS);
      r.attempts++;
      return { key: r.key, to: r.to, subject: r.subject, text: r.text, html: r.html, headers: r.headers, kind: r.kind, id: r.id, attempts: r.attempts - 1 };
    });
  }

  async markSent(id: number, now: Date): Promise<void> {
    Object.assign(this.row(id), { sentAt: now, claimedUntil: null });
  }

  async markFailed(id: number, error: string, retryAt: Date | null, now: Date): Promise<void> {
    Object.assign(this.row(id), { lastError: error, claimedUntil: null, ...(retryAt ? { nextAttemptAt: retryAt } : { failedAt: now }) });
  }

  byAddress(to: string): Row {
    return this.rows.find((r) => r.to === to)!;
  }

  private row(id: number): Row {
    return this.rows.find((r) => r.id === id)!;
  }
}

/** A mail server that takes everything except the addresses it was told to refuse. */
class RefusingMailer implements Mailer {
  readonly delivered: OutgoingMail[] = [];
  readonly refused = new Set<string>();

  async send(mail: OutgoingMail): Promise<void> {
    if (this.refused.has(mail.to)) throw new Error(`550 mailbox unavailable: ${mail.to}`);
    this.delivered.push(mail);
  }
}

const mail = (to: string, key = `alert-${to}`): OutgoingMail => ({
  key, to, kind: 'alert', subject: 'A new IONIQ 5 in Lagos', text: 'Seen for you.', html: '<p>Seen for you.</p>',
  headers: { 'List-Unsubscribe': '<https://voltmarket.test/unsubscribe/x>' },
});

let clock: FixedClock;
let queue: InMemoryMailQueue;
let mailer: RefusingMailer;

beforeEach(() => {
  clock = new FixedClock(new Date('2026-12-02T09:00:00Z'));
  queue = new InMemoryMailQueue();
  mailer = new RefusingMailer();
});

describe('sending queued mail', () => {
  it('sends every due mail once and marks it sent', async () => {
    for (const to of ['ada@x.ng', 'bola@x.ng', 'chidi@x.ng']) queue.add(mail(to), clock.now());

    expect(await new SendQueuedMail(queue, mailer, clock).execute()).toEqual({ sent: 3, failed: 0, gaveUp: 0, more: false });
    expect(mailer.delivered.map((m) => m.to).sort()).toEqual(['ada@x.ng', 'bola@x.ng', 'chidi@x.ng']);
    expect(mailer.delivered[0]).toMatchObject({ subject: 'A new IONIQ 5 in Lagos', html: '<p>Seen for you.</p>', headers: { 'List-Unsubscribe': '<https://voltmarket.test/unsubscribe/x>' } });
    expect(queue.rows.every((r) => r.sentAt?.getTime() === clock.now().getTime())).toBe(true);

    clock.advance(MINUTE);
    expect(await new SendQueuedMail(queue, mailer, clock).execute()).toEqual({ sent: 0, failed: 0, gaveUp: 0, more: false });
    expect(mailer.delivered).toHaveLength(3);
  });

  it('leaves mail that is not due yet for a later run', async () => {
    queue.add(mail('later@x.ng'), new Date(clock.now().getTime() + 5 * MINUTE));

    expect(await new SendQueuedMail(queue, mailer, clock).execute()).toEqual({ sent: 0, failed: 0, gaveUp: 0, more: false });
    clock.advance(5 * MINUTE);
    expect(await new SendQueuedMail(queue, mailer, clock).execute()).toEqual({ sent: 1, failed: 0, gaveUp: 0, more: false });
  });

  it('sends the others when a recipient is refused, and tries that one again after 1, 2, 4 minutes', async () => {
    for (const to of ['ada@x.ng', 'refused@x.ng', 'chidi@x.ng']) queue.add(mail(to), clock.now());
    mailer.refused.add('refused@x.ng');
    const send = new SendQueuedMail(queue, mailer, clock);

    expect(await send.execute()).toEqual({ sent: 2, failed: 1, gaveUp: 0, more: false });
    const refused = queue.byAddress('refused@x.ng');
    expect(refused).toMatchObject({ sentAt: null, failedAt: null, lastError: '550 mailbox unavailable: refused@x.ng' });
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      waits.push((refused.nextAttemptAt.getTime() - clock.now().getTime()) / MINUTE);
      clock.advance(refused.nextAttemptAt.getTime() - clock.now().getTime() - 1);
      expect(await send.execute(), 'not before its time').toEqual({ sent: 0, failed: 0, gaveUp: 0, more: false });
      clock.advance(1);
      expect(await send.execute()).toEqual({ sent: 0, failed: 1, gaveUp: 0, more: false });
    }
    waits.push((refused.nextAttemptAt.getTime() - clock.now().getTime()) / MINUTE);
    expect(waits).toEqual([1, 2, 4, 8]);

    mailer.refused.clear();
    clock.advance(8 * MINUTE);
    expect(await send.execute()).toEqual({ sent: 1, failed: 0, gaveUp: 0, more: false });
    expect(mailer.delivered.filter((m) => m.to === 'refused@x.ng')).toHaveLength(1);
  });

  it('gives a mail up after its last attempt, and never tries it again', async () => {
    queue.add(mail('gone@x.ng'), clock.now());
    mailer.refused.add('gone@x.ng');
    const send = new SendQueuedMail(queue, mailer, clock, { maxAttempts: 3 });

    const reports = [];
    for (let i = 0; i < 4; i++) {
      reports.push(await send.execute());
      clock.advance(7 * 60 * MINUTE);
    }
    expect(reports).toEqual([
      { sent: 0, failed: 1, gaveUp: 0, more: false },
      { sent: 0, failed: 1, gaveUp: 0, more: false },
      { sent: 0, failed: 0, gaveUp: 1, more: false },
      { sent: 0, failed: 0, gaveUp: 0, more: false },
    ]);
    expect(queue.byAddress('gone@x.ng')).toMatchObject({ attempts: 3, sentAt: null, lastError: '550 mailbox unavailable: gone@x.ng' });
    expect(queue.byAddress('gone@x.ng').failedAt).toBeInstanceOf(Date);
  });

  it('gives up after 8 attempts unless told otherwise', async () => {
    queue.add(mail('gone@x.ng'), clock.now());
    mailer.refused.add('gone@x.ng');
    const send = new SendQueuedMail(queue, mailer, clock);

    let gaveUp = 0;
    let attempts = 0;
    while (gaveUp === 0 && attempts < 20) {
      const report = await send.execute();
      attempts += report.failed + report.gaveUp;
      gaveUp += report.gaveUp;
      clock.advance(7 * 60 * MINUTE);
    }
    expect(attempts).toBe(8);
  });

  it('waits twice as long after each failure, never more than 6 hours', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20].map((n) => mailRetryDelayMs(n) / MINUTE)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 360, 360]);
  });

  it('claims batch after batch until nothing is due, and stops after its last batch saying more is left', async () => {
    for (let i = 0; i < 25; i++) queue.add(mail(`buyer${i}@x.ng`), clock.now());

    expect(await new SendQueuedMail(queue, mailer, clock, { batch: 10 }).execute()).toEqual({ sent: 25, failed: 0, gaveUp: 0, more: false });
    expect(queue.claims).toBe(3);

    for (let i = 0; i < 25; i++) queue.add(mail(`seller${i}@x.ng`), clock.now());
    queue.claims = 0;
    expect(await new SendQueuedMail(queue, mailer, clock, { batch: 10, maxBatches: 2 }).execute()).toEqual({ sent: 20, failed: 0, gaveUp: 0, more: true });
    expect(queue.claims).toBe(2);
    expect(await new SendQueuedMail(queue, mailer, clock, { batch: 10, maxBatches: 2 }).execute()).toEqual({ sent: 5, failed: 0, gaveUp: 0, more: false });
  });

  it('fails the run when the outbox cannot record a sent mail, after the rest of the batch is settled', async () => {
    class LosingItsConnection extends InMemoryMailQueue {
      override async markSent(id: number, now: Date): Promise<void> {
        if (this.byAddress('ada@x.ng').id === id) throw new Error('connection lost');
        await super.markSent(id, now);
      }
    }
    const broken = new LosingItsConnection();
    for (const to of ['ada@x.ng', 'bola@x.ng']) broken.add(mail(to), clock.now());

    await expect(new SendQueuedMail(broken, mailer, clock).execute()).rejects.toThrow('connection lost');
    expect(broken.byAddress('bola@x.ng').sentAt).not.toBeNull();
    expect(broken.byAddress('ada@x.ng').sentAt).toBeNull();
  });
});
