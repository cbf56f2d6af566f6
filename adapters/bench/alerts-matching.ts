/**
 * Part 2 of the alerts bench: matching one new listing. PostgresAlertMatcher.candidates timed alone
 * and at a fixed arrival rate over listings of the bench's market (with the broadest ones), the slowest
 * explained, then the whole per-listing work of MatchListingChanges (matching, hits, notices, outbox).
 */
import type pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import { MatchListingChanges, Notifier } from '@voltmarket/application';
import { alertFor, type AlertCandidate } from '@voltmarket/domain';
import { CANDIDATES_SQL, PostgresAlertMatcher } from '../src/postgres/alerts/alert-matcher.js';
import { PostgresAlertHits } from '../src/postgres/alerts/alert-hits.js';
import { PostgresAlertQueue } from '../src/postgres/alerts/alert-queue.js';
import { HmacUnsubscribeTokens } from '../src/postgres/alerts/unsubscribe-tokens.js';
import { PostgresConversationStore } from '../src/postgres/conversation-store.js';
import { PostgresLiveEvents } from '../src/postgres/live-event-store.js';
import { PostgresMailOutbox } from '../src/postgres/mail-outbox.js';
import { PostgresNotificationRepository } from '../src/postgres/notification-store.js';
import { inContext } from '../src/postgres/orm.js';
import { sqlRows } from '../src/postgres/sql.js';
import { MikroOrmUnitOfWork } from '../src/postgres/unit-of-work.js';
import { int, ms, out, sleep, type Spread, spread, spreadText } from './alerts-common.js';

export interface MarketListing {
  id: number;
  brand: string;
  model: string;
  location: string;
  price: number;
  vehicle_type: string;
  year: number;
}

interface Timed {
  listing: MarketListing;
  ms: number;
  candidates: number;
  matches: number;
  broad?: string;
}

export interface MatchingFigures {
  listings: number;
  alone: Spread;
  atRate: Spread;
  rate: number;
  candidates: Spread;
  matches: Spread;
  slowest: { what: string; ms: number; keyRows: number; candidates: number; matches: number }[];
  work: { listings: number; time: Spread; alerts: Spread; mails: Spread; slowest: { what: string; ms: number; alerts: number; mails: number }[] };
  explain: string;
}

const describe = (l: MarketListing) => `#${l.id} ${l.year} ${l.brand} ${l.model} (${l.vehicle_type}) in ${l.location}, ₦${l.price.toLocaleString('en')}`;

/** The broadest listings of the market by construction: cheap, in the biggest city, of popular brands and models. */
async function broadest(db: pg.Client): Promise<{ id: number; why: string }[]> {
  const picks: [string, string][] = [
    ['the cheapest car in Lagos', `location = 'Lagos' and vehicle_type = 'car'`],
    ['the cheapest listing in Lagos', `location = 'Lagos'`],
    ['the cheapest Tesla in Lagos', `location = 'Lagos' and brand = 'Tesla'`],
    ['the cheapest Nissan Leaf in Lagos', `location = 'Lagos' and brand = 'Nissan' and model = 'Leaf'`],
    ['the cheapest Hyundai in Lagos', `location = 'Lagos' and brand = 'Hyundai'`],
    ['the cheapest BYD in Lagos', `location = 'Lagos' and brand = 'BYD'`],
    ['the cheapest Tesla in Kano', `location = 'Kano' and brand = 'Tesla'`],
  ];
  const found: { id: number; why: string }[] = [];
  for (const [why, where] of picks) {
    const { rows } = await db.query<{ id: number }>(`select id from listings where status = 'active' and ${where} order by price, id limit 1`);
    if (rows[0]) found.push({ id: rows[0].id, why });
  }
  return found;
}

const matchesOf = (found: Awaited<ReturnType<PostgresAlertMatcher['candidates']>>) =>
  found ? found.candidates.filter((c: AlertCandidate) => alertFor(c, found.listing, { kind: 'live' })).length : 0;

