import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { OutgoingMail } from '@voltmarket/application';
import { MAIL_SEND_QUEUE, PostgresMailOutbox } from '../../src/postgres/mail-outbox.js';
import { inContext } from '../../src/postgres/orm.js';
import { MikroOrmUnitOfWork } from '../../src/postgres/unit-of-work.js';
import { WORK_CHANNEL } from '../../src/postgres/wake-after-commit.js';
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

/**
 * A wake reaches the job at once (the first case hears it; wakeable-jobs.test.ts holds what a wake
 * does), and the mail usually arrives within half a second. The bound leaves room for a CI machine
 * busy with other suites: once it waited more than 5 s.
 */
const DELIVERY_MS = 20_000;

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

  /** What the job and the outbox were doing, for a failure message: a slow machine and a lost wake-up look alike from outside. */
  const state = async () => JSON.stringify({
    runs: await query(api, `select state, created_on, started_on, completed_on from pgboss.job where name = 'mail-send' order by created_on`),
    outbox: await query(api, `select key, attempts, sent_at, claimed_until, last_error from mail_outbox order by id`),
  });
  const caught = (messageId: string) => catcher.waitFor((m) => m.messageId === messageId, DELIVERY_MS)
    .catch(async (err: Error) => { throw new Error(`${err.message}\n${await state()}`); });

  it('wakes the mail-send queue of every API process when the transaction that wrote mail commits, and only then', async () => {
    const listener = new pg.Client({ connectionString: api.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(`${n.channel}:${n.payload ?? ''}`));
    await listener.query(`listen ${WORK_CHANNEL}`);
    try {
      await expect(enqueueInTransaction(api, [alert('wake-rolled-back', 'chidi@example.ng')], true)).rejects.toThrow('rolled back');
      await enqueueInTransaction(api, [alert('wake-1', 'ada@example.ng')]);
      // Notifications of one connection arrive in commit order: once the marker is heard, a wake of the rolled-back transaction would have been too.
      await query(api, `select pg_notify('${WORK_CHANNEL}', 'marker')`);
      const deadline = Date.now() + 5_000;
      while (!heard.includes(`${WORK_CHANNEL}:marker`) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      // Other queues' wakes may come and go; this commit's mail wakes the mail queue once, the rolled-back one not at all.
      expect(heard.filter((h) => h.endsWith(`:${MAIL_SEND_QUEUE}`) || h.endsWith(':marker'))).toEqual([`${WORK_CHANNEL}:${MAIL_SEND_QUEUE}`, `${WORK_CHANNEL}:marker`]);
    } finally {
      await listener.end();
    }
    await caught('<wake-1@voltmarket.test>');
  });

  it('sends each mail the commit wrote, with its headers, and records the send', async () => {
    await enqueueInTransaction(api, [alert('job-1', 'ada@example.ng'), alert('job-2', 'bola@example.ng')]);

    const [ada, bola] = await Promise.all([caught('<job-1@voltmarket.test>'), caught('<job-2@voltmarket.test>')]);
    expect(ada).toMatchObject({ to: ['ada@example.ng'], subject: 'New match for ada@example.ng', html: '<p>A 2023 Kia EV6 in Abuja.</p>', text: 'A 2023 Kia EV6 in Abuja.' });
    expect(ada.headers.from).toBe('Voltmarket Alerts <alerts@voltmarket.test>');
    expect(bola.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The outbox records the send right after the server took it.
    const deadline = Date.now() + DELIVERY_MS;
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

    await caught('<job-after@voltmarket.test>');
    expect(catcher.messagesTo('chidi@example.ng')).toEqual([]);
    expect(await query(api, `select key from mail_outbox where key in ('job-rolled-back', 'wake-rolled-back')`)).toEqual([]);
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
