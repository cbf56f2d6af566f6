import type { RankedBoost } from './listing-search.js';

/**
 * Totals of public searches (and their running boosts in rank order), kept for a few seconds. Counting tens of thousands of rows on every
 * page view would dominate search time; a total a few seconds old is fine for "N vehicles found".
 * Writes through this process clear it at once; other replicas catch up within the TTL.
 */
export class ListingCountCache {
  private readonly entries = new Map<string, { total: number; expires: number }>();
  /** Each search's running boosts in rank order, kept like the totals. */
  private readonly rankings = new Map<string, { ranked: RankedBoost[]; expires: number }>();

  constructor(private readonly ttlMs = 10_000, private readonly maxEntries = 1_000) {}

  get(key: string, now = Date.now()): number | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.total;
  }

  set(key: string, total: number, now = Date.now()): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { total, expires: now + this.ttlMs });
  }

  getRanking(key: string, now = Date.now()): RankedBoost[] | undefined {
    const entry = this.rankings.get(key);
    if (!entry || entry.expires <= now) {
      this.rankings.delete(key);
      return undefined;
    }
    return entry.ranked;
  }

  setRanking(key: string, ranked: RankedBoost[], now = Date.now()): void {
    if (this.rankings.size >= this.maxEntries) {
      const oldest = this.rankings.keys().next().value;
      if (oldest !== undefined) this.rankings.delete(oldest);
    }
    this.rankings.set(key, { ranked, expires: now + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
    this.rankings.clear();
  }
}
