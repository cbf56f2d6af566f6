import { Migration } from '@mikro-orm/migrations';

/**
 * Outgoing mail as an outbox: rows written in the transaction of the change they report, sent
 * afterwards by the `mail-send` job. `key` is the idempotency key (and the Message-ID), so writing the
 * same mail twice keeps one row.
 */
export class Migration20261202000000_mail_outbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table mail_outbox (
        id bigint generated always as identity primary key,
        key text not null unique,
        kind text not null,
        to_address text not null,
        subject text not null,
        text_body text not null,
        html_body text not null,
        headers jsonb not null default '{}',
        created_at timestamptz not null default now(),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default now(),
        claimed_until timestamptz,
        sent_at timestamptz,
        failed_at timestamptz,
        last_error text
      );`);
    // Only what is still to send: the index stays as small as the queue, however much was sent.
    this.addSql(`create index mail_outbox_due on mail_outbox (next_attempt_at) where sent_at is null and failed_at is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists mail_outbox;`);
  }
}
