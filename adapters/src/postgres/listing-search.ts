import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import type {
  FoundListing, FoundListingPage, FoundOwnListing, ListingCriteria, ListingPreview, ListingSearch, ListingSort, ListingSummary,
  ListingViewCounter, MarketplaceStats, SitemapEntry,
} from '@voltmarket/application';
import { type NameAudience, sellerDisplayName } from '@voltmarket/domain';
import type { ListingCountCache } from './listing-count-cache.js';
import { requestEm } from './orm.js';

type Direction = 'asc' | 'desc';
const ORDER_KEY: Record<Exclude<ListingSort, 'default'>, [string, Direction]> = {
  newest: ['created_at', 'desc'],
  oldest: ['created_at', 'asc'],
  price_desc: ['price', 'desc'],
  price_asc: ['price', 'asc'],
  mileage_desc: ['mileage', 'desc'],
  mileage_asc: ['mileage', 'asc'],
  year_desc: ['year', 'desc'],
  year_asc: ['year', 'asc'],
};

const SUMMARY_COLUMNS = `
  l.id, l.title, l.price, l.year, l.mileage, l.range, l.vehicle_type, l.brand, l.model, l.location,
  l.image_urls, l.battery_health, l.charging_type, l.is_verified, l.boost_tier, l.is_rental_available,
  l.status, l.views, l.seller_id, l.created_at, l.updated_at,
  u.first_name as seller_first_name, u.last_name as seller_last_name, u.email as seller_email`;

interface SummaryRow {
  id: number; title: string; price: number; year: number; mileage: number; range: number;
  vehicle_type: ListingSummary['vehicleType']; brand: string; model: string; location: string;
  image_urls: string[]; battery_health: number; charging_type: ListingSummary['chargingType'];
  is_verified: boolean; boost_tier: number; is_rental_available: boolean;
  status: ListingSummary['status']; views: number; seller_id: string; created_at: Date; updated_at: Date;
  seller_first_name: string | null; seller_last_name: string | null; seller_email: string | null;
}

export interface SqlStatement {
  sql: string;
  params: unknown[];
}

/**
 * How free text matches, tried in this order until one finds something: `words` is full text over
 * title, brand, model and description (any case, English stemming) as typed; `corrected` is the
 * same with catalogue typos corrected; `typos` is trigram word similarity over title, brand and
 * model, ranked by closeness (slowest, the last resort).
 */
export type TextMatch = 'words' | 'corrected' | 'typos';

/**
 * The SQL behind a public search (exported so the benchmark runs exactly what the API runs).
 * The page is a "deferred join": ids come from an index in the chosen order, then 24 rows are read.
 */
export function buildPublicSearchSql(c: ListingCriteria, match: TextMatch = 'words'): { page: SqlStatement; count: SqlStatement } {
  const where = [`l.status = 'active'`];
  const params: unknown[] = [];
  /** Adds a condition whose `?` becomes the next `$n` placeholder. */
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (c.vehicleType) add('l.vehicle_type = ?', c.vehicleType);
  if (c.location) add('l.location = ?', c.location);
  if (c.brand) add('l.brand = ?', c.brand);
  if (c.minPrice !== undefined) add('l.price >= ?', c.minPrice);
  if (c.maxPrice !== undefined) add('l.price <= ?', c.maxPrice);
  if (c.search && match === 'words') add(`l.search_vector @@ websearch_to_tsquery('english', ?)`, c.search);
  if (c.search && match === 'corrected') add(`l.search_vector @@ websearch_to_tsquery('english', ?)`, c.correctedSearch ?? c.search);
  if (c.search && match === 'typos') add('? <% l.search_text', c.search.toLowerCase());
  const filter = where.join(' and ');
  const count = { sql: `select count(*)::int as total from listings l where ${filter}`, params };

  const byCloseness = c.search !== undefined && match === 'typos' && c.sort === 'default';
  const [key, dir] = ORDER_KEY[c.sort === 'default' ? 'newest' : c.sort];
  const select = `select ${SUMMARY_COLUMNS} from page p join listings l on l.id = p.id join users u on u.id = l.seller_id`;
  const n = params.length;
  if (byCloseness) {
    // Materialised so Postgres takes the trigram index first instead of walking a sort index.
    return {
      count,
      page: {
        sql: `with matches as materialized (
                select l.id, l.boost_tier, l.created_at, word_similarity($${n + 1}, l.search_text) as closeness
                from listings l where ${filter}
              ), page as (
                select * from matches order by boost_tier desc, closeness desc, created_at desc, id desc limit $${n + 2} offset $${n + 3}
              )
              ${select} order by p.boost_tier desc, p.closeness desc, p.created_at desc, p.id desc`,
        params: [...params, c.search!.toLowerCase(), c.limit, c.offset],
      },
    };
  }
  const order = `boost_tier desc, ${key} ${dir}, id ${dir}`;
  return {
    count,
    page: {
      sql: `with page as (
              select l.id, l.boost_tier, l.${key} from listings l where ${filter}
              order by l.${order} limit $${n + 1} offset $${n + 2}
            )
            ${select} order by p.${order.replace(/, /g, ', p.')}`,
      params: [...params, c.limit, c.offset],
    },
  };
}

