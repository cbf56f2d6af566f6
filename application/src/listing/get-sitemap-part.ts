import { DomainError } from '@voltmarket/domain';
import { KeptValue } from '../shared/kept-value.js';
import type { Clock } from '../shared/ports.js';
import { type GetSitemap, SITEMAP_KEEP_MS, SITEMAP_PART_IDS } from './get-sitemap.js';
import type { ListingSearch, SitemapEntry } from './listing-search.js';

/** Parts kept at once (about 1 MB each); a crawler reads them in turn, so the ones it asked for last. */
export const SITEMAP_PARTS_KEPT = 16;

/** Parts waiting to be read at most; past that, a request for another is asked to come back (429). */
export const SITEMAP_PARTS_WAITING_MAX = 8;

const busy = () => new DomainError('quota', 'SITEMAP_BUSY', 'Too many sitemap files are being read; try again in a moment.', [], 10);

/** One part of the sitemap's index: its live listings by id, or null when the index lists no such part. */
export class GetSitemapPart {
  private readonly kept = new Map<number, KeptValue<SitemapEntry[]>>();
  /** Parts are read one at a time: crawlers asking for many at once wait, searches do not. */
  private reads: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(
    private readonly sitemap: GetSitemap,
    private readonly search: Pick<ListingSearch, 'liveListingsBetween'>,
    private readonly clock: Clock,
  ) {}

  async execute(input: { part: number }): Promise<SitemapEntry[] | null> {
    const { part } = input;
    const sitemap = await this.sitemap.execute();
    if (sitemap.kind !== 'index' || !sitemap.parts.some((p) => p.part === part)) return null;
    let entries = this.kept.get(part);
    // Refused before it takes a place among the kept parts: a flood of others must not push them out.
    if (!entries && this.waiting >= SITEMAP_PARTS_WAITING_MAX) throw busy();
    this.kept.delete(part);
    entries ??= new KeptValue(
      () => this.inTurn(() => this.search.liveListingsBetween((part - 1) * SITEMAP_PART_IDS + 1, part * SITEMAP_PART_IDS)),
      this.clock, SITEMAP_KEEP_MS, 6 * SITEMAP_KEEP_MS,
    );
    // Most recently asked for last: the first is the one to let go.
    this.kept.set(part, entries);
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= SITEMAP_PARTS_KEPT) break;
      this.kept.delete(oldest);
    }
    return entries.get();
  }

  private async inTurn<T>(read: () => Promise<T>): Promise<T> {
    if (this.waiting >= SITEMAP_PARTS_WAITING_MAX) throw busy();
    this.waiting++;
    const turn = this.reads.then(read, read);
    this.reads = turn.catch(() => undefined);
    try {
      return await turn;
    } finally {
      this.waiting--;
    }
  }
}
