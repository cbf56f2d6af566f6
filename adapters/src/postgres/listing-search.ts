import type { MikroORM } from '@mikro-orm/postgresql';
import type {
  ListingCriteria, ListingPage, ListingSearch, ListingSort, ListingSummary, ListingViewCounter,
} from '@voltmarket/application';
import { sellerDisplayName } from '@voltmarket/domain';
import { requestEm } from './orm.js';

const ORDER_BY: Record<Exclude<ListingSort, 'default'>, string> = {
  newest: 'l.created_at desc, l.id desc',
  oldest: 'l.created_at asc, l.id asc',
  price_desc: 'l.price desc, l.id desc',
  price_asc: 'l.price asc, l.id asc',
  mileage_desc: 'l.mileage desc, l.id desc',
  mileage_asc: 'l.mileage asc, l.id asc',
  year_desc: 'l.year desc, l.id desc',
  year_asc: 'l.year asc, l.id asc',
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

/** The SQL behind a public search, exposed so the benchmark can run exactly what the API runs. */
export interface SqlStatement {
  sql: string;
  params: unknown[];
}

export function buildPublicSearchSql(c: ListingCriteria): { page: SqlStatement; count: SqlStatement } {
  const where = [`l.status = 'active'`];
  const params: unknown[] = [];
  const add = (clause: string, ...values: unknown[]) => {
    where.push(clause);
    params.push(...values);
  };
  if (c.vehicleType) add('l.vehicle_type = ?', c.vehicleType);
  if (c.location) add('l.location = ?', c.location);
  if (c.brand) add('l.brand = ?', c.brand);
  if (c.minPrice !== undefined) add('l.price >= ?', c.minPrice);
  if (c.maxPrice !== undefined) add('l.price <= ?', c.maxPrice);
  let relevance = '';
  const relevanceParams: unknown[] = [];
  if (c.search) {
    // Full text over title, brand, model and description; trigram word similarity forgives typos.
    add(`(l.search_vector @@ websearch_to_tsquery('english', ?) or ? <% l.search_text)`, c.search, c.search.toLowerCase());
    relevance = 'word_similarity(?, l.search_text) desc, ';
    relevanceParams.push(c.search.toLowerCase());
  }
  const byRelevance = c.sort === 'default' && relevance !== '';
  const order = byRelevance ? `${relevance}${ORDER_BY.newest}` : ORDER_BY[c.sort === 'default' ? 'newest' : c.sort];
  const whereSql = where.join(' and ');
  return {
    page: {
      sql: `select ${SUMMARY_COLUMNS} from listings l join users u on u.id = l.seller_id
        where ${whereSql} order by l.boost_tier desc, ${order} limit ? offset ?`,
      params: [...params, ...(byRelevance ? relevanceParams : []), c.limit, c.offset],
    },
    count: { sql: `select count(*)::int as total from listings l where ${whereSql}`, params },
  };
}

export class PostgresListingSearch implements ListingSearch {
  constructor(private readonly orm: MikroORM) {}

  async searchPublic(criteria: ListingCriteria): Promise<ListingPage> {
    const { page, count } = buildPublicSearchSql(criteria);
    const connection = requestEm(this.orm).getConnection();
    const [rows, counted] = await Promise.all([
      connection.execute<SummaryRow[]>(page.sql, page.params),
      connection.execute<{ total: number }[]>(count.sql, count.params),
    ]);
    return { items: rows.map(toSummary), total: counted[0]?.total ?? 0 };
  }

  async listBySeller(sellerId: string): Promise<ListingSummary[]> {
    const rows = await requestEm(this.orm).getConnection().execute<SummaryRow[]>(
      `select ${SUMMARY_COLUMNS} from listings l join users u on u.id = l.seller_id
       where l.seller_id = ? order by l.created_at desc, l.id desc`,
      [sellerId],
    );
    return rows.map(toSummary);
  }
}

function toSummary(row: SummaryRow): ListingSummary {
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
      name: sellerDisplayName({ firstName: row.seller_first_name, lastName: row.seller_last_name, email: row.seller_email }),
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