export class PostgresListingSearch implements ListingSearch {
  constructor(private readonly pool: pg.Pool, private readonly counts: ListingCountCache) {}

  async searchPublic(criteria: ListingCriteria, audience: NameAudience): Promise<FoundListingPage> {
    const matches: TextMatch[] = !criteria.search ? ['words'] : criteria.correctedSearch ? ['words', 'corrected', 'typos'] : ['words', 'typos'];
    let match: TextMatch = 'words';
    let total = 0;
    for (match of matches) {
      total = await this.total(criteria, match);
      if (total > 0) break;
    }
    // A cached total may be a few seconds old, so a page past it is still asked for.
    if (total === 0) return { items: [], total };
    const { page } = buildPublicSearchSql(criteria, match);
    const { rows } = await this.pool.query<SummaryRow>(page.sql, page.params);
    return { items: rows.map((row) => toSummary(row, audience)), total };
  }

  async listBySeller(sellerId: string): Promise<FoundOwnListing[]> {
    const { rows } = await this.pool.query<SummaryRow & { rejection_reason: string | null; saved_count: number; inquiry_count: number }>(
      `select ${SUMMARY_COLUMNS}, l.rejection_reason,
              (select count(*)::int from wishlist w where w.vehicle_id = l.id) as saved_count,
              (select count(*)::int from inquiries i where i.vehicle_id = l.id) as inquiry_count
       from listings l join users u on u.id = l.seller_id
       where l.seller_id = $1 order by l.created_at desc, l.id desc`,
      [sellerId],
    );
    return rows.map((row) => ({
      ...toSummary(row, 'member'), rejectionReason: row.rejection_reason, savedCount: row.saved_count, inquiryCount: row.inquiry_count,
    }));
  }

  async publicPreview(id: number): Promise<ListingPreview | null> {
    const { rows } = await this.pool.query<{
      id: number; title: string; description: string; price: number; year: number; mileage: number; range: number;
      brand: string; model: string; location: string; image_url: string | null; updated_at: Date;
    }>(
      `select id, title, left(description, 300) as description, price, year, mileage, range, brand, model, location,
              image_urls ->> 0 as image_url, updated_at
       from listings where id = $1 and status = 'active'`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    const { image_url: imageUrl, updated_at: updatedAt, ...rest } = row;
    return { ...rest, imageUrl, updatedAt: new Date(updatedAt).toISOString() };
  }

  async liveListingsForSitemap(limit: number): Promise<SitemapEntry[]> {
    const { rows } = await this.pool.query<{ id: number; updated_at: Date }>(
      `select id, updated_at from listings where status = 'active' order by updated_at desc, id desc limit $1`,
      [limit],
    );
    return rows.map((row) => ({ id: row.id, updatedAt: new Date(row.updated_at).toISOString() }));
  }

  async marketplaceStats(): Promise<MarketplaceStats> {
    const { rows } = await this.pool.query<MarketplaceStats>(
      `select count(*)::int as "activeListings", count(distinct seller_id)::int as sellers, count(distinct location)::int as cities
       from listings where status = 'active'`,
    );
    return rows[0] ?? { activeListings: 0, sellers: 0, cities: 0 };
  }

  private async total(criteria: ListingCriteria, match: TextMatch): Promise<number> {
    const { vehicleType, location, brand, minPrice, maxPrice, search, correctedSearch } = criteria;
    const key = JSON.stringify([vehicleType, location, brand, minPrice, maxPrice, search, correctedSearch, match]);
    const cached = this.counts.get(key);
    if (cached !== undefined) return cached;
    const { count } = buildPublicSearchSql(criteria, match);
    const { rows } = await this.pool.query<{ total: number }>(count.sql, count.params);
    const total = rows[0]?.total ?? 0;
    this.counts.set(key, total);
    return total;
  }
}

function toSummary(row: SummaryRow, audience: NameAudience): FoundListing {
  return {
    id: row.id,
    title: row.title,
    price: row.price,
    year: row.year,
    mileage: row.mileage,
    range: row.range,
    vehicleType: row.vehicle_type,
    brand: row.brand,
    model: row.model,
    location: row.location,
    imageUrls: row.image_urls,
    batteryHealth: row.battery_health,
    chargingType: row.charging_type,
    isVerified: row.is_verified,
    isPremium: row.boost_tier > 0,
    isRentalAvailable: row.is_rental_available,
    status: row.status,
    views: row.views,
    sellerId: row.seller_id,
    seller: {
      id: row.seller_id,
      name: sellerDisplayName({ firstName: row.seller_first_name, lastName: row.seller_last_name, email: row.seller_email }, audience),
    },
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export class PostgresListingViewCounter implements ListingViewCounter {
  constructor(private readonly orm: MikroORM) {}

  async countView(listingId: number, viewerKey: string, day: string): Promise<boolean> {
    // One statement: the log insert and the counter move together or not at all.
    const rows = await requestEm(this.orm).getConnection().execute<{ id: number }[]>(
      `with logged as (
         insert into listing_views (listing_id, day, viewer_key) values (?, ?, ?)
         on conflict do nothing returning listing_id
       )
       update listings set views = views + 1 where id in (select listing_id from logged) returning id`,
      [listingId, day, viewerKey],
    );
    return rows.length > 0;
  }
}
