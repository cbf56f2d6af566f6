import type { MikroORM } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import {
  boostView, type Clock, SEARCH_PAGE, SEARCH_TOTAL_CAP, type FoundListing, type FoundListingPage, type FoundOwnListing, type ListingCriteria, type ListingPreview,
  type ListingSearch, type ListingSort, type SearchCursor, type ListingSummary, type ListingViewCounter, type MarketplaceStats, type SitemapEntry, type SitemapPart,
} from '@voltmarket/application';
import { excludedOneLetterModels, excludedVehicleTypes, type NameAudience, oneLetterModelsIn, searchExclusions, searchTerms, sellerDisplayName, typoWords } from '@voltmarket/domain';
import type { SearchCache } from './search-cache.js';
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
  /**
   * Set when the statement's best plan does not depend on its values: it is then prepared once per
   * connection under this name, and Postgres keeps its plan instead of planning it for every request.
   */
  name?: string;
}

/** A statement as `pg` sends it: under its name when it has one (see SqlStatement.name). */
export const queryOf = ({ sql, params, name }: SqlStatement): pg.QueryConfig => (name ? { text: sql, values: params, name } : { text: sql, values: params });

/**
 * Runs a statement, prepared when it has a name. A migration that changes the type of a column a
 * prepared statement returns makes Postgres refuse it ("cached plan must not change result type").
 * The pool then closes that connection (it closes one on any error), and the statement is sent once
 * more unprepared: any other connection may hold the same refused statement until its own turn.
 */
export async function runStatement<R extends pg.QueryResultRow>(pool: pg.Pool, statement: SqlStatement): Promise<pg.QueryResult<R>> {
  try {
    return await pool.query<R>(queryOf(statement));
  } catch (err) {
    const { code, message } = err as { code?: string; message?: string };
    if (!statement.name || code !== '0A000' || !message?.includes('cached plan')) throw err;
    return pool.query<R>(queryOf({ sql: statement.sql, params: statement.params }));
  }
}

/**
 * The name a page statement is prepared under, one per text. The texts carry no values, so there are
 * a few dozen (each sort, boosts alone or followed by ids, ranked by closeness or not); a kept plan
 * takes about 90 KB of its connection's memory (measured).
 */
