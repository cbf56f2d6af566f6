/** Values kept for a few seconds and refreshed by one query at a time, and a gate that runs so many tasks at once. */

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
