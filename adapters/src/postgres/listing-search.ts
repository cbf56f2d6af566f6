import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import {
  boostView, type Clock, type FoundListing, type FoundListingPage, type FoundOwnListing, type ListingCriteria, type ListingPreview,
  type ListingSearch, type ListingSort, type ListingSummary, type ListingViewCounter, type MarketplaceStats, type SitemapEntry,
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
  l.image_urls, l.battery_health, l.charging_type, l.is_verified, l.boost_tier, l.boosted_until, l.is_rental_available,
  l.status, l.views, l.seller_id, l.created_at, l.updated_at,
  u.first_name as seller_first_name, u.last_name as seller_last_name, u.email as seller_email`;

interface SummaryRow {
  id: number; title: string; price: number; year: number; mileage: number; range: number;
  vehicle_type: ListingSummary['vehicleType']; brand: string; model: string; location: string;
  image_urls: string[]; battery_health: number; charging_type: ListingSummary['chargingType'];
  is_verified: boolean; boost_tier: number; is_rental_available: boolean;
  status: ListingSummary['status']; views: number; seller_id: string; created_at: Date; updated_at: Date;
  seller_first_name: string | null; seller_last_name: string | null; seller_email: string | null;
  boosted_until: Date | null;
  /** The boost tier ranking used (0 when none runs); set by the public search only. */
  running_tier?: number;
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

/** Boosted listings of one tier take turns at the top: their order within the tier changes every hour. */
export const BOOST_ROTATION_MS = 60 * 60 * 1000;

/**
 * The SQL behind a public search (exported so the benchmark runs exactly what the API runs).
 * Listings whose boost runs at `now` come first by tier (Ultimate, Premium, Basic), then the rest;
 * whether a boost runs is read from its end time here, so an ended boost never ranks. Within a tier
 * the default order rotates by the hour; a chosen order (price, year...) applies within a tier too.
 * The page is a "deferred join": ids come from indexes in the chosen order, then 24 rows are read.
 */
export function buildPublicSearchSql(c: ListingCriteria, match: TextMatch = 'words', now: Date = new Date()): { page: SqlStatement; count: SqlStatement } {
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

  // The moment, then (for the default order) the hour the rotation turns on, then the page's own values.
  const rotating = c.sort === 'default';
  const common = rotating ? [now.toISOString(), String(Math.floor(now.getTime() / BOOST_ROTATION_MS))] : [now.toISOString()];
  const at = `$${params.length + 1}::timestamptz`;
  const turn = rotating ? `hashtext(l.id::text || ':' || $${params.length + 2}::text)` : '0';
  const running = `l.boost_tier > 0 and l.boosted_until > ${at}`;
  const n = params.length + common.length - 2;
  const select = `select ${SUMMARY_COLUMNS}, p.tier as running_tier from page p join listings l on l.id = p.id join users u on u.id = l.seller_id`;
  const byCloseness = c.search !== undefined && match === 'typos' && c.sort === 'default';
  if (byCloseness) {
    // Materialised so Postgres takes the trigram index first instead of walking a sort index.
    const order = 'tier desc, turn, closeness desc, created_at desc, id desc';
    return {
      count,
      page: {
        sql: `with matches as materialized (
                select l.id, case when ${running} then l.boost_tier else 0 end as tier,
                       case when ${running} then ${turn} else 0 end as turn,
                       l.created_at, word_similarity($${n + 3}, l.search_text) as closeness
                from listings l where ${filter}
              ), page as (
                select * from matches order by ${order} limit $${n + 4} offset $${n + 5}
              )
              ${select} order by ${order.replace(/(^|, )/g, '$1p.')}`,
        params: [...params, ...common, c.search!.toLowerCase(), c.limit, c.offset],
      },
    };
  }
  const [key, dir] = ORDER_KEY[c.sort === 'default' ? 'newest' : c.sort];
  const order = `tier desc, turn, k ${dir}, id ${dir}`;
  const window = `$${n + 3}`;
  // Three index-friendly parts: the running boosts (few), the never-boosted (boost_tier = 0, in the
  // sort index's order) and boosts that ended but are not yet cleared (few), each cut to the page's end.
  return {
    count,
    page: {
      sql: `with boosted as materialized (
              select l.id, l.boost_tier as tier, ${turn} as turn, l.${key} as k from listings l where ${filter} and ${running}
            ), plain as (
              select l.id, 0 as tier, 0 as turn, l.${key} as k from listings l where ${filter} and l.boost_tier = 0
              order by l.boost_tier desc, l.${key} ${dir}, l.id ${dir} limit ${window}
            ), lapsed as (
              select l.id, 0 as tier, 0 as turn, l.${key} as k from listings l
              where ${filter} and l.boost_tier > 0 and (l.boosted_until is null or l.boosted_until <= ${at})
              order by l.${key} ${dir}, l.id ${dir} limit ${window}
            ), page as (
              select * from boosted union all select * from plain union all select * from lapsed
              order by ${order} limit $${n + 4} offset $${n + 5}
            )
            ${select} order by ${order.replace(/(^|, )/g, '$1p.')}`,
      params: [...params, ...common, c.offset + c.limit, c.limit, c.offset],
    },
  };
}

export class PostgresListingSearch implements ListingSearch {
  constructor(
    private readonly pool: pg.Pool,
    private readonly counts: ListingCountCache,
    private readonly clock: Clock = { now: () => new Date() },
  ) {}

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
    const now = this.clock.now();
    const { page } = buildPublicSearchSql(criteria, match, now);
    const { rows } = await this.pool.query<SummaryRow>(page.sql, page.params);
    return { items: rows.map((row) => toSummary(row, audience, now)), total };
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
      ...toSummary(row, 'member', this.clock.now()), rejectionReason: row.rejection_reason, savedCount: row.saved_count, inquiryCount: row.inquiry_count,
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

function toSummary(row: SummaryRow, audience: NameAudience, now: Date): FoundListing {
  const boost = boostView(row.running_tier ?? row.boost_tier, row.boosted_until ? new Date(row.boosted_until) : null, now);
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
    isPremium: boost !== null,
    boost,
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
