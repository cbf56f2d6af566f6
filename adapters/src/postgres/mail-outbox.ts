import type { MikroORM } from '@mikro-orm/postgresql';
import type { MailOutbox, MailQueue, OutgoingMail, QueuedMail } from '@voltmarket/application';
import { sqlRows } from './sql.js';
import { wakeAfterCommit } from './wake-after-commit.js';

/** The job queue that sends the outbox (see adapters/src/main/server.ts). */
export const MAIL_SEND_QUEUE = 'mail-send';

/**
 * How long a claimed mail is held from other senders: longer than a batch takes to send (the SMTP
 * transport gives up on a silent server within a minute), short enough that a crashed sender's mail
 * goes out soon after.
 */
export const MAIL_CLAIM_MS = 5 * 60_000;

interface QueuedRow {
  id: string;
  key: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string>;
  attempts: number;
}

/**
 * The mail outbox in Postgres (`mail_outbox`): written in the caller's transaction, keyed by the mail's
 * idempotency key (the same key twice keeps the first), and claimed by senders with SKIP LOCKED so
 * that two senders never take the same mail. A claim counts as an attempt: `attempts` says how often
 * a mail was tried, a sender that died while sending it included.
 */
export class PostgresMailOutbox implements MailOutbox, MailQueue {
  constructor(private readonly orm: MikroORM, private readonly claimMs = MAIL_CLAIM_MS) {}

  async enqueue(mails: readonly OutgoingMail[]): Promise<void> {
    if (mails.length === 0) return;
    const rows = mails.map((m) => ({ key: m.key, kind: m.kind, to_address: m.to, subject: m.subject, text_body: m.text, html_body: m.html, headers: m.headers }));
    await sqlRows(this.orm,
      `insert into mail_outbox (key, kind, to_address, subject, text_body, html_body, headers)
       select key, kind, to_address, subject, text_body, html_body, coalesce(headers, '{}')
       from jsonb_to_recordset(?::jsonb) as m(key text, kind text, to_address text, subject text, text_body text, html_body text, headers jsonb)
       on conflict (key) do nothing`,
      [JSON.stringify(rows)],
    );
    await wakeAfterCommit(this.orm, MAIL_SEND_QUEUE);
  }

  async claimDue(now: Date, limit: number): Promise<QueuedMail[]> {
    const rows = await sqlRows<QueuedRow>(this.orm,
      `with due as (
         select id from mail_outbox
         where sent_at is null and failed_at is null and next_attempt_at <= ?
           and (claimed_until is null or claimed_until <= ?)
         order by next_attempt_at, id
         limit ?
         for update skip locked
       ), claimed as (
         update mail_outbox m set claimed_until = ?, attempts = m.attempts + 1
         from due where m.id = due.id
         returning m.id, m.key, m.kind, m.to_address, m.subject, m.text_body, m.html_body, m.headers, m.attempts - 1 as attempts, m.next_attempt_at
       )
       select id::text, key, kind, to_address, subject, text_body, html_body, headers, attempts from claimed order by next_attempt_at, id`,
      [now, now, limit, new Date(now.getTime() + this.claimMs)],
    );
    return rows.map((r) => ({
      id: Number(r.id), key: r.key, kind: r.kind, to: r.to_address, subject: r.subject, text: r.text_body, html: r.html_body, headers: r.headers, attempts: r.attempts,
    }));
  }

  async markSent(id: number, now: Date): Promise<void> {
    await sqlRows(this.orm, `update mail_outbox set sent_at = ?, claimed_until = null where id = ? and sent_at is null`, [now, id]);
  }

  async markFailed(id: number, error: string, retryAt: Date | null, now: Date): Promise<void> {
    // A slow sender whose claim lapsed never undoes what another sender did with the mail since.
    await sqlRows(this.orm,
      `update mail_outbox set last_error = ?, claimed_until = null,
         next_attempt_at = coalesce(?::timestamptz, next_attempt_at), failed_at = case when ?::timestamptz is null then ?::timestamptz end
       where id = ? and sent_at is null and failed_at is null`,
      [error, retryAt, retryAt, now, id],
    );
  }
}
