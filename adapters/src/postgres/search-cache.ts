import type { ClosenessRanking, MatchList, Ranking } from './listing-search.js';

/** Search values: fresh 10 s, or a thousand times as long as their query took, up to a minute. */
export const SEARCH_FRESHNESS: Freshness = { ttlMs: 10_000, maxTtlMs: 60_000, costlyPerMs: 1_000 };

interface Entry<T> {
  value: T;
  /** Served as it is until then. */
  freshUntil: number;
  /** Served while one refresh runs until then; after it, a reader waits for the refresh. */
  usableUntil: number;
}

/**
 * How long a value stays fresh: `ttlMs` at least, longer for a value that took long to compute
 * (`costlyPerMs` ms of freshness per ms its load took), up to `maxTtlMs`. So keeping a search's values
 * fresh costs it at most 1/costlyPerMs of the database's time, however costly its count. The time
 * taken includes waiting for a connection, so a busy database is asked to refresh less often.
 */
export interface Freshness {
  ttlMs: number;
  maxTtlMs: number;
  costlyPerMs: number;
}

/**
 * Runs at most `limit` tasks at once; the others wait their turn in arrival order. A task must not wait
 * on another task of the same gate, or the gate could fill with tasks waiting on ones that cannot start.
 */
export class TaskGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve)); // handed a running task's place
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/**
 * Values computed from the database for a few seconds, each recomputed by one query at a time:
 * a fresh value is served as it is; a stale one (up to `staleMs` past its freshness) is served at
 * once while a single refresh runs in the background; only a missing value is waited for, and all
 * who ask for it then wait for the same query. So a count over a million rows never runs twice at
 * once for one search, and no reader of a known search waits for it.
 */
export class SingleFlightMemo<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly running = new Map<string, Promise<T>>();
  /** Bumped by clear(): a refresh started before a write does not store what it read before it. */
  private generation = 0;

  private readonly freshness: Freshness;

  /** `gate`, when given, runs every load: so many at once at most, however many keys are missing. */
  constructor(
    freshness: number | Freshness,
    private readonly staleMs: number,
    private readonly maxEntries: number,
    private readonly clock: () => number = Date.now,
    private readonly gate?: TaskGate,
  ) {
    this.freshness = typeof freshness === 'number' ? { ttlMs: freshness, maxTtlMs: freshness, costlyPerMs: 0 } : freshness;
  }

  /** `refreshStale: false` serves a stale value without refreshing it: another load is known to be replacing it. */
  async get(key: string, load: () => Promise<T>, refreshStale = true): Promise<T> {
    const now = this.clock();
    const entry = this.entries.get(key);
    if (entry && entry.freshUntil > now) return entry.value;
    if (entry && entry.usableUntil > now) {
      if (refreshStale) void this.refresh(key, load).catch(() => undefined); // the next reader tries again
      return entry.value;
    }
    return this.refresh(key, load);
  }

  /** Whether a load of `key` is running now. */
  loading(key: string): boolean {
    return this.running.has(key);
  }

  /** Which clear() a value computed from now on belongs to: pass it to put(). */
  get epoch(): number {
    return this.generation;
  }

  /**
   * Keeps a value another key's query computed on the way (its `loadMs` setting its freshness, as for
   * get), unless a clear() came since `epoch`: then it may predate a write.
   */
  put(key: string, value: T, loadMs: number, epoch: number): void {
    if (epoch === this.generation) this.store(key, value, loadMs);
  }

  clear(): void {
    this.entries.clear();
    this.running.clear();
    this.generation++;
  }

  private refresh(key: string, load: () => Promise<T>): Promise<T> {
    const inFlight = this.running.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const started = this.clock();
    const loading = (this.gate ? this.gate.run(load) : load())
      .then((value) => {
        if (generation === this.generation) this.store(key, value, this.clock() - started);
        return value;
      })
      .finally(() => {
        if (this.running.get(key) === loading) this.running.delete(key);
      });
    this.running.set(key, loading);
    return loading;
  }

  private store(key: string, value: T, loadMs: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const { ttlMs, maxTtlMs, costlyPerMs } = this.freshness;
    const fresh = Math.min(maxTtlMs, Math.max(ttlMs, loadMs * costlyPerMs));
    const now = this.clock();
    this.entries.set(key, { value, freshUntil: now + fresh, usableUntil: now + fresh + this.staleMs });
  }
}

/**
 * How many of search's costly statements (counts, rankings, match lists) run at once in one process.
 * They hold a read connection each for tens of milliseconds at a million listings, so a burst of
 * first-seen searches could take all ten of the pool's while a page of a kept search waited behind
 * them: while 60 searches sent at once were answered, a kept search's page waited 1.3-1.4 s. With
 * four at most, the rest of the pool stays free for pages, and on two cores four statements already
 * keep the database busy.
 */
export const COSTLY_SEARCH_STATEMENTS_AT_ONCE = 4;

/**
 * How many costly pages run at once in one process: a page that walks a sort index past many
 * listings to reach its offset (see walksFar), or a typo search's ranking by closeness. Each costs
 * 0.1-0.6 s of a core at a million listings ("tesla" by price from the 9,976th: 0.6 s, every time);
 * two at once leave the other core to everyone else however many are asked for.
 */
export const COSTLY_PAGES_AT_ONCE = 2;

/**
 * What public search keeps between requests: each filter's total ("N vehicles found"), its running
 * boosts in rank order, and a narrow search's matches in order, each computed through one gate
 * (COSTLY_SEARCH_STATEMENTS_AT_ONCE), and a typo search's ranking by closeness, which stands for all
 * three. Writes through this process clear them all at once; other
 * replicas catch up within the freshness window (SEARCH_FRESHNESS), serving the value they have while
 * one query refreshes it.
 */
export class SearchCache {
  readonly totals: SingleFlightMemo<number>;
  readonly rankings: SingleFlightMemo<Ranking>;
  /** A narrow search's matches in its order (at most LISTED_MATCHES_MAX each, so fewer searches are kept). */
  readonly matches: SingleFlightMemo<MatchList | null>;
  /** Costly pages wait here (COSTLY_PAGES_AT_ONCE); nothing of them is kept. */
  readonly costlyPages = new TaskGate(COSTLY_PAGES_AT_ONCE);
  /**
   * A typo search's candidates ranked by closeness (up to 10,001 each, so fewer searches are kept),
   * each read through the costly pages' gate.
   */
  readonly closeness: SingleFlightMemo<ClosenessRanking>;

  constructor(freshness: Freshness = SEARCH_FRESHNESS, staleMs = 120_000, maxEntries = 1_000, atOnce = COSTLY_SEARCH_STATEMENTS_AT_ONCE) {
    const gate = new TaskGate(atOnce);
    this.totals = new SingleFlightMemo(freshness, staleMs, maxEntries, Date.now, gate);
    this.rankings = new SingleFlightMemo(freshness, staleMs, maxEntries, Date.now, gate);
    this.matches = new SingleFlightMemo(freshness, staleMs, Math.ceil(maxEntries / 5), Date.now, gate);
    this.closeness = new SingleFlightMemo(freshness, staleMs, Math.ceil(maxEntries / 20), Date.now, this.costlyPages);
  }

  clear(): void {
    this.totals.clear();
    this.rankings.clear();
    this.matches.clear();
    this.closeness.clear();
  }
}
