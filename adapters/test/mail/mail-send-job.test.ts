import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { OutgoingMail } from '@voltmarket/application';
import { PostgresMailOutbox } from '../../src/postgres/mail-outbox.js';
import { inContext } from '../../src/postgres/orm.js';
import { MikroOrmUnitOfWork } from '../../src/postgres/unit-of-work.js';
import { closeAdminApp, startTestApi, type TestApi } from '../support/harness.js';
import { type SmtpCatcher, startSmtpCatcher } from '../support/smtp-catcher.js';

const alert = (key: string, to: string): OutgoingMail => ({
  key, to, kind: 'alert', subject: `New match for ${to}`, text: 'A 2023 Kia EV6 in Abuja.', html: '<p>A 2023 Kia EV6 in Abuja.</p>',
  headers: { 'List-Unsubscribe': '<https://voltmarket.test/unsubscribe/1>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
});

/** Writes mail the way a use case does: in a transaction, with whatever else the change writes. */
const enqueueInTransaction = (api: TestApi, mails: OutgoingMail[], rollBack = false) =>
  inContext(api.orm, () => new MikroOrmUnitOfWork(api.orm).run(async () => {
    await new PostgresMailOutbox(api.orm).enqueue(mails);
    if (rollBack) throw new Error('rolled back');
  }));

async function query<T extends pg.QueryResultRow>(api: TestApi, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: api.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

afterAll(async () => closeAdminApp());

describe('the mail-send job of the API (SMTP_URL set)', () => {
  let api: TestApi;
  let catcher: SmtpCatcher;

  beforeAll(async () => {
    catcher = await startSmtpCatcher();
    api = await startTestApi({ SMTP_URL: catcher.url, MAIL_FROM: 'Voltmarket Alerts <alerts@voltmarket.test>' });
  });

  afterAll(async () => {
    await api?.close();
    await catcher?.close();
  });

  it('sends mail within seconds of the commit that wrote it, woken rather than waiting for its schedule', async () => {
    await enqueueInTransaction(api, [alert('job-1', 'ada@example.ng'), alert('job-2', 'bola@example.ng')]);

    const [ada, bola] = await Promise.all([
      catcher.waitFor((m) => m.messageId === '<job-1@voltmarket.test>', 5_000),
      catcher.waitFor((m) => m.messageId === '<job-2@voltmarket.test>', 5_000),
    ]);
    expect(ada).toMatchObject({ to: ['ada@example.ng'], subject: 'New match for ada@example.ng', html: '<p>A 2023 Kia EV6 in Abuja.</p>', text: 'A 2023 Kia EV6 in Abuja.' });
    expect(ada.headers.from).toBe('Voltmarket Alerts <alerts@voltmarket.test>');
    expect(bola.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The outbox records the send right after the server took it.
    const deadline = Date.now() + 5_000;
    let unsent = 2;
    while (unsent > 0 && Date.now() < deadline) {
      unsent = (await query<{ n: number }>(api, `select count(*)::int as n from mail_outbox where key in ('job-1', 'job-2') and sent_at is null`))[0]!.n;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(unsent).toBe(0);
  });

  it('sends nothing for a transaction that rolled back', async () => {
    await expect(enqueueInTransaction(api, [alert('job-rolled-back', 'chidi@example.ng')], true)).rejects.toThrow('rolled back');
    await enqueueInTransaction(api, [alert('job-after', 'dayo@example.ng')]);

    await catcher.waitFor((m) => m.messageId === '<job-after@voltmarket.test>', 5_000);
    expect(catcher.messagesTo('chidi@example.ng')).toEqual([]);
    expect(await query(api, `select key from mail_outbox where key = 'job-rolled-back'`)).toEqual([]);
  });
});

describe('the mail-send job of the API without SMTP_URL', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });

  afterAll(async () => api?.close());

  it('keeps mail in the outbox, unsent and not counted as an attempt', async () => {
    const completedRuns = async () =>
      (await query<{ n: number }>(api, `select count(*)::int as n from pgboss.job where name = 'mail-send' and state = 'completed'`))[0]!.n;
    const before = await completedRuns();
    await enqueueInTransaction(api, [alert('kept-1', 'ada@example.ng')]);

    const deadline = Date.now() + 10_000;
    while ((await completedRuns()) === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await completedRuns(), 'the woken run is done').toBeGreaterThan(before);
    expect(await query(api, `select attempts, sent_at, failed_at, last_error, claimed_until from mail_outbox where key = 'kept-1'`))
      .toEqual([{ attempts: 0, sent_at: null, failed_at: null, last_error: null, claimed_until: null }]);
  });
});