const preparedNames = new Map<string, string>();
function preparedName(sql: string): string {
  let name = preparedNames.get(sql);
  if (!name) {
    name = `search_page_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
    preparedNames.set(sql, name);
  }
  return name;
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

/** A running boost in rank order: its listing, tier and end (ms), so a page can drop one that ended since. */
export interface RankedBoost {
  id: number;
  tier: number;
  until: number;
}

/** A search's boosts in rank order, and when the first of them ends (ms), so a page made before then need not check each. */
export interface Ranking {
  boosts: RankedBoost[];
  firstEnd: number;
}

interface Where {
  filter: string;
  params: unknown[];
}

/** The public filter as SQL whose values are $1, $2, ... */
function publicFilter(c: ListingCriteria, match: TextMatch): Where {
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
  if (c.search && (match === 'words' || match === 'corrected')) {
    const text = match === 'corrected' ? (c.correctedSearch ?? c.search) : c.search;
    const words = textSearched(text);
    if (words) add(`l.search_vector @@ websearch_to_tsquery('english', ?)`, words);
    // "model s" is "model" to the text search ("s" is a stop word): keep to the model it names.
    const models = oneLetterModelsIn(text);
    if (models.length > 0) add('l.model = any(?::text[])', models);
  }
  if (c.search) {
    // "jos -buses": the kind of vehicle is a field, not a word of the listing's text; so is the model of `-"model s"`.
    const notTypes = excludedVehicleTypes(c.search);
    if (notTypes.length > 0) add('l.vehicle_type <> all(?::text[])', notTypes);
    const notModels = excludedOneLetterModels(c.search).models;
    if (notModels.length > 0) add('l.model <> all(?::text[])', notModels);
  }
  if (c.search && match === 'typos') {
    add('? <% l.search_text', typoWords(c.search));
    // Close to the words wanted, and still without what was excluded ("tesla -cybertruck").
    const excluded = textSearched(searchExclusions(c.search) ?? '');
    if (excluded) add(`l.search_vector @@ websearch_to_tsquery('english', ?)`, excluded);
  }
  return { filter: where.join(' and '), params };
}

/** The text as the text search is given it: without the one-letter models it excludes, which the model's field leaves out (excludedOneLetterModels); undefined when nothing is left. */
function textSearched(text: string): string | undefined {
  return excludedOneLetterModels(text).search.trim() || undefined;
}

/** Values after the filter's own take the next placeholders. */
function placeholders(params: unknown[]) {
  const values = [...params];
  return {
    values,
    param: (value: unknown, cast = ''): string => {
      values.push(value);
      return `$${values.length}${cast}`;
    },
  };
}

/** A hash of the id and the hour (integer hashing, cheap): boosts of one tier take turns at the top. */
const turnOf = (hourParam: string) => `hashint8(l.id::bigint * 100003 + ${hourParam}::bigint)`;
const hourOf = (now: Date) => Math.floor(now.getTime() / BOOST_ROTATION_MS) % 100_000;

/**
 * Whether a page gathers its search's matches and sorts them, rather than walking the sort index
 * until it has passed `offset + limit` matches. Gathering reads every match (`total`); walking reads
 * about (offset + limit) × listings / total index entries when matches are spread through the order.
 * So gather when total² < (offset + limit) × listings, and never above the cap, where the total is
 * only a lower bound. Measured: "BMW under ₦15M by mileage" (449 of a million) walked for 4.2 s and
 * gathers in 4 ms; a typo search's ~2,000 of 100,000 served 471 page queries a second gathered for
 * every page, against 564 walking.
 */
export function gathersMatches(total: number, listings: number, offset: number, limit: number): boolean {
  return total <= SEARCH_TOTAL_CAP && total * total < (offset + limit) * Math.max(listings, total);
}

/**
 * How a search's text is tried, in turn, until one finds listings: its words as typed, as corrected,
 * then by closeness (typos), unless it has no word a typo search can compare (see typoWords).
 */
function textMatches(c: ListingCriteria): TextMatch[] {
  if (!c.search) return ['words'];
  return ['words', ...(c.correctedSearch ? ['corrected' as const] : []), ...(typoWords(c.search) ? ['typos' as const] : [])];
}

/**
 * A typo search ranks by closeness at most this many of its matches, the first the trigram index
 * gives, as many as its total counts: a word found nowhere whose trigrams most listings share
 * ("teslamodl") ranked every Tesla, 60,000 at a million, 0.9-1.5 s for every page. Beyond that many,
 * the best of the rest are not looked for; the total already says "10,000+".
 */
export const CLOSENESS_CANDIDATES = SEARCH_TOTAL_CAP + 1;

/** Typo searches rank by closeness over their matches (see CLOSENESS_CANDIDATES), boosts included, in one statement. */
export const ranksByCloseness = (c: ListingCriteria, match: TextMatch): boolean => c.search !== undefined && match === 'typos' && c.sort === 'default';

/** Whether any filter other than the free text narrows the search. */
const filtersBesidesText = (c: ListingCriteria) =>
  c.vehicleType !== undefined || c.location !== undefined || c.brand !== undefined || c.minPrice !== undefined || c.maxPrice !== undefined;

/**
 * Whether a search's words, as typed or corrected, are found together in any live listing, whatever
 * its other filters: then a search that finds nothing found nothing because of those filters
 * ("Mercedes-Benz EQV" among cars, when the EQV is a van), and is not a typo. One cheap statement
 * (1-15 ms at a million) that spares looking up each word (buildKnownWordsSql: 20-47 ms a broad word).
 */
export function buildTextFoundSql(c: ListingCriteria): SqlStatement | null {
  if (!c.search || !filtersBesidesText(c)) return null;
  const texts = [c.search, ...(c.correctedSearch ? [c.correctedSearch] : [])].map(textSearched).filter((text) => text !== undefined);
  if (texts.length === 0) return null;
  // Through the words' index only (see the migration words_found): a plain `exists` could read the whole table.
  const found = texts.map((_, i) => `live_listings_have_words($${i + 1})`);
  return { sql: `select (${found.join(' or ')}) as found`, params: texts };
}

/** At most this many of a search's words are looked up one by one (see buildKnownWordsSql); the rest count as found nowhere. */
const KNOWN_WORDS_MAX = 12;

/** The words of a search (as corrected, else as typed) that buildKnownWordsSql looks up, each once; never an excluded one. */
const searchedWords = (c: ListingCriteria): string[] =>
  [...new Set(searchTerms(c.correctedSearch ?? c.search ?? '').filter((t) => !t.excluded).map((t) => t.text))].slice(0, KNOWN_WORDS_MAX);

/**
 * Which of a search's words (searchedWords) some live listing has, whatever the other filters, in
 * the order typed. Asked when the words together, as typed and corrected, find nothing, within the
 * filters or anywhere (see buildTextFoundSql):
 * - some found, some not ("tesla model 3 blue"): the found ones alone are searched, as words;
 * - every one found, never together ("nissan dolphin"): nothing is found, rather than look-alikes;
 * - none found: only then trigram closeness, which compares the words with every listing whose
 *   trigrams they share: "tesla model 3 blue" ranked 60,894 Teslas, 0.8 s for each page, at a million.
 */
export function buildKnownWordsSql(words: readonly string[]): SqlStatement {
  // Through the words' index only (see the migration words_found): a plain `exists` could read the whole table.
  return {
    sql: `select coalesce(array_agg(w order by n), '{}') as known from unnest($1::text[]) with ordinality as t(w, n) where live_listings_have_words(w)`,
    params: [words],
  };
}

/** How resolveText asks the database; the API's search keeps each answer (see PostgresListingSearch). */
export interface TextQuestions {
  total(c: ListingCriteria, match: TextMatch): Promise<number>;
  textFound(c: ListingCriteria): Promise<boolean>;
  knownWords(words: string[]): Promise<string[]>;
}

/**
 * How a search's text finds listings, tried in turn (textMatches): its words as typed, as corrected,
 * then, before trigram closeness, whether its words are found together outside the filters (nothing),
 * or which are found at all (see buildKnownWordsSql). Returns the criteria the page is made for (the
 * known words alone, when only they find listings), the match that found, and its total.
 */
export async function resolveText(criteria: ListingCriteria, ask: TextQuestions): Promise<{ searched: ListingCriteria; match: TextMatch; total: number }> {
  let total = 0;
  let match: TextMatch = 'words';
  for (match of textMatches(criteria)) {
    if (match === 'typos') {
      if (await ask.textFound(criteria)) return { searched: criteria, match, total: 0 };
      const words = searchedWords(criteria);
      const known = await ask.knownWords(words);
      if (known.length === words.length) return { searched: criteria, match, total: 0 };
      if (known.length > 0) {
        // The known words alone, still without what was excluded.
        const searched = { ...criteria, search: [...known, criteria.search && searchExclusions(criteria.search)].filter(Boolean).join(' '), correctedSearch: undefined };
        return { searched, match: 'words', total: await ask.total(searched, 'words') };
      }
    }
    total = await ask.total(criteria, match);
    if (total > 0) break;
  }
  return { searched: criteria, match, total };
}

/**
 * Counts a public search's matches up to one past SEARCH_TOTAL_CAP: the scan stops there, so a count
 * over the whole market costs what a count of 10,001 rows does.
 */
export function buildCountSql(c: ListingCriteria, match: TextMatch): SqlStatement {
  const { filter, params } = publicFilter(c, match);
  return { sql: `select count(*)::int as total from (select 1 from listings l where ${filter} limit ${SEARCH_TOTAL_CAP + 1}) matched`, params };
}

/**
 * Every listing with a boost tier a search matches, in rank order: by tier (Ultimate, Premium, Basic),
 * then in the default order by an hourly rotation, else in the chosen order. Read once per few seconds
 * per search and kept (see PostgresListingSearch), since a thousand boosts read on every page view
 * would dominate its cost; whether each still runs is decided from its end time when a page is made,
 * never from a flag a job must clear.
 */
export function buildBoostRankingSql(c: ListingCriteria, match: TextMatch, now: Date): SqlStatement {
  const { filter, params } = publicFilter(c, match);
  const { values, param } = placeholders(params);
  const [key, dir] = ORDER_KEY[c.sort === 'default' ? 'newest' : c.sort];
  const turn = c.sort === 'default' ? turnOf(param(hourOf(now))) : '0';
  const columns = `l.id, l.boost_tier as tier, (extract(epoch from l.boosted_until) * 1000)::float8 as until, ${turn} as turn, l.${key} as k`;
  // No page goes past the cap, so no ranking needs more boosts than that.
  const most = SEARCH_TOTAL_CAP + SEARCH_PAGE.maxLimit;
  // Running boosts are found through their own small indexes (listings_boost_ends, listings_boosted_search_fts)
  // whatever the filter, so the ranking needs no total: at a million listings with 10,000 boosts it took
  // 1-15 ms for nine filters, where gathering the filter's matches first took as long or longer (29.8 ms unfiltered).
  return {
    sql: `select id, tier, until from (select ${columns} from listings l where ${filter} and l.boost_tier > 0) m
          order by tier desc, turn, k ${dir}, id ${dir} limit ${most}`,
    params: values,
  };
}

/** What one page of a public search reads, decided from its search's ranking of boosts and its total. */
export interface PagePlan {
  /** The page's boosted listings, in rank order. */
  boosted: readonly RankedBoost[];
  /** How many listings without a running boost follow them: from `plainOffset` among those, or right after `after`. */
  plainLimit: number;
  plainOffset: number;
  after?: { key: string; id: number };
  /** Some boost of the ranking ended since it was read, so ended boosts are among the plain listings. */
  anyEnded: boolean;
  /** Gather the matches and sort them rather than walk the sort index (see gathersMatches). */
  gather: boolean;
  /** The page's listings without a running boost, in order, taken from the search's kept matches (see MatchList). */
  plainIds?: number[];
}

/** Listings a page may walk past in a sort index before it counts as costly (about 0.1 s at a million). */
export const FAR_WALK_LISTINGS = 20_000;

/**
 * Whether a filtered page walks its sort index past more than FAR_WALK_LISTINGS listings: to reach the
 * `offset + limit`-th match it passes about (offset + limit) × listings / total of them (fewer when the
 * total is capped), reading each one's row to see whether it matches: "Tesla" by price from the
 * 9,976th, 0.4 s; the words "tesla", 0.6 s. Unfiltered, the index alone says (13 ms). A cursor's page
 * starts at its place in the index, so it walks only for its own `limit`.
 */
export function walksFar(c: ListingCriteria, plan: PagePlan, total: number, listings: number): boolean {
  if (plan.gather || plan.plainIds || plan.plainLimit <= 0 || !(c.search || filtersBesidesText(c))) return false;
  const reach = (plan.after ? 0 : plan.plainOffset) + plan.plainLimit;
  return reach * Math.max(listings, total) / Math.max(total, 1) > FAR_WALK_LISTINGS;
}

/**
 * Every match of a narrow search (at most LISTED_MATCHES_MAX), in its order, with each one's sort key
 * as a cursor holds it: kept a few seconds like the totals, so each page of the search, at any depth,
 * reads only its own rows by id. Whether a listing is still live is checked when its page is read.
 */
export interface MatchList {
  ids: number[];
  keys: number[];
}

/**
 * Searches matching at most this many keep their matches (MatchList). Measured at 100,000 listings: a
 * corrected typo's 2,000 matches cost 1.9 ms of Postgres a page, walked or gathered, and ran out of
 * room at 200 requests a second; read by id, a page costs what one of the unfiltered search does.
 */
export const LISTED_MATCHES_MAX = 5_000;

/**
 * Plans a page from where it starts (the cursor, else the offset). A page after a cursor that passed
 * the boosts continues right after its last listing, through the sort index: the thousandth page of an
 * infinite scroll costs what the second does, where an offset steps over every listing before it.
 */
export function planPage(c: ListingCriteria, ranking: Ranking, now: Date, total: number, listings: number, list?: MatchList): PagePlan {
  const running = now.getTime() < ranking.firstEnd ? ranking.boosts : ranking.boosts.filter((b) => b.until > now.getTime());
  const shown = c.cursor?.shown ?? c.offset;
  const after = c.cursor?.after;
  const boosted = after ? [] : running.slice(shown, shown + c.limit);
  const plainOffset = after ? 0 : Math.max(0, shown - running.length);
  const plainLimit = c.limit - boosted.length;
  const anyEnded = running.length < ranking.boosts.length;
  if (list) return { boosted, plainLimit, plainOffset, after, anyEnded, gather: false, plainIds: listedPage(c, list, running, plainOffset, plainLimit) };
  return { boosted, plainLimit, plainOffset, after, anyEnded, gather: gathersMatches(total, listings, plainOffset, c.limit) };
}

/** The ids of a page of listings without a running boost, from a search's kept matches. */
function listedPage(c: ListingCriteria, list: MatchList, running: readonly RankedBoost[], plainOffset: number, plainLimit: number): number[] {
  if (plainLimit <= 0) return [];
  const boosted = new Set(running.map((b) => b.id));
  const after = c.cursor?.after;
  const [, dir] = ORDER_KEY[c.sort === 'default' ? 'newest' : c.sort];
  const afterKey = after ? Number(after.key) : 0;
  const past = (i: number) => {
    if (!after) return true;
    const key = list.keys[i]!;
    const id = list.ids[i]!;
    const later = key === afterKey ? id - after.id : key - afterKey;
    return dir === 'desc' ? later < 0 : later > 0;
  };
  const ids: number[] = [];
  let skip = after ? 0 : plainOffset;
  for (let i = 0; i < list.ids.length && ids.length < plainLimit; i++) {
    if (boosted.has(list.ids[i]!) || !past(i)) continue;
    if (skip > 0) skip--;
    else ids.push(list.ids[i]!);
  }
  return ids;
}

/** A narrow search's matches in its order (see MatchList); one past the most kept, so the caller knows when there are more. */
export function buildMatchListSql(c: ListingCriteria, match: TextMatch): SqlStatement {
  const { filter, params } = publicFilter(c, match);
  const [key, dir] = ORDER_KEY[c.sort === 'default' ? 'newest' : c.sort];
  return {
    sql: `select l.id, ${cursorKey(key)}::float8 as k from listings l where ${filter} order by l.${key} ${dir}, l.id ${dir} limit ${LISTED_MATCHES_MAX + 1}`,
    params,
  };
}

/**
 * A search's total (as buildCountSql) and, when it is narrow, its match list (as buildMatchListSql)
 * from one pass over its matches: a free-text filter reads each match's row to count it (a GIN index
 * cannot count alone), so listing the matches then would read every one of them a second time. Rows:
 * one per match in order, each carrying the total; a single row with no id when none or more than
 * LISTED_MATCHES_MAX match.
 */
export function buildCountAndListSql(c: ListingCriteria, match: TextMatch): SqlStatement {
  const { filter, params } = publicFilter(c, match);
  const [key, dir] = ORDER_KEY[c.sort === 'default' ? 'newest' : c.sort];
  return {
    sql: `with matched as materialized (select l.id, ${cursorKey(key)}::float8 as k from listings l where ${filter} limit ${SEARCH_TOTAL_CAP + 1}),
               counted as (select count(*)::int as total from matched)
          select counted.total, listed.id, listed.k from counted
          left join lateral (select id, k from matched where counted.total <= ${LISTED_MATCHES_MAX}) listed on true
          order by listed.k ${dir}, listed.id ${dir}`,
    params,
  };
}

/**
 * A typo search ranked by closeness (see ranksByCloseness), read once and kept like a narrow search's
 * matches: its running boosts in rank order (tier, the hour's turn, closeness), and every candidate in
 * closeness order as the listings without a running boost follow them, each with its closeness as a
 * whole number (CLOSENESS_KEY_SCALE), the key a cursor continues after. Each page is then read by id,
 * as a kept match list's is; a boost that ends meanwhile falls back among the rest at its closeness
 * (planPage). The candidates are counted too: they are the search's total.
 */
export interface ClosenessRanking {
  ranking: Ranking;
  list: MatchList;
}

/**
 * One statement for a typo search's total, boosts' ranking and match list (ClosenessRanking): its
 * candidates, as many as a total counts (CLOSENESS_CANDIDATES), the first the trigram index gives, each
 * compared once. Every page used to rank them again: "teslamodl" at a million listings, 0.8-1.1 s for
 * each page, every time.
 */
export function buildClosenessRankingSql(c: ListingCriteria, now: Date): SqlStatement {
  const { filter, params } = publicFilter(c, 'typos');
  const { values, param } = placeholders(params);
  const running = `l.boost_tier > 0 and l.boosted_until > ${param(now.toISOString(), '::timestamptz')}`;
  // Equally close, the later listed first (ids grow as listings are made): a key and an id, as a cursor holds them.
  const plainOrder = 'closeness desc, id desc';
  return {
    sql: `with candidates as materialized (
            select l.id, round(word_similarity(${param(typoWords(c.search!))}, l.search_text) * ${CLOSENESS_KEY_SCALE})::int as closeness,
                   case when ${running} then l.boost_tier else 0 end as tier,
                   case when ${running} then ${turnOf(param(hourOf(now)))} else 0 end as turn,
                   (extract(epoch from l.boosted_until) * 1000)::float8 as until
            from listings l where ${filter} limit ${CLOSENESS_CANDIDATES}
          )
          select coalesce(array_agg(id order by ${plainOrder}), '{}')::int[] as ids,
                 coalesce(array_agg(closeness order by ${plainOrder}), '{}')::int[] as keys,
                 coalesce(json_agg(json_build_array(id, tier, until) order by tier desc, turn, ${plainOrder}) filter (where tier > 0), '[]') as boosts
          from candidates`,
    params: values,
  };
}

/** Closeness (0 to 1) as a whole number, the sort key of a closeness ranking and of its cursors. */
export const CLOSENESS_KEY_SCALE = 1_000_000;

/**
 * The closeness ranking statement's one row: every candidate's id and closeness key in closeness
 * order, and each running boost as [id, tier, end in ms] in rank order.
 */
export interface ClosenessRow {
  ids: number[];
  keys: number[];
  boosts: [number, number, number][];
}

/** A ClosenessRanking from its statement's row. */
export function closenessRankingOf(row: ClosenessRow | undefined): ClosenessRanking {
  const boosts = (row?.boosts ?? []).map(([id, tier, until]) => ({ id, tier, until }));
  return {
    ranking: { boosts, firstEnd: boosts.reduce((first, b) => Math.min(first, b.until), Infinity) },
    list: { ids: row?.ids ?? [], keys: row?.keys ?? [] },
  };
}

/**
 * A closeness page's rows with the last one's sort key, from the ranking (the page reads its rows by
 * id and knows no closeness): a cursor continues after it, so a listing taken down or boosted between
 * two pages neither repeats one nor skips one.
 */
function withClosenessKey<R extends { id: number; sort_key?: string }>(rows: R[], list: MatchList): R[] {
  const last = rows.at(-1);
  const at = last ? list.ids.indexOf(last.id) : -1;
  if (last && at >= 0) last.sort_key = String(list.keys[at]);
  return rows;
}

/** A sort key as a cursor carries it, a whole number: creation times in microseconds since 1970. */
const cursorKey = (key: string) => key === 'created_at' ? `(extract(epoch from l.created_at) * 1000000)::bigint` : `l.${key}::bigint`;
const sortKeyOf = (key: string, value: string) => key === 'created_at' ? `('epoch'::timestamptz + ${value}::bigint * interval '1 microsecond')` : `${value}::bigint`;

/**
 * One page of a public search (exported so the benchmark runs exactly what the API runs): the plan's
 * boosted listings first, in their rank order, then listings without a running boost in the chosen
 * order. The page is a "deferred join": ids come from indexes in the chosen order (never-boosted ones
 * from the sort index with boost_tier = 0, and boosts that ended but are not cleared yet from their own
 * small index), then only the page's rows are read.
 */
export function buildPageSql(c: ListingCriteria, match: TextMatch, now: Date, plan: PagePlan): SqlStatement {
  const { filter, params } = publicFilter(c, match);
  const { values, param } = placeholders(params);
  const { boosted, plainLimit, plainOffset, after, anyEnded, gather, plainIds } = plan;
  // Declared where used: Postgres cannot type a parameter no part of the statement reads.
  const at = () => param(now.toISOString(), '::timestamptz');
  // Ids may come from what a search keeps (its ranking, its matches): a listing taken down since is left out here.
  const select = (extra = '') => `select ${SUMMARY_COLUMNS}, p.tier as running_tier${extra} from page p join listings l on l.id = p.id join users u on u.id = l.seller_id
    where l.status = 'active' order by p.ord`;
  const [key, dir] = ORDER_KEY[c.sort === 'default' ? 'newest' : c.sort];
  // Only the parts this page needs, so Postgres plans no more than it runs. A page of boosts alone
  // reads none of the filter's values (and Postgres cannot type a parameter nothing reads).
  if (plainLimit <= 0 || plainIds) values.splice(0, values.length);
  // A page read by id (its boosts, and the rest from what its search keeps) has one best plan whatever
  // its ids, so it is prepared once per connection and Postgres keeps its plan after five runs:
  // planning was most of its work for such a page (0.5 ms of 0.8-1.4). A page that walks a sort index
  // is planned each time. Postgres would keep no plan for it anyway (its limit and offset are
  // parameters, which a kept plan guesses at a tenth of the rows: 0 kept in 30 runs), and a kept plan
  // is unsafe for a filter's page: for "Lagos by price" from the 9,940th it walked the price index (61
  // ms against 16), and kept for one text it read 800 ms for another's cursor page.
  const prepared = plainLimit <= 0 || plainIds !== undefined;
  const parts: string[] = [];
  if (boosted.length > 0) {
    parts.push(`select b.id, b.tier, b.ord from unnest(${param(boosted.map((r) => r.id), '::int[]')}, ${param(boosted.map((r) => r.tier), '::int[]')})
                  with ordinality as b(id, tier, ord)`);
  }
  // After a cursor: listings past its last one in the order, a range of the sort index.
  const seek = plainLimit > 0 && after && !plainIds
    ? ` and (l.${key}, l.id) ${dir === 'desc' ? '<' : '>'} (${sortKeyOf(key, param(after.key))}, ${param(after.id)}::int)`
    : '';
  let plain = '';
  if (plainIds) {
    if (plainIds.length > 0) {
      parts.push(`select p.id, 0 as tier, ${param(boosted.length)}::int + p.ord as ord from unnest(${param(plainIds, '::int[]')}) with ordinality as p(id, ord)`);
    }
  } else if (plainLimit > 0 && gather) {
    // Few matches for the page's depth (see gathersMatches): they are gathered first from the filter's
    // own indexes, then sorted. Walking the sort index instead would read most of it for a few
    // scattered matches (4 s for BMW under ₦15M by mileage at a million listings).
    const plainRows = anyEnded ? `(l.boost_tier = 0 or l.boosted_until <= ${at()})` : 'l.boost_tier = 0';
    plain = `matched as materialized (select l.id, l.${key} as k from listings l where ${filter} and ${plainRows}${seek}),
      plain as (select id, k from matched order by k ${dir}, id ${dir} limit ${param(plainLimit)} offset ${param(plainOffset)}), `;
  } else if (plainLimit > 0) {
    const window = param(plainOffset + plainLimit);
    const never = `select l.id, l.${key} as k from listings l where ${filter} and l.boost_tier = 0${seek}
                   order by l.boost_tier desc, l.${key} ${dir}, l.id ${dir} limit ${window}`;
    const ended = () => `select l.id, l.${key} as k from listings l where ${filter} and l.boost_tier > 0 and l.boosted_until <= ${at()}${seek}
                   order by l.${key} ${dir}, l.id ${dir} limit ${window}`;
    plain = `plain as (
      select id, k from (${anyEnded ? `(${never}) union all (${ended()})` : never}) parts
      order by k ${dir}, id ${dir} limit ${param(plainLimit)} offset ${param(plainOffset)}
    ), `;
  }
  if (plainLimit > 0 && !plainIds) parts.push(`select id, 0 as tier, ${param(boosted.length)}::int + row_number() over (order by k ${dir}, id ${dir}) as ord from plain`);
  if (parts.length === 0) parts.push('select 0 as id, 0 as tier, 0 as ord where false');
  // A page ranked by closeness takes its sort key from the ranking (withClosenessKey).
  const sortKey = ranksByCloseness(c, match) ? '' : `, ${cursorKey(key)}::text as sort_key`;
  const sql = `with ${plain}page as (${parts.join(' union all ')}) ${select(sortKey)}`;
  return prepared ? { sql, params: values, name: preparedName(sql) } : { sql, params: values };
}

export class PostgresListingSearch implements ListingSearch {
  /**
   * `pool` may be a streaming replica's; a seller's own listings are read from `primary`, so the
   * listing they just submitted or changed is there when their screen reloads.
   */
  constructor(
    private readonly pool: pg.Pool,
    private readonly counts: SearchCache,
    private readonly clock: Clock = { now: () => new Date() },
    private readonly primary: pg.Pool = pool,
  ) {}

  async searchPublic(criteria: ListingCriteria, audience: NameAudience): Promise<FoundListingPage> {
    // The ranking of the boosts needs no total, so a search seen for the first time asks for it (for its
    // words as typed) beside its count, and waits for one query, not two in turn.
    const rankedAsTyped = this.boostedListings(criteria, 'words');
    rankedAsTyped.catch(() => undefined); // awaited below, unless the words as typed find nothing
    const { searched, match, total } = await resolveText(criteria, {
      total: (c, m) => this.total(c, m),
      textFound: (c) => this.textFound(c),
      knownWords: (words) => this.knownWords(words),
    });
    const counted = { total: Math.min(total, SEARCH_TOTAL_CAP), totalCapped: total > SEARCH_TOTAL_CAP };
    // A cached total may be a few seconds old, so a page past it is still asked for.
    if (total === 0) return { items: [], ...counted, next: null };
    const now = this.clock.now();
    // A typo search's ranking by closeness was read with its total, and is kept with it.
    const closeness = ranksByCloseness(searched, match) ? await this.closenessRanking(searched) : undefined;
    // Each needs only the total, so a search seen for the first time asks for them at once, not in turn.
    const [ranking, list, listings] = await Promise.all([
      closeness ? closeness.ranking : match === 'words' && searched === criteria ? rankedAsTyped : this.boostedListings(searched, match),
      closeness ? closeness.list : total <= LISTED_MATCHES_MAX ? this.matchList(searched, match) : undefined,
      this.listingCount(),
    ]);
    // Planned against the clock now: a boost that ended since the ranking was read is a plain listing.
    const plan = planPage(searched, ranking, now, total, listings, list ?? undefined);
    const page = buildPageSql(searched, match, now, plan);
    const read = () => runStatement<SummaryRow & { sort_key?: string }>(this.pool, page);
    const { rows } = walksFar(searched, plan, total, listings) ? await this.counts.costlyPages.run(read) : await read();
    const keyed = closeness ? withClosenessKey(rows, closeness.list) : rows;
    return { items: keyed.map((row) => toSummary(row, audience, now)), ...counted, next: nextCursor(searched, keyed, counted) };
  }

  /** See buildClosenessRankingSql: kept per search and per hour of boost turns, read through the costly pages' gate (two at once at most). */
  private async closenessRanking(criteria: ListingCriteria): Promise<ClosenessRanking> {
    const now = this.clock.now();
    const { vehicleType, location, brand, minPrice, maxPrice, search } = criteria;
    const key = JSON.stringify([vehicleType, location, brand, minPrice, maxPrice, search, Math.floor(now.getTime() / BOOST_ROTATION_MS)]);
    return this.counts.closeness.get(key, async () => {
      const { rows } = await gatherByTrigrams<ClosenessRow>(this.pool, buildClosenessRankingSql(criteria, now));
      return closenessRankingOf(rows[0]);
    });
  }

  /**
   * The search's listings with a boost tier in rank order, kept a few seconds like the totals (cleared
   * by a write through this process, so a boost bought here ranks at once; other replicas within their
   * freshness, see SEARCH_FRESHNESS).
   */
  private async boostedListings(criteria: ListingCriteria, match: TextMatch): Promise<Ranking> {
    const now = this.clock.now();
    const { vehicleType, location, brand, minPrice, maxPrice, search, correctedSearch, sort } = criteria;
    const key = JSON.stringify([vehicleType, location, brand, minPrice, maxPrice, search, correctedSearch, match, sort, Math.floor(now.getTime() / BOOST_ROTATION_MS)]);
    return this.counts.rankings.get(key, async () => {
      const sql = buildBoostRankingSql(criteria, match, now);
      const boosts = (await this.pool.query<RankedBoost>(sql.sql, sql.params)).rows;
      return { boosts, firstEnd: boosts.reduce((first, b) => Math.min(first, b.until), Infinity) };
    });
  }

  async listBySeller(sellerId: string): Promise<FoundOwnListing[]> {
    const { rows } = await this.primary.query<SummaryRow & { rejection_reason: string | null; saved_count: number; inquiry_count: number }>(
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
    return rows.map(toSitemapEntry);
  }

  async sitemapParts(partIds: number): Promise<SitemapPart[]> {
    const { rows } = await this.pool.query<{ part: number; listings: number; last: Date }>(
      // The last change of any listing in the range: one taken down changes what the part lists.
      `select ((id - 1) / $1 + 1)::int as part, count(*) filter (where status = 'active')::int as listings, max(updated_at) as last
       from listings group by 1 having count(*) filter (where status = 'active') > 0 order by 1`,
      [partIds],
    );
    return rows.map((row) => ({ part: row.part, listings: row.listings, lastModified: new Date(row.last).toISOString() }));
  }

  async liveListingsBetween(first: number, last: number): Promise<SitemapEntry[]> {
    const { rows } = await this.pool.query<{ id: number; updated_at: Date }>(
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
  async marketplaceStats(): Promise<MarketplaceStats> {
    const { rows } = await this.pool.query<MarketplaceStats>(
      `select (select count(*) from listings where status = 'active')::int as "activeListings",
              (select count(*) from (select seller_id from listings where status = 'active' group by seller_id) s)::int as sellers,
              (select count(*) from (select location from listings where status = 'active' group by location) c)::int as cities`,
    );
    return rows[0] ?? { activeListings: 0, sellers: 0, cities: 0 };
  }

  /** How many listings there are, as Postgres last estimated (kept like the totals). */
  private async listingCount(): Promise<number> {
    return this.counts.totals.get('listings:estimate', async () => {
      const { rows } = await this.pool.query<{ n: number }>(`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'listings'::regclass`);
      return rows[0]?.n ?? 0;
    });
  }

  /** A narrow search's matches in its order, kept like the totals; null when more match than are kept. */
  private async matchList(criteria: ListingCriteria, match: TextMatch): Promise<MatchList | null> {
    // A text search's count being refreshed lists its matches again (see total): a stale list is served meanwhile, not read twice.
    const relisting = countsAndLists(criteria, match) && this.counts.totals.loading(totalKey(criteria, match));
    return this.counts.matches.get(matchListKey(criteria, match), async () => {
      const sql = buildMatchListSql(criteria, match);
      const { rows } = await this.pool.query<{ id: number; k: number }>(sql.sql, sql.params);
      return rows.length > LISTED_MATCHES_MAX ? null : { ids: rows.map((r) => r.id), keys: rows.map((r) => r.k) };
    }, !relisting);
  }

  /** See buildTextFoundSql; kept like the totals, per text. */
  private async textFound(criteria: ListingCriteria): Promise<boolean> {
    const found = buildTextFoundSql(criteria);
    if (!found) return false;
    const key = JSON.stringify(['text found', criteria.search, criteria.correctedSearch]);
    const answer = await this.counts.totals.get(key, async () => {
      const { rows } = await this.pool.query<{ found: boolean }>(found.sql, found.params);
      return rows[0]?.found ? 1 : 0;
    });
    return answer === 1;
  }

  /** See buildKnownWordsSql; kept like the totals, per list of words. */
  private async knownWords(words: string[]): Promise<string[]> {
    if (words.length === 0) return [];
    const key = JSON.stringify(['known words', words]);
    // Kept as a bit per word (the memo keeps numbers): bit i set when words[i] is found.
    const found = await this.counts.totals.get(key, async () => {
      const known = buildKnownWordsSql(words);
      const { rows } = await this.pool.query<{ known: string[] }>(known.sql, known.params);
      const set = new Set(rows[0]?.known ?? []);
      return words.reduce((bits, word, i) => (set.has(word) ? bits | (1 << i) : bits), 0);
    });
    return words.filter((_, i) => (found & (1 << i)) !== 0);
  }

  /**
   * A search's total. Counting free text reads every match's row, so a text search's count also lists
   * its matches on the way when they are few enough to keep (see buildCountAndListSql): its first page
   * then waits for one pass over them, not two.
   */
  private async total(criteria: ListingCriteria, match: TextMatch): Promise<number> {
    // Timed from the ask, as the total's own freshness is (waiting for the gate included), so the list
    // goes stale with its total and is listed again by the total's refresh (see matchList).
    if (ranksByCloseness(criteria, match)) return (await this.closenessRanking(criteria)).list.ids.length;
    const asked = performance.now();
    return this.counts.totals.get(totalKey(criteria, match), async () => {
      if (!countsAndLists(criteria, match)) {
        const { rows } = await readTotal<{ total: number }>(this.pool, buildCountSql(criteria, match), match);
        return rows[0]?.total ?? 0;
      }
      const epoch = this.counts.matches.epoch;
      const { rows } = await readTotal<{ total: number; id: number | null; k: number | null }>(this.pool, buildCountAndListSql(criteria, match), match);
      const total = rows[0]?.total ?? 0;
      if (total > 0 && total <= LISTED_MATCHES_MAX) {
        const list = { ids: rows.map((r) => r.id!), keys: rows.map((r) => r.k!) };
        this.counts.matches.put(matchListKey(criteria, match), list, performance.now() - asked, epoch);
      }
      return total;
    });
  }
}

/** Whether a search's count lists its matches on the way (free text, unless ranked by closeness, which keeps its own, see ClosenessRanking). */
const countsAndLists = (c: ListingCriteria, match: TextMatch): boolean => c.search !== undefined && !ranksByCloseness(c, match);

/**
 * Runs a statement that gathers a typo search's candidates (its count, or its ranking by closeness:
 * no order, a limit) with bitmap scans only, for its own transaction, so that the trigram index is one
 * of them. Postgres prices comparing words by trigrams (`<%`) as cheaply as any operator, so for words
 * whose trigrams many listings share it expects to meet 10,001 matches early in the table: "teslamodl"
 * at a million listings compared 122,584 rows one by one, 0.84-1.13 s, where the trigram index takes
 * 0.13-0.17 s; a plan that flipped with the table's statistics, not with our code. On a small table it
 * walks a whole index instead. Two more round trips, on statements that take a hundred milliseconds.
 */
export async function gatherByTrigrams<R extends pg.QueryResultRow>(pool: pg.Pool, { sql, params }: SqlStatement): Promise<pg.QueryResult<R>> {
  const client = await pool.connect();
  try {
    await client.query('begin; set local enable_seqscan = off; set local enable_indexscan = off');
    const result = await client.query<R>(sql, params);
    await client.query('commit');
    client.release();
    return result;
  } catch (err) {
    // Back to the pool if the connection can still end its transaction; else it is closed.
    await client.query('rollback').then(() => client.release(), () => client.release(true));
    throw err;
  }
}

/** A search's total as buildCountSql or buildCountAndListSql asks for it: a typo search's gathered as gatherByTrigrams does. */
export function readTotal<R extends pg.QueryResultRow>(pool: pg.Pool, statement: SqlStatement, match: TextMatch): Promise<pg.QueryResult<R>> {
  return match === 'typos' ? gatherByTrigrams<R>(pool, statement) : pool.query<R>(statement.sql, statement.params);
}

/** A total is kept per filter, whatever the order. */
function totalKey(c: ListingCriteria, match: TextMatch): string {
  return JSON.stringify([c.vehicleType, c.location, c.brand, c.minPrice, c.maxPrice, c.search, c.correctedSearch, match]);
}

/** A match list is kept per filter and order (the default order lists as newest does). */
function matchListKey(c: ListingCriteria, match: TextMatch): string {
  return JSON.stringify([c.vehicleType, c.location, c.brand, c.minPrice, c.maxPrice, c.search, c.correctedSearch, match, c.sort === 'default' ? 'newest' : c.sort]);
}

/**
 * Where the page after this one starts: none at the end of the count or past the deepest page allowed.
 * (A page may come short of its limit and not be the last: a kept id whose listing was taken down since
 * is left out.) Once the page ends on a listing without a running boost, the cursor holds its sort key.
 */
function nextCursor(c: ListingCriteria, rows: (SummaryRow & { sort_key?: string })[], counted: { total: number; totalCapped: boolean }): SearchCursor | null {
  const shown = (c.cursor?.shown ?? c.offset) + rows.length;
  const last = rows.at(-1);
  if (!last || shown > SEARCH_PAGE.maxOffset || (!counted.totalCapped && shown >= counted.total)) return null;
  const after = last.running_tier === 0 && last.sort_key !== undefined ? { key: last.sort_key, id: last.id } : undefined;
  return after ? { sort: c.sort, shown, after } : { sort: c.sort, shown };
}

const toSitemapEntry = (row: { id: number; updated_at: Date }): SitemapEntry => ({ id: row.id, updatedAt: new Date(row.updated_at).toISOString() });

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
