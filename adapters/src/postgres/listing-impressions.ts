import type pg from 'pg';
import type { Impression, ListingImpressions } from '@voltmarket/application';
import { lagosDay } from '@voltmarket/domain';
import { PeriodicFlush } from './periodic-flush.js';

/** Impressions are written this often, one statement for all of them. */
export const IMPRESSIONS_FLUSH_MS = 5_000;
/** ...or as soon as this many listing-days wait, so a burst never holds much in memory. */
export const IMPRESSIONS_FLUSH_AT = 5_000;

interface Counts {
  listingId: number;
  day: string;
  tier: number;
  promoted: number;
  organic: number;
}

/**
 * Counts impressions in memory and adds them to `listing_impressions` in one statement every few
 * seconds: a search only bumps a counter. A listing deleted meanwhile is skipped, not an error. A
 * failed write keeps its counts for the next one; `close()` writes what is left.
 */
export class PostgresListingImpressions implements ListingImpressions {
  private pending = new Map<string, Counts>();
  private readonly batches: PeriodicFlush;

  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => Date = () => new Date(),
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    this.batches = new PeriodicFlush(() => this.write(), IMPRESSIONS_FLUSH_MS);
  }

  record(shown: readonly Impression[]): void {
    if (shown.length === 0) return;
    const day = lagosDay(this.now());
    for (const { listingId, promoted, tier } of shown) {
      const key = `${listingId}|${day}|${tier}`;
      let counts = this.pending.get(key);
      if (!counts) this.pending.set(key, (counts = { listingId, day, tier, promoted: 0, organic: 0 }));
      if (promoted) counts.promoted++;
      else counts.organic++;
    }
    if (this.pending.size >= IMPRESSIONS_FLUSH_AT) void this.flush();
  }

  /** Writes what was counted so far (one write at a time; a caller may await it). */
  flush(): Promise<void> {
    return this.batches.flush();
  }

  close(): Promise<void> {
    return this.batches.close();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await this.pool.query(
        `insert into listing_impressions (listing_id, day, tier, promoted, organic)
         select b.id, b.day, b.tier, b.promoted, b.organic
         from unnest($1::int[], $2::date[], $3::smallint[], $4::int[], $5::int[]) as b(id, day, tier, promoted, organic)
         join listings l on l.id = b.id
         order by b.id, b.day, b.tier
         on conflict (listing_id, day, tier) do update
           set promoted = listing_impressions.promoted + excluded.promoted, organic = listing_impressions.organic + excluded.organic`,
        [batch.map((c) => c.listingId), batch.map((c) => c.day), batch.map((c) => c.tier), batch.map((c) => c.promoted), batch.map((c) => c.organic)],
      );
    } catch (err) {
      // Kept for the next write, added to whatever was counted meanwhile.
      for (const c of batch) {
        const key = `${c.listingId}|${c.day}|${c.tier}`;
        const now = this.pending.get(key);
        if (now) {
          now.promoted += c.promoted;
          now.organic += c.organic;
        } else this.pending.set(key, c);
      }
      this.onError(err);
    }
  }
}
