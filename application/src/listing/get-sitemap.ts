import { KeptValue } from '../shared/kept-value.js';
import type { Clock } from '../shared/ports.js';
import type { ListingSearch, SitemapEntry, SitemapPart } from './listing-search.js';

/** The sitemap protocol's limit for one file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Room kept in a single file for the site's own pages (home, browse...). */
export const SITEMAP_SITE_PAGES_MAX = 10;

/** Up to this many live listings, one file lists them all, beside the site's own pages. */
export const SITEMAP_MAX_LISTINGS = SITEMAP_MAX_URLS - SITEMAP_SITE_PAGES_MAX;

/**
 * Beyond that, the sitemap is an index of parts, each the live listings of a range of this many ids
 * (part 1 holds ids 1 to 10,000): a part stays where it is as listings come and go, and reading one
 * is a walk of the primary key (about 1 MB of XML).
 */
export const SITEMAP_PART_IDS = 10_000;

/**
 * Read again at most this often, as long as crawlers are told to keep the file (max-age=600): at a
 * million listings, reading every live listing's place in the index takes about a second, and any
 * crawler may ask as often as it likes.
 */
export const SITEMAP_KEEP_MS = 10 * 60_000;

export type Sitemap =
  /** Every live listing, most recently changed first. */
  | { kind: 'listings'; entries: SitemapEntry[] }
  /** Too many for one file: the parts that hold live listings. */
  | { kind: 'index'; parts: SitemapPart[] };

/** What search engines are given to find every live listing's page. */
export class GetSitemap {
  private readonly sitemap: KeptValue<Sitemap>;

  constructor(search: Pick<ListingSearch, 'sitemapParts' | 'liveListingsForSitemap'>, clock: Clock) {
    this.sitemap = new KeptValue(async (): Promise<Sitemap> => {
      const parts = await search.sitemapParts(SITEMAP_PART_IDS);
      const live = parts.reduce((sum, p) => sum + p.listings, 0);
      return live <= SITEMAP_MAX_LISTINGS
        ? { kind: 'listings', entries: await search.liveListingsForSitemap(SITEMAP_MAX_LISTINGS) }
        : { kind: 'index', parts };
    }, clock, SITEMAP_KEEP_MS, 6 * SITEMAP_KEEP_MS);
  }

  execute(): Promise<Sitemap> {
    return this.sitemap.get();
  }
}
