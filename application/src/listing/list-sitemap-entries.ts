import { KeptValue } from '../shared/kept-value.js';
import type { Clock } from '../shared/ports.js';
import type { ListingSearch, SitemapEntry } from './listing-search.js';

/** The sitemap protocol's limit for one file. */
export const SITEMAP_MAX_LISTINGS = 50_000;

/**
 * Read again at most this often, as long as crawlers are told to keep the file (max-age=600): reading
 * 50,000 entries of a million listings takes 0.7 s, and any crawler may ask as often as it likes.
 */
export const SITEMAP_KEEP_MS = 10 * 60_000;

/** Every live listing's page, for search engines (the most recently changed 50,000). */
export class ListSitemapEntries {
  private readonly entries: KeptValue<SitemapEntry[]>;

  constructor(search: ListingSearch, clock: Clock) {
    this.entries = new KeptValue(() => search.liveListingsForSitemap(SITEMAP_MAX_LISTINGS), clock, SITEMAP_KEEP_MS, 6 * SITEMAP_KEEP_MS);
  }

  execute(): Promise<SitemapEntry[]> {
    return this.entries.get();
  }
}
