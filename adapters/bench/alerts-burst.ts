/**
 * Part 3 of the alerts bench: a burst of approvals through the API in its own process, open loop at
 * a fixed rate, on the database with the saved searches and on a copy of the market without any; then,
 * for the run with saved searches, approval → notice and approval → mail sent for every alert.
 */
import type pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import { alertFor, emailsFor } from '@voltmarket/domain';
import { emulatorSignIn } from '../src/firebase/auth-emulator.js';
import { PostgresAlertMatcher } from '../src/postgres/alerts/alert-matcher.js';
import { inContext } from '../src/postgres/orm.js';
import { int, openLoopRecorded, out, type Sent, sleep, type Spread, spread, spreadText } from './alerts-common.js';
import { buyerVerified } from './saved-search-data.js';
import { type Cleanup, startBenchApiProcess } from './bench-stack.js';

export const SUPPORT = { email: 'support@voltmarket.test', password: 'bench-support-pw' };

export interface BurstRun {
  approvals: Spread;
  errors: number;
  seconds: number;
}

export interface Delivery {
  /** Instant and in-app alerts (notices are one per buyer and listing) and instant mails the burst should give. */
  notices: { expected: number; made: number; latency: Spread; within60: number };
  mails: { expected: number; written: number; sent: number; latency: Spread; within60: number };
  /** Changes matched before the wait ended, and how long the wait took. */
  matched: number;
  drainedAfter: number | null;
  waited: number;
  left: { queued: number; unsent: number };
  alerts: number;
  timeline: string[];
}

