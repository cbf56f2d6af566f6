import type pg from 'pg';
import type { ListingActivity } from '@voltmarket/application';
import { lagosDay } from '@voltmarket/domain';
import { PeriodicFlush } from '../periodic-flush.js';

/** Views and saves are written this often, one statement for all of them. */
export const ACTIVITY_FLUSH_MS = 5_000;
/** ...or as soon as this many viewer-days and listing-days wait, so a burst never holds much in memory. */
export const ACTIVITY_FLUSH_AT = 5_000;

interface Saves {
  listingId: number;
  day: string;
  count: number;
}

/**
 * Counts views and saves in memory and writes them in one statement every few seconds: a listing's
 * page only notes the viewer. The statement logs each viewer of the day in `listing_views`, and only
 * the viewers it newly logged add to the day's `views` and to `listings.views`, so a viewer counts
 * once a day across every API process, and a batch written twice (a retry after a lost answer) adds
 * no view. A listing deleted meanwhile is skipped. A failed write keeps its counts for the next one;
 * `close()` writes what is left.
 */
export class PostgresListingActivity implements ListingActivity {
  private views = new Map<string, { listingId: number; day: string; viewer: string }>();
  private saves = new Map<string, Saves>();
  private readonly batches: PeriodicFlush;

  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => Date = () => new Date(),
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    this.batches = new PeriodicFlush(() => this.write(), ACTIVITY_FLUSH_MS);
  }

  viewed(listingId: number, viewerKey: string): void {
    const day = lagosDay(this.now());
    // Within a batch a viewer is noted once; across batches and processes listing_views decides.
    this.views.set(`${listingId}|${day}|${viewerKey}`, { listingId, day, viewer: viewerKey });
    this.flushIfFull();
  }

  saved(listingId: number): void {
    const day = lagosDay(this.now());
    const key = `${listingId}|${day}`;
    const counted = this.saves.get(key);
    if (counted) counted.count++;
    else this.saves.set(key, { listingId, day, count: 1 });
    this.flushIfFull();
  }

  /** Writes what was counted so far (one write at a time; a caller may await it). */
  flush(): Promise<void> {
    return this.batches.flush();
  }

  close(): Promise<void> {
    return this.batches.close();
  }

  private flushIfFull(): void {
    if (this.views.size + this.saves.size >= ACTIVITY_FLUSH_AT) void this.flush();
  }

  private async write(): Promise<void> {
    if (this.views.size === 0 && this.saves.size === 0) return;
    const views = [...this.views.values()];
    const saves = [...this.saves.values()];
    this.views = new Map();
    this.saves = new Map();
    try {
      await this.pool.query(
        `with logged as (
           insert into listing_views (listing_id, day, viewer_key)
           select v.id, v.day, v.viewer
           from unnest($1::int[], $2::date[], $3::text[]) as v(id, day, viewer)
           join listings l on l.id = v.id
           order by 1, 2, 3
           on conflict do nothing
           returning listing_id, day
         ), viewed as (
           select listing_id, day, count(*)::int as n from logged group by 1, 2
         ), saved as (
           select s.id as listing_id, s.day, s.n
           from unnest($4::int[], $5::date[], $6::int[]) as s(id, day, n)
           join listings l on l.id = s.id
         ), counted as (
           insert into listing_daily_counts (listing_id, day, views, saves)
           select coalesce(v.listing_id, s.listing_id), coalesce(v.day, s.day), coalesce(v.n, 0), coalesce(s.n, 0)
           from viewed v full join saved s on s.listing_id = v.listing_id and s.day = v.day
           order by 1, 2
           on conflict (listing_id, day) do update
             set views = listing_daily_counts.views + excluded.views, saves = listing_daily_counts.saves + excluded.saves
         )
         update listings l set views = l.views + t.n
         from (select listing_id, sum(n)::int as n from viewed group by 1) t
         where l.id = t.listing_id`,
        [
          views.map((v) => v.listingId), views.map((v) => v.day), views.map((v) => v.viewer),
          saves.map((s) => s.listingId), saves.map((s) => s.day), saves.map((s) => s.count),
        ],
      );
    } catch (err) {
      // Kept for the next write, with whatever was counted meanwhile. Views cannot double: the
      // viewer log decides which count.
      for (const v of views) this.views.set(`${v.listingId}|${v.day}|${v.viewer}`, v);
      for (const s of saves) {
        const key = `${s.listingId}|${s.day}`;
        const now = this.saves.get(key);
        if (now) now.count += s.count;
        else this.saves.set(key, s);
      }
      this.onError(err);
    }
  }
}
