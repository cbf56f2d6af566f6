import type { ListingSearch, SitemapEntry } from './listing-search.js';

/** The sitemap protocol's limit for one file. */
export const SITEMAP_MAX_LISTINGS = 50_000;

/** Every live listing's page, for search engines (the most recently changed 50,000). */
export class ListSitemapEntries {
  constructor(private readonly search: ListingSearch) {}

  execute(): Promise<SitemapEntry[]> {
    return this.search.liveListingsForSitemap(SITEMAP_MAX_LISTINGS);
  }
}