/** The rows the statement read from saved_search_keys, from its plan. */
function keyRowsOf(plan: unknown): number {
  let rows = 0;
  const walk = (node: Record<string, unknown>) => {
    if (node['Relation Name'] === 'saved_search_keys') rows += Number(node['Actual Rows'] ?? 0) * Number(node['Actual Loops'] ?? 1);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk(((plan as { Plan: Record<string, unknown> }[])[0]!).Plan);
  return rows;
}

export async function measureMatching(orm: MikroORM, pool: pg.Pool, db: pg.Client, market: MarketListing[], options: {
  listings: number; rate: number; workListings: number; random: () => number; publicUrl: string;
}): Promise<MatchingFigures> {
  const byId = new Map(market.map((l) => [l.id, l]));
  const broad = await broadest(db);
  const sample = new Set(broad.map((b) => b.id));
  while (sample.size < Math.min(options.listings, market.length)) sample.add(market[Math.floor(options.random() * market.length)]!.id);
  const ids = [...sample];
  const why = new Map(broad.map((b) => [b.id, b.why]));
  const matcher = new PostgresAlertMatcher(orm);
  for (const id of ids.slice(-20)) await inContext(orm, () => matcher.candidates(id)); // warm-up: JIT, connections

  // Each alone, one after the other.
  const timed: Timed[] = [];
  for (const id of ids) {
    const started = performance.now();
    const found = await inContext(orm, () => matcher.candidates(id));
    const took = performance.now() - started;
    timed.push({ listing: byId.get(id)!, ms: took, candidates: found?.candidates.length ?? 0, matches: matchesOf(found), broad: why.get(id) });
  }
  out(`  alone: ${spreadText(spread(timed.map((t) => t.ms)))} ms over ${int(timed.length)} listings`);

  // The same listings arriving at a fixed rate, whatever the matching before is doing.
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const begun = performance.now();
  for (const [i, id] of ids.entries()) {
    const due = begun + (i * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(inContext(orm, () => matcher.candidates(id)).then(() => void latencies.push(performance.now() - due)));
  }
  await Promise.all(pending);
  out(`  at ${options.rate}/s: ${spreadText(spread(latencies))} ms`);

  // The slowest, with what they read.
  const slowest = [...timed].sort((a, b) => b.ms - a.ms).slice(0, 8);
  const explained: MatchingFigures['slowest'] = [];
  for (const t of slowest) {
    const [row] = await inContext(orm, () => sqlRows<{ 'QUERY PLAN': unknown }>(orm, `explain (analyze, format json) ${CANDIDATES_SQL}`, [t.listing.id]));
    explained.push({ what: `${describe(t.listing)}${t.broad ? ` — ${t.broad}` : ''}`, ms: t.ms, keyRows: keyRowsOf(row!['QUERY PLAN']), candidates: t.candidates, matches: t.matches });
  }
  const plan = await inContext(orm, () => sqlRows<{ 'QUERY PLAN': string }>(orm, `explain (analyze, buffers) ${CANDIDATES_SQL}`, [slowest[0]!.listing.id]));
  for (const t of timed.filter((x) => x.broad)) out(`  ${t.broad}: ${ms(t.ms)} ms, ${int(t.candidates)} candidates, ${int(t.matches)} matches`);

  // The whole work of one change: MatchListingChanges as the job runs it, one change per transaction.
  const work = await measureWork(orm, pool, [...slowest.slice(0, 10).map((t) => t.listing.id), ...ids.filter((id) => !slowest.some((t) => t.listing.id === id))].slice(0, options.workListings), options.publicUrl);

  return {
    listings: timed.length,
    alone: spread(timed.map((t) => t.ms)),
    atRate: spread(latencies),
    rate: options.rate,
    candidates: spread(timed.map((t) => t.candidates)),
    matches: spread(timed.map((t) => t.matches)),
    slowest: explained,
    work: { ...work, slowest: work.slowest.map((w) => ({ ...w, what: describe(byId.get(w.id)!) })) },
    explain: plan.map((r) => r['QUERY PLAN']).join('\n'),
  };
}

/** MatchListingChanges over `ids`, each change queued then matched alone; the clean-up is the caller's. */
async function measureWork(orm: MikroORM, pool: pg.Pool, ids: number[], publicUrl: string) {
  const clock = { now: () => new Date() };
  const queue = new PostgresAlertQueue(orm);
  const notifier = new Notifier(new PostgresNotificationRepository(orm), new PostgresConversationStore(orm), new PostgresLiveEvents(orm), clock);
  const match = new MatchListingChanges(
    queue, new PostgresAlertMatcher(orm), new PostgresAlertHits(orm), notifier, new PostgresMailOutbox(orm),
    new HmacUnsubscribeTokens(pool), new MikroOrmUnitOfWork(orm), clock, { publicUrl, maxChanges: 1 },
  );
  const runs: { id: number; ms: number; alerts: number; mails: number }[] = [];
  for (const id of ids) {
    await inContext(orm, () => queue.enqueue(id, { kind: 'live' }, new Date()));
    const started = performance.now();
    const run = await inContext(orm, () => match.execute());
    runs.push({ id, ms: performance.now() - started, alerts: run.alerts, mails: run.mails });
  }
  out(`  MatchListingChanges, per change: ${spreadText(spread(runs.map((r) => r.ms)))} ms over ${runs.length} listings`);
  return {
    listings: runs.length,
    time: spread(runs.map((r) => r.ms)),
    alerts: spread(runs.map((r) => r.alerts)),
    mails: spread(runs.map((r) => r.mails)),
    slowest: [...runs].sort((a, b) => b.ms - a.ms).slice(0, 5),
  };
}
