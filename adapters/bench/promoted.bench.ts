/**
 * `npm run bench:promoted`: whether promoted slots keep what /advertise sells. A simulated day of
 * buyers' searches (BENCH_VISITS visits, 20,000 by default, from the search bench's realistic mix,
 * each scrolling on with a chance of 35% per page) over BENCH_LISTINGS listings (100,000), 1% of them
 * boosted, a third at each tier. It prints, per tier, how often boosted listings were shown at their
 * own place (what they would have had unboosted) and in promoted slots, and the multiplier against
 * the promise (2x, 5x, 10x); each boost's share of its tier's slots over 1,000 page views of narrow
 * and broad searches; whether a boost's age changes its share; the impressions the API counted
 * against those the buyers saw; and search latency, open loop at BENCH_PROMOTED_RATE (100) a second,
 * with slots and without (PROMOTED_SLOTS=0), the same searches in turn.
 */
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PACKAGES } from '@voltmarket/domain';
import { loadBenchListings } from './bench-data.js';
import { type Cleanup, createBenchDatabase, startBenchApiProcess } from './bench-stack.js';

process.env.BENCH_NO_MAIN = '1';
// A deterministic generator (every run scrolls the same), the mix and the open loop are the search bench's own.
const { openLoop, realisticMix, seeded } = await import('./search.bench.js');

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const VISITS = Number(process.env.BENCH_VISITS ?? 20_000);
const RATE = Number(process.env.BENCH_PROMOTED_RATE ?? 100);
const LATENCY_SECONDS = Number(process.env.BENCH_PROMOTED_SECONDS ?? 20);
/** Buyers scrolling at once through the day. */
const BUYERS = 16;
/** A buyer looks at the next page with this chance, page after page, up to MAX_PAGES. */
const SCROLL_ON = 0.35;
const MAX_PAGES = 10;
const out = (s: string) => process.stdout.write(`${s}\n`);
const fixed = (n: number, digits = 1) => n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

interface Card { id: number; isPromoted: boolean }
interface Seen { promoted: number; organic: number }

async function page(apiUrl: string, query: string, cursor?: string): Promise<{ cards: Card[]; next?: string }> {
  const q = new URLSearchParams(query);
  if (cursor) q.set('cursor', cursor);
  const res = await fetch(`${apiUrl}/api/vehicles?${q.toString()}`);
  if (!res.ok) throw new Error(`${res.status} for ${q.toString()}: ${await res.text()}`);
  return { cards: (await res.json()) as Card[], next: res.headers.get('X-Next-Cursor') ?? undefined };
}

const count = (seen: Map<number, Seen>, card: Card) => {
  const s = seen.get(card.id) ?? { promoted: 0, organic: 0 };
  if (card.isPromoted) s.promoted++;
  else s.organic++;
  seen.set(card.id, s);
};

/** The day: each visit starts at the first page of a search of the mix and scrolls on by chance. */
async function day(apiUrl: string): Promise<{ seen: Map<number, Seen>; pages: number; seconds: number }> {
  const random = seeded(27);
  // Visits start at the top of a search: the mix's later pages are where scrolling takes them.
  const visits = realisticMix(VISITS).map((q) => {
    const p = new URLSearchParams(q);
    p.delete('offset');
    return p.toString();
  });
  const depths = visits.map(() => {
    let pages = 1;
    while (pages < MAX_PAGES && random() < SCROLL_ON) pages++;
    return pages;
  });
  const seen = new Map<number, Seen>();
  let pages = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: BUYERS }, async () => {
    while (next < visits.length) {
      const i = next++;
      let cursor: string | undefined;
      for (let p = 0; p < depths[i]!; p++) {
        const answer = await page(apiUrl, visits[i]!, cursor);
        answer.cards.forEach((card) => count(seen, card));
        pages++;
        if (!answer.next) break;
        cursor = answer.next;
      }
    }
  }));
  return { seen, pages, seconds: (performance.now() - started) / 1000 };
}

/** 1,000 (or `views`) first pages of one search: each boost's promoted slots. */
async function slotsOver(apiUrl: string, query: string, views: number): Promise<Map<number, number>> {
  const slots = new Map<number, number>();
  for (let v = 0; v < views; v++) {
    for (const card of (await page(apiUrl, query)).cards) if (card.isPromoted) slots.set(card.id, (slots.get(card.id) ?? 0) + 1);
  }
  return slots;
}

