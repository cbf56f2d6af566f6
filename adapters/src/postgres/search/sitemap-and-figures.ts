/** What the sitemap lists and the home page's marketplace figures, read from the live listings. */
import type pg from 'pg';
import type { MarketplaceStats, SitemapEntry, SitemapPart } from '@voltmarket/application';

const toSitemapEntry = (row: { id: number; updated_at: Date }): SitemapEntry => ({ id: row.id, updatedAt: new Date(row.updated_at).toISOString() });

/** The most recently changed live listings, up to `limit`. */
export async function liveListingsForSitemap(pool: pg.Pool, limit: number): Promise<SitemapEntry[]> {
  const { rows } = await pool.query<{ id: number; updated_at: Date }>(
    `select id, updated_at from listings where status = 'active' order by updated_at desc, id desc limit $1`,
    [limit],
  );
  return rows.map(toSitemapEntry);
}

/** The sitemap's parts: each range of `partIds` ids that holds a live listing, with its count and last change. */
export async function sitemapParts(pool: pg.Pool, partIds: number): Promise<SitemapPart[]> {
  const { rows } = await pool.query<{ part: number; listings: number; last: Date }>(
    // The last change of any listing in the range: one taken down changes what the part lists.
    `select ((id - 1) / $1 + 1)::int as part, count(*) filter (where status = 'active')::int as listings, max(updated_at) as last
     from listings group by 1 having count(*) filter (where status = 'active') > 0 order by 1`,
    [partIds],
  );
  return rows.map((row) => ({ part: row.part, listings: row.listings, lastModified: new Date(row.last).toISOString() }));
}

/** The live listings whose ids lie between `first` and `last`, by id. */
export async function liveListingsBetween(pool: pg.Pool, first: number, last: number): Promise<SitemapEntry[]> {
  const { rows } = await pool.query<{ id: number; updated_at: Date }>(
    `select id, updated_at from listings where status = 'active' and id between $1 and $2 order by id`,
    [first, last],
  );
  return rows.map(toSitemapEntry);
}

/**
 * Each figure on its own: the live listings through a small index alone, sellers and cities grouped
 * by hashing. `count(distinct ...)` sorted every live listing's seller: at a million listings 1.5-2.4 s
 * against 0.65-0.92 s (three runs each, the machine busy).
 */
export async function marketplaceStats(pool: pg.Pool): Promise<MarketplaceStats> {
  const { rows } = await pool.query<MarketplaceStats>(
    `select (select count(*) from listings where status = 'active')::int as "activeListings",
            (select count(*) from (select seller_id from listings where status = 'active' group by seller_id) s)::int as sellers,
            (select count(*) from (select location from listings where status = 'active' group by location) c)::int as cities`,
  );
  return rows[0] ?? { activeListings: 0, sellers: 0, cities: 0 };
}
