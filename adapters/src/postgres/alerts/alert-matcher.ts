import type { MikroORM } from '@mikro-orm/postgresql';
import type { AlertMatcher, CandidatePages, MatchedListing } from '@voltmarket/application';
import type { AlertCandidate, AlertChannel, AlertTerms, VehicleType } from '@voltmarket/domain';
import { IN_LIST, sqlRows } from '../sql.js';

interface ListingRow {
  id: number; seller_id: string; title: string; price: string; year: number; vehicle_type: VehicleType; brand: string; model: string; location: string;
  image_url: string | null;
}

interface CandidateRow {
  id: string; name: string; user_id: string; channel: AlertChannel; paused: boolean; terms: AlertTerms; told_price: string | null; drop_told: boolean | null;
  mail_to: string | null;
}

/**
 * The keys a live listing answers to (see search-keys.ts): its kind, city, brand and model each as
 * itself or '' (16 "f:" keys), and each word of its text with its city or '' ("t:" keys), '' too.
 */
const LISTING_KEYS = `
  select 'f:' || t || '|' || c || '|' || b || '|' || m
  from l, unnest(array[l.vehicle_type::text, '']) t, unnest(array[l.location::text, '']) c, unnest(array[l.brand::text, '']) b, unnest(array[l.model::text, '']) m
  union all
  select 't:' || w || '|' || c
  from l, unnest(tsvector_to_array(l.search_vector) || array['']) w, unnest(array[l.location::text, '']) c`;

/**
 * A live listing's candidates (its one parameter is the listing's id): the saved searches filed under
 * a key it answers to, within their price ceiling, whose words it matches. Exported so that the alerts
 * bench explains exactly this statement.
 */
export const candidatesSql = (listingId: string) => `with l as (select id, price, model, vehicle_type, location, brand, search_vector from listings where id = ${listingId}),
   found as (
     select distinct k.saved_search_id as id
     from saved_search_keys k, l
     where k.key = any(array(${LISTING_KEYS})) and (k.max_price is null or k.max_price >= l.price)
   )
   select s.id, s.name, s.user_id, s.channel, s.paused, s.terms, h.price as told_price, h.drop_told
   from found join saved_searches s on s.id = found.id
   cross join l
   left join saved_search_hits h on h.saved_search_id = s.id and h.listing_id = l.id
   where (s.words is null and s.corrected is null)
      or (s.words is not null and l.search_vector @@ s.words and (cardinality(s.word_models) = 0 or l.model = any(s.word_models)))
      or (s.corrected is not null and l.search_vector @@ s.corrected and (cardinality(s.corrected_models) = 0 or l.model = any(s.corrected_models)))`;

/** The statement with its one parameter, as the bench explains it. */
export const CANDIDATES_SQL = candidatesSql('?');

const toCandidate = (r: CandidateRow): AlertCandidate => ({
  savedSearchId: r.id, name: r.name, userId: r.user_id, channel: r.channel, paused: r.paused,
  terms: { ...r.terms, notTypes: r.terms.notTypes ?? [], notModels: r.terms.notModels ?? [] },
  told: r.told_price === null ? null : { price: Number(r.told_price), dropTold: r.drop_told === true },
});

let cursors = 0;

/**
 * The matcher in Postgres: a listing's candidates come from the keys' primary key (an index probe per
 * key, the price ceiling read from the index), then only candidates have their words checked against
 * the listing's text, as Browse checks them: as typed or as corrected, and a one-letter model
 * ("model s") by the model's field. The filters and the rules of alerts are then the domain's.
 */
export class PostgresAlertMatcher implements AlertMatcher {
  constructor(private readonly orm: MikroORM) {}

  /**
   * The candidates a page at a time, by buyer, from a cursor in the caller's transaction: a listing
   * that matches 150,000 saved searches is read and told a page at a time instead of all at once.
   */
  async pages(listingId: number, pageSize: number): Promise<CandidatePages | null> {
    if (!Number.isSafeInteger(listingId) || !Number.isSafeInteger(pageSize) || pageSize < 1) throw new Error('a listing id and a page size are whole numbers');
    const listing = await this.listing(listingId);
    if (!listing) return null;
    // DECLARE takes no bound parameters: the id is a checked integer, written as one.
    const cursor = `alert_candidates_${++cursors}`;
    await sqlRows(this.orm, `declare ${cursor} no scroll cursor for ${candidatesSql(String(listingId))} order by s.user_id, s.id`);
    let open = true;
    return {
      listing,
      next: async () => {
        if (!open) return [];
        const rows = await sqlRows<CandidateRow>(this.orm, `fetch forward ${pageSize} from ${cursor}`);
        if (rows.length < pageSize) {
          open = false;
          await sqlRows(this.orm, `close ${cursor}`);
        }
        return rows.map(toCandidate);
      },
    };
  }

  async verifiedEmails(userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await sqlRows<{ id: string; email: string }>(this.orm,
      `select id, email from users where id in ${IN_LIST} and email_verified and email is not null`, [JSON.stringify(userIds)]);
    return new Map(rows.map((r) => [r.id, r.email]));
  }

  /** Every candidate at once (tests and the bench's timing of the statement). */
  async candidates(listingId: number): Promise<{ listing: MatchedListing; candidates: AlertCandidate[] } | null> {
    const listing = await this.listing(listingId);
    if (!listing) return null;
    const rows = await sqlRows<CandidateRow>(this.orm, CANDIDATES_SQL, [listingId]);
    return { listing, candidates: rows.map(toCandidate) };
  }

  private async listing(listingId: number): Promise<MatchedListing | null> {
    const [row] = await sqlRows<ListingRow>(this.orm,
      `select id, seller_id, title, price, year, vehicle_type, brand, model, location, image_urls->>0 as image_url
       from listings where id = ? and status = 'active'`, [listingId]);
    return row ? {
      id: row.id, sellerId: row.seller_id, title: row.title, price: Number(row.price), year: row.year, vehicleType: row.vehicle_type,
      brand: row.brand, model: row.model, location: row.location, imageUrl: row.image_url,
    } : null;
  }
}
