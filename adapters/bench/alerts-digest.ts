/**
 * Part 4 of the alerts bench: the daily digest for many buyers, run as the API runs it (a job of
 * `alerts-digest-daily` queued through pg-boss, worked in the API's process), while buyers search at
 * a fixed rate; search latency during the digest against the same searches without it.
 */
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { int, openLoopRecorded, out, type Sent, sleep, type Spread, spread, spreadText } from './alerts-common.js';
import { buyerId, type SavedSearchMix } from './saved-search-data.js';

export interface DigestFigures {
  buyers: number;
  matches: number;
  /** From the job's start to its end, as pg-boss recorded them. */
  seconds: number;
  state: string;
  mailsWritten: number;
  sentDuringDigest: number;
  sendingDoneAfter: number | null;
  search: { before: Spread; during: Spread; sending: Spread; errors: number };
}

/**
 * Marks every match sent, then gives `count` buyers who keep a daily search (not paused) 1 to 10 new
 * matches waiting for the daily digest (fewer more often), spread over their daily searches: live
 * listings of the search's brand when it names one, else any live listing.
 */
export async function prepareDigests(db: pg.Client, mix: SavedSearchMix, count: number, random: () => number): Promise<{ buyers: number; matches: number }> {
  await db.query(`update saved_search_hits set digest_due = false where digest_due`);
  const { rows: live } = await db.query<{ id: number; brand: string }>(`select id, brand from listings where status = 'active'`);
  const allIds = live.map((l) => l.id);
  const byBrand = new Map<string, number[]>();
  for (const l of live) {
    if (!byBrand.has(l.brand)) byBrand.set(l.brand, []);
    byBrand.get(l.brand)!.push(l.id);
  }
  const daily = new Map<number, { id: string; brand?: string }[]>();
  for (const s of mix.searches) {
    if (s.channel !== 'daily' || s.paused) continue;
    if (!daily.has(s.buyer)) daily.set(s.buyer, []);
    daily.get(s.buyer)!.push({ id: s.id, brand: s.criteria.brand });
  }
  const buyers = [...daily.keys()];
  for (let i = buyers.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [buyers[i], buyers[j]] = [buyers[j]!, buyers[i]!];
  }
  const chosen = buyers.slice(0, count);
  // 1 to 10 matches, fewer more often (weights 1/n^0.8: mean about 4).
  const weights = Array.from({ length: 10 }, (_, n) => 1 / (n + 1) ** 0.8);
  const total = weights.reduce((a, b) => a + b, 0);
  const howMany = () => {
    let r = random() * total;
    for (let n = 0; n < 10; n++) if ((r -= weights[n]!) < 0) return n + 1;
    return 10;
  };
  const searchIds: string[] = [];
  const listingIds: number[] = [];
  const users: string[] = [];
  const hoursAgo: number[] = [];
  for (const buyer of chosen) {
    const own = daily.get(buyer)!;
    const seen = new Set<string>();
    for (let k = howMany(); k > 0; k--) {
      const search = own[Math.floor(random() * own.length)]!;
      const pool = (search.brand ? byBrand.get(search.brand) : undefined) ?? allIds;
      const listing = pool[Math.floor(random() * pool.length)]!;
      if (seen.has(`${search.id}:${listing}`)) continue;
      seen.add(`${search.id}:${listing}`);
      searchIds.push(search.id);
      listingIds.push(listing);
      users.push(buyerId(buyer));
      hoursAgo.push(random() * 24);
    }
  }
  for (let start = 0; start < searchIds.length; start += 50_000) {
    const end = start + 50_000;
    await db.query(
      `insert into saved_search_hits (saved_search_id, listing_id, user_id, price, drop_told, alert, first_at, last_at, digest_due)
       select h.s, h.l, h.u, l.price, false, '{"kind":"new"}', now() - h.ago * interval '1 hour', now() - h.ago * interval '1 hour', true
       from unnest($1::uuid[], $2::int[], $3::text[], $4::float8[]) as h(s, l, u, ago) join listings l on l.id = h.l
       on conflict (saved_search_id, listing_id) do update set digest_due = true`,
      [searchIds.slice(start, end), listingIds.slice(start, end), users.slice(start, end), hoursAgo.slice(start, end)]);
  }
  await db.query('vacuum analyze saved_search_hits');
  return { buyers: chosen.length, matches: searchIds.length };
}

