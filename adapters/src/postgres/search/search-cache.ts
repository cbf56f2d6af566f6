import { newPromotionRotation, type PromotionRotation } from '@voltmarket/domain';
import type { ClosenessRanking } from './closeness.js';
import type { RunningBoosts } from './running-boosts.js';
import { type Freshness, SingleFlightMemo, TaskGate } from './single-flight.js';
import type { MatchList } from './totals.js';

/** Search values: fresh 10 s, or a thousand times as long as their query took, up to a minute. */
export const SEARCH_FRESHNESS: Freshness = { ttlMs: 10_000, maxTtlMs: 60_000, costlyPerMs: 1_000 };

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

/** How many searches' rotations of promoted slots a process keeps (the least recently used go first). */
export const ROTATIONS_KEPT = 5_000;

/**
 * What public search keeps between requests: each filter's total ("N vehicles found"), its running
 * boosts, and a narrow search's matches in order, each computed through one gate
 * (COSTLY_SEARCH_STATEMENTS_AT_ONCE), and a typo search's ranking by closeness, which stands for all
 * three. A listing write clears them all in every process (listing-caches.ts): the writer's at once,
 * the others' when it commits; past their freshness (SEARCH_FRESHNESS) each serves the value it has
 * while one query refreshes it. Beside them, where each search's promoted slots stand in their rotation,
 * which no write clears (it is not read from the database).
 */
export class SearchCache {
  readonly totals: SingleFlightMemo<number>;
  /** A search's running boosts and their turns in its promoted slots. */
  readonly boosts: SingleFlightMemo<RunningBoosts>;
  private readonly rotations = new Map<string, PromotionRotation>();
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
    this.boosts = new SingleFlightMemo(freshness, staleMs, maxEntries, Date.now, gate);
    this.matches = new SingleFlightMemo(freshness, staleMs, Math.ceil(maxEntries / 5), Date.now, gate);
    this.closeness = new SingleFlightMemo(freshness, staleMs, Math.ceil(maxEntries / 20), Date.now, this.costlyPages);
  }

  /** Where a search's promoted slots stand in their rotation (a new one for a search not seen lately). */
  rotation(key: string): PromotionRotation {
    let rotation = this.rotations.get(key);
    if (rotation) this.rotations.delete(key);
    else rotation = newPromotionRotation();
    this.rotations.set(key, rotation);
    if (this.rotations.size > ROTATIONS_KEPT) this.rotations.delete(this.rotations.keys().next().value!);
    return rotation;
  }

  clear(): void {
    this.totals.clear();
    this.boosts.clear();
    this.matches.clear();
    this.closeness.clear();
  }
}
