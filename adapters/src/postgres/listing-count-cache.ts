/**
 * Totals of public searches, kept for a few seconds. Counting tens of thousands of rows on every
 * page view would dominate search time; a total a few seconds old is fine for "N vehicles found".
 * Writes through this process clear it at once; other replicas catch up within the TTL.
 */
export class ListingCountCache {
  private readonly entries = new Map<string, { total: number; expires: number }>();

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

  clear(): void {
    this.entries.clear();
  }
}