/** The support account, with its address verified (staff roles go to verified addresses only), as an admin would make it. */
export async function signUpSupport(host: string, project: string): Promise<void> {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...SUPPORT, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`support sign-up: ${res.status} ${await res.text()}`);
  const { localId } = (await res.json()) as { localId: string };
  // The emulator takes "owner" as an admin's credentials.
  const verified = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:update`, {
    method: 'POST', headers: { 'content-type': 'application/json', Authorization: 'Bearer owner' }, body: JSON.stringify({ localId, emailVerified: true }),
  });
  if (!verified.ok) throw new Error(`support verification: ${verified.status} ${await verified.text()}`);
}

/**
 * Starts an API on `dbUrl`, approves `ids` at `ids.length / seconds` a second, and waits (after) as
 * `afterBurst` says; the API is stopped before returning.
 */
export async function approvalBurst<T>(input: {
  dbUrl: string; dir: string; env: Record<string, string>; emulatorHost: string; ids: number[]; seconds: number;
  afterBurst: (sent: Sent[]) => Promise<T>;
}): Promise<{ run: BurstRun; sent: Sent[]; after: T }> {
  const local: Cleanup[] = [];
  try {
    const api = await startBenchApiProcess(input.dbUrl, input.dir, local, input.env);
    // A token per run: the emulator's expire in an hour.
    const token = await emulatorSignIn(input.emulatorHost, SUPPORT.email, SUPPORT.password);
    const auth = { Authorization: `Bearer ${token}` };
    // Registers the support account, warms the staff routes and the search.
    for (const path of ['/api/auth/user', `/api/admin/vehicles/${input.ids[0]}`, '/api/vehicles', '/api/vehicles?location=Lagos']) {
      const res = await fetch(`${api.url}${path}`, { headers: auth });
      if (!res.ok) throw new Error(`warm-up ${path}: ${res.status} ${await res.text()}`);
    }
    const sent = await openLoopRecorded(
      (i) => ({ url: `${api.url}/api/admin/vehicles/${input.ids[i]}/approve`, method: 'POST', headers: auth }),
      input.ids.length / input.seconds, { count: input.ids.length },
    );
    const ok = sent.filter((s) => s.status === 200);
    const run = { approvals: spread(ok.map((s) => s.latency)), errors: sent.length - ok.length, seconds: (sent.at(-1)!.dueAt - sent[0]!.dueAt) / 1000 };
    out(`  approvals: ${spreadText(run.approvals)} ms, ${run.errors} errors`);
    return { run, sent, after: await input.afterBurst(sent) };
  } finally {
    for (const cleanup of local.reverse()) await cleanup().catch(() => undefined);
  }
}

/** Waits until no listing change is queued and no mail unsent, or `maxSeconds`; prints where it stands now and then. */
export async function waitForAlerts(db: pg.Client, maxSeconds: number, burstIds: number[]): Promise<{ drainedAfter: number | null; waited: number; timeline: string[] }> {
  const begun = Date.now();
  const timeline: string[] = [];
  let last = 0;
  for (;;) {
    const { rows: [s] } = await db.query<{ queued: number; written: number; unsent: number; notices: number }>(
      `select (select count(*)::int from alert_queue) as queued,
              (select count(*)::int from mail_outbox where kind = 'alert') as written,
              (select count(*)::int from mail_outbox where sent_at is null and failed_at is null) as unsent,
              (select count(*)::int from notifications where type = 'listing' and title ~ '^(New match|Price drop)'
                 and (metadata->>'vehicleId')::int = any($1::int[])) as notices`, [burstIds]);
    const waited = (Date.now() - begun) / 1000;
    if (waited - last >= 30 || (s!.queued === 0 && s!.unsent === 0)) {
      last = waited;
      const line = `${waited.toFixed(0)} s after the burst: ${int(s!.queued)} changes queued, ${int(s!.notices)} notices, ${int(s!.written)} alert mails written, ${int(s!.unsent)} unsent`;
      timeline.push(line);
      out(`  ${line}`);
    }
    if (s!.queued === 0 && s!.unsent === 0) return { drainedAfter: waited, waited, timeline };
    if (waited >= maxSeconds) return { drainedAfter: null, waited, timeline };
    await sleep(2000);
  }
}

/**
 * Approval → notice and approval → mail sent for every alert of the burst. The approval's time is when
 * its answer arrived (its transaction had committed). Listings still queued when the wait ended are
 * matched here, to count the notices and mails they owe.
 */
export async function deliveryOf(db: pg.Client, orm: MikroORM, sent: Sent[], ids: number[], waited: { drainedAfter: number | null; waited: number; timeline: string[] }): Promise<Delivery> {
  const approvedAt = new Map(sent.filter((s) => s.status === 200).map((s) => [ids[s.i]!, s.doneAt]));
  const { rows: notices } = await db.query<{ listing: number; at: Date }>(
    `select (metadata->>'vehicleId')::int as listing, created_at as at from notifications
     where type = 'listing' and title ~ '^(New match|Price drop)' and (metadata->>'vehicleId')::int = any($1::int[])`, [ids]);
  const { rows: mails } = await db.query<{ listing: number; sent: Date | null }>(
    `select (regexp_match(text_body, '/vehicles/([0-9]+)'))[1]::int as listing, sent_at as sent from mail_outbox where kind = 'alert'`);
  const { rows: [left] } = await db.query<{ queued: number; unsent: number }>(
    `select (select count(*)::int from alert_queue) as queued, (select count(*)::int from mail_outbox where sent_at is null and failed_at is null) as unsent`);
  const { rows: [hits] } = await db.query<{ n: number }>(`select count(*)::int as n from saved_search_hits where listing_id = any($1::int[])`, [ids]);
  const { rows: queued } = await db.query<{ listing_id: number }>(`select listing_id from alert_queue`);
  // What the changes still queued owe: matched now, as the job would.
  let owedNotices = 0;
  let owedMails = 0;
  const matcher = new PostgresAlertMatcher(orm);
  for (const { listing_id: id } of queued) {
    const found = await inContext(orm, () => matcher.candidates(id));
    if (!found) continue;
    const told = found.candidates.filter((c) => alertFor(c, found.listing, { kind: 'live' }));
    owedNotices += new Set(told.filter((c) => c.channel === 'instant' || c.channel === 'app').map((c) => c.userId)).size;
    owedMails += told.filter((c) => c.channel === 'instant' && emailsFor(c.channel) && buyerVerified(Number(c.userId.split('-').at(-1)))).length;
  }
  const since = (listing: number, at: Date) => at.getTime() - approvedAt.get(listing)!;
  const noticeLatency = notices.filter((n) => approvedAt.has(n.listing)).map((n) => since(n.listing, n.at));
  const sentMails = mails.filter((m) => m.sent && approvedAt.has(m.listing));
  const mailLatency = sentMails.map((m) => since(m.listing, m.sent!));
  return {
    notices: { expected: notices.length + owedNotices, made: notices.length, latency: spread(noticeLatency), within60: noticeLatency.filter((l) => l <= 60_000).length },
    mails: { expected: mails.length + owedMails, written: mails.length, sent: sentMails.length, latency: spread(mailLatency), within60: mailLatency.filter((l) => l <= 60_000).length },
    matched: ids.length - queued.length,
    ...waited,
    left: left!,
    alerts: hits!.n,
  };
}