/**
 * With the API running: the search mix at `rate` for `baselineSeconds`; then a run of the daily
 * digest queued through pg-boss and the same searches, on, until the job ends and the mail it wrote
 * is sent (or `maxSeconds`).
 */
export async function runDigest(input: {
  db: pg.Client; dbUrl: string; apiUrl: string; mix: string[]; rate: number; baselineSeconds: number; maxSeconds: number;
  received: () => Promise<number>;
}): Promise<Omit<DigestFigures, 'buyers' | 'matches'>> {
  const { db, apiUrl, mix, rate } = input;
  const search = (i: number) => ({ url: `${apiUrl}/api/vehicles?${mix[i % mix.length]}` });
  await openLoopRecorded(search, rate, { count: rate * 10 }); // warm: the mix's searches kept, as on a running site
  const before = await openLoopRecorded(search, rate, { count: Math.round(rate * input.baselineSeconds) });
  out(`  search without the digest: ${spreadText(spread(before.filter((s) => s.status === 200).map((s) => s.latency)))} ms`);

  const boss = new PgBoss({ connectionString: input.dbUrl, schema: 'pgboss', supervise: false, schedule: false, migrate: false, max: 1 });
  await boss.start();
  const jobId = await boss.send('alerts-digest-daily', {});
  await boss.stop({ graceful: false, close: true, wait: true });
  if (!jobId) throw new Error('the digest job was not queued');
  const sentBefore = await input.received();
  const begun = Date.now();
  let job: { state: string; started: Date | null; completed: Date | null } | undefined;
  let sentAtEnd = 0;
  let sendingDoneAfter: number | null = null;
  let stop = false;
  const watch = (async () => {
    while (!stop) {
      await sleep(1000);
      const { rows: [row] } = await db.query<{ state: string; started: Date | null; completed: Date | null }>(
        `select state, started_on as started, completed_on as completed from pgboss.job where id = $1`, [jobId]);
      if (!job?.completed && row?.completed) sentAtEnd = (await input.received()) - sentBefore;
      job = row;
      const done = job?.state === 'completed' || job?.state === 'failed';
      if (done) {
        const { rows: [u] } = await db.query<{ n: number }>(`select count(*)::int as n from mail_outbox where sent_at is null and failed_at is null`);
        if (u!.n === 0) {
          sendingDoneAfter = (Date.now() - begun) / 1000;
          stop = true;
        }
      }
      if ((Date.now() - begun) / 1000 > input.maxSeconds) stop = true;
    }
  })();
  const during = await openLoopRecorded(search, rate, { stop: () => stop });
  await watch;
  const started = job?.started?.getTime() ?? begun;
  const completed = job?.completed?.getTime() ?? Date.now();
  const ok = (s: Sent) => s.status === 200;
  const inDigest = during.filter((s) => ok(s) && s.dueAt >= started && s.dueAt <= completed).map((s) => s.latency);
  const sending = during.filter((s) => ok(s) && s.dueAt > completed).map((s) => s.latency);
  const { rows: [w] } = await db.query<{ n: number }>(`select count(*)::int as n from mail_outbox where kind = 'digest'`);
  const figures = {
    seconds: (completed - started) / 1000,
    state: job?.state ?? 'unknown',
    mailsWritten: w!.n,
    sentDuringDigest: sentAtEnd,
    sendingDoneAfter,
    search: { before: spread(before.filter(ok).map((s) => s.latency)), during: spread(inDigest), sending: spread(sending), errors: [...before, ...during].filter((s) => !ok(s)).length },
  };
  out(`  digest: ${figures.state} in ${figures.seconds.toFixed(1)} s, ${int(figures.mailsWritten)} mails written; search during it: ${spreadText(figures.search.during)} ms`);
  return figures;
}