async function main(): Promise<void> {
  const cleanups: Cleanup[] = [];
  try {
    out(`Voltmarket promoted slots benchmark: ${LISTINGS.toLocaleString('en')} listings, ${VISITS.toLocaleString('en')} visits, Node ${process.version}`);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-bench-promoted-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    const dbUrl = await createBenchDatabase(dir, `voltmarket_promoted_${process.pid}`, cleanups);
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    cleanups.push(() => db.end());
    await loadBenchListings(db, LISTINGS);
    const slotted = await startBenchApiProcess(dbUrl, dir, cleanups);
    const plain = await startBenchApiProcess(dbUrl, dir, cleanups, { PROMOTED_SLOTS: '0' });

    const boosts = (await db.query<{ id: number; tier: number; created: Date }>(
      `select id, boost_tier as tier, created_at as created from listings where status = 'active' and boost_tier > 0 and boosted_until > now() + interval '1 hour'`,
    )).rows;
    const tierOf = new Map(boosts.map((b) => [b.id, b.tier]));
    // Every listing whose boost runs at all (some end within the hour, and are left out of the tiers' figures).
    const anyBoost = new Set((await db.query<{ id: number }>(`select id from listings where boost_tier > 0 and boosted_until > now()`)).rows.map((r) => r.id));
    out(`Running boosts: ${boosts.length.toLocaleString('en')} (${[1, 2, 3].map((t) => `${boosts.filter((b) => b.tier === t).length} at tier ${t}`).join(', ')})`);

    // The day.
    const { seen, pages, seconds } = await day(slotted.url);
    out('');
    out(`A day of searches: ${pages.toLocaleString('en')} pages in ${fixed(seconds)} s. Impressions of boosted listings, at their own place (what they would have had unboosted) and in promoted slots:`);
    const unboosted = [...seen.entries()].filter(([id]) => !anyBoost.has(id));
    const unboostedLive = Number((await db.query<{ n: string }>(
      `select count(*) as n from listings where status = 'active' and not (boost_tier > 0 and boosted_until > now())`)).rows[0]!.n);
    // What an unboosted listing got on average: the places it stood in, over every unboosted live listing.
    const perUnboosted = unboosted.reduce((n, [, s]) => n + s.organic, 0) / unboostedLive;
    out('| tier | package | boosted listings | at their place | in promoted slots | against their own place | against an average unboosted listing | promised | median, listings shown 10+ times at their place |');
    out('|---:|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const offer of Object.values(PACKAGES)) {
      const ids = boosts.filter((b) => b.tier === offer.tier).map((b) => b.id);
      const organic = ids.reduce((n, id) => n + (seen.get(id)?.organic ?? 0), 0);
      const promoted = ids.reduce((n, id) => n + (seen.get(id)?.promoted ?? 0), 0);
      const each = ids.map((id) => seen.get(id)).filter((s): s is Seen => !!s && s.organic >= 10).map((s) => (s.organic + s.promoted) / s.organic).sort((a, b) => a - b);
      const median = each.length ? `${fixed(each[Math.floor(each.length / 2)]!)}x (${each.length})` : '-';
      const average = perUnboosted ? `${fixed((organic + promoted) / ids.length / perUnboosted)}x` : '-';
      out(`| ${offer.tier} | ${offer.name} | ${ids.length} | ${organic.toLocaleString('en')} | ${promoted.toLocaleString('en')} | ${organic ? `${fixed((organic + promoted) / organic)}x` : '-'} | ${average} | ${offer.visibility}x | ${median} |`);
    }
    out(`Unboosted listings: ${unboostedLive.toLocaleString('en')} live, ${unboosted.length.toLocaleString('en')} of them shown, ${unboosted.reduce((n, [, s]) => n + s.organic, 0).toLocaleString('en')} times in all (${fixed(perUnboosted)} a listing); never in a slot: ${unboosted.every(([, s]) => s.promoted === 0)}`);

    // What the API counted, once its batch is written.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const counted = (await db.query<{ promoted: string; organic: string }>('select coalesce(sum(promoted), 0) as promoted, coalesce(sum(organic), 0) as organic from listing_impressions')).rows[0]!;
    const sawPromoted = [...seen.values()].reduce((n, s) => n + s.promoted, 0);
    const sawOrganic = [...seen.values()].reduce((n, s) => n + s.organic, 0);
    out(`Impressions the API counted: ${Number(counted.promoted).toLocaleString('en')} promoted, ${Number(counted.organic).toLocaleString('en')} at their place; the buyers saw ${sawPromoted.toLocaleString('en')} and ${sawOrganic.toLocaleString('en')}.`);

    // Fair shares within each tier, for one search at a time.
    out('');
    out('Each boost\'s share of its tier\'s slots, first pages of one search (fair: every boost of a tier as many as the others, whatever its age):');
    out('| search | page views | tier | boosts shown | slots each: min / mean / max | furthest from the mean | newest third / oldest third of the tier (mean slots) |');
    out('|---|---:|---:|---:|---:|---:|---:|');
    const byAge = [...boosts].sort((a, b) => a.created.getTime() - b.created.getTime());
    for (const [query, views] of [['location=Lagos', 1_000], ['location=Kano&sort=price_asc', 1_000], ['vehicleType=car&brand=Tesla', 1_000], ['', 1_000], ['', 10_000]] as const) {
      const slots = await slotsOver(slotted.url, query, views);
      // The tier's boosts this search matches: those its slots showed, plus any never shown.
      const where = whereOf(query);
      const matched = (await db.query<{ id: number }>(`select id from listings where status = 'active' and boost_tier > 0 and boosted_until > now() ${where.sql}`, where.params)).rows.map((r) => r.id);
      for (const tier of [1, 2, 3]) {
        const ids = matched.filter((id) => tierOf.get(id) === tier);
        if (ids.length === 0) continue;
        const shares = ids.map((id) => slots.get(id) ?? 0);
        const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
        const furthest = Math.max(...shares.map((s) => Math.abs(s - mean))) / (mean || 1);
        const aged = byAge.filter((b) => ids.includes(b.id));
        const third = Math.max(1, Math.floor(aged.length / 3));
        const avg = (list: typeof aged) => list.reduce((n, b) => n + (slots.get(b.id) ?? 0), 0) / list.length;
        out(`| ${query || '(all)'} | ${views.toLocaleString('en')} | ${tier} | ${shares.filter((s) => s > 0).length} of ${ids.length} | ${Math.min(...shares)} / ${fixed(mean)} / ${Math.max(...shares)} | ±${fixed(furthest * 100, 0)}% | ${fixed(avg(aged.slice(-third)))} / ${fixed(avg(aged.slice(0, third)))} |`);
      }
    }

    // Latency: the same searches in turn through the API with slots and the one without.
    out('');
    out(`Search latency, open loop at ${RATE} req/s, ${LATENCY_SECONDS} s per run, the realistic mix (ms from each request's scheduled send):`);
    out('| API | run | p50 | p95 | p99 | errors |');
    out('|---|---:|---:|---:|---:|---:|');
    const mix = realisticMix(RATE * LATENCY_SECONDS);
    const url = (apiUrl: string) => (i: number) => `${apiUrl}/api/vehicles?${mix[i % mix.length]}`;
    for (const api of [plain, slotted]) await openLoop(url(api.url), RATE, 10); // both warm, the same searches kept
    const p95s: Record<string, number[]> = { 'without slots': [], 'with 2 slots': [] };
    for (let run = 1; run <= 2; run++) {
      for (const [name, api] of [['without slots', plain], ['with 2 slots', slotted]] as const) {
        const f = await openLoop(url(api.url), RATE, LATENCY_SECONDS);
        p95s[name]!.push(f.p95);
        out(`| ${name} | ${run} | ${fixed(f.p50)} | ${fixed(f.p95)} | ${fixed(f.p99)} | ${f.errors} |`);
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    out(`p95 with slots against without: ${fixed((mean(p95s['with 2 slots']!) / mean(p95s['without slots']!) - 1) * 100)}%`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

/** The filter of a bench search's query string as SQL with its values apart (its filters only; the searches here name no text). */
function whereOf(query: string): { sql: string; params: string[] } {
  const q = new URLSearchParams(query);
  const params: string[] = [];
  const clauses = ([['location', 'location'], ['brand', 'brand'], ['vehicleType', 'vehicle_type']] as const)
    .filter(([name]) => q.get(name))
    .map(([name, column]) => `and ${column} = $${params.push(q.get(name)!)}`);
  return { sql: clauses.join(' '), params };
}

main().then(() => process.exit(0), (err: unknown) => {
  process.stderr.write(`Benchmark failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
