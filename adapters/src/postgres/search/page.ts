/**
 * One page of a public search: its promoted slots and the search in the buyer's chosen order, planned
 * from the search's kept total and matches, read in one statement (prepared when read by id), and
 * where the next page starts.
 */
import { SEARCH_PAGE, SEARCH_TOTAL_CAP, type ListingCriteria, type SearchCursor } from '@voltmarket/application';
import type { Promotable } from '@voltmarket/domain';
import { cursorKey, filtersBesidesText, orderOf, placeholders, publicFilter, ranksByCloseness, sortKeyOf, type TextMatch } from './public-filter.js';
import { preparedName, type SqlStatement } from './sql-statement.js';
import { SUMMARY_COLUMNS, type SummaryRow } from './summary.js';
import type { MatchList } from './totals.js';

/**
 * What one page of a public search reads: its promoted slots, drawn beforehand (drawPromoted), then
 * the search in the buyer's chosen order, boosted listings included at their own place.
 */
export interface PagePlan {
  /** The boosts drawn into the page's promoted slots, in slot order. */
  promoted: readonly Promotable[];
  /** How many listings of the chosen order the page holds: from `offset`, or right after `after`. */
  limit: number;
  offset: number;
  after?: { key: string; id: number };
  /** Gather the matches and sort them rather than walk the sort index (see gathersMatches). */
  gather: boolean;
  /** The page's listings in order, taken from the search's kept matches (see MatchList). */
  ids?: number[];
}

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
  if (plan.gather || plan.ids || plan.limit <= 0 || !(c.search || filtersBesidesText(c))) return false;
  const reach = (plan.after ? 0 : plan.offset) + plan.limit;
  return reach * Math.max(listings, total) / Math.max(total, 1) > FAR_WALK_LISTINGS;
}

/**
 * Plans a page from where it starts (the cursor, else the offset). A page after a cursor continues
 * right after its last listing, through the sort index: the thousandth page of an infinite scroll costs
 * what the second does, where an offset steps over every listing before it.
 */
export function planPage(c: ListingCriteria, promoted: readonly Promotable[], total: number, listings: number, list?: MatchList): PagePlan {
  const after = c.cursor?.after;
  const offset = after ? 0 : (c.cursor?.shown ?? c.offset);
  if (list) return { promoted, limit: c.limit, offset, after, gather: false, ids: listedPage(c, list, offset) };
  return { promoted, limit: c.limit, offset, after, gather: gathersMatches(total, listings, offset, c.limit) };
}

/** The ids of a page from a search's kept matches: after the cursor's listing, else from the offset. */
function listedPage(c: ListingCriteria, list: MatchList, offset: number): number[] {
  const after = c.cursor?.after;
  if (!after) return list.ids.slice(offset, offset + c.limit);
  const [, dir] = orderOf(c);
  const afterKey = Number(after.key);
  const past = (i: number) => {
    const key = list.keys[i]!;
    const later = key === afterKey ? list.ids[i]! - after.id : key - afterKey;
    return dir === 'desc' ? later < 0 : later > 0;
  };
  let first = 0;
  while (first < list.ids.length && !past(first)) first++;
  return list.ids.slice(first, first + c.limit);
}

/**
 * One page of a public search (exported so the benchmark runs exactly what the API runs): its promoted
 * slots first, then the listings of the chosen order. The page is a "deferred join": ids come from
 * indexes in the chosen order, then only the page's rows are read. A listing drawn into a slot is left
 * out below it by the caller (pageRows), which still continues after it.
 */
export function buildPageSql(c: ListingCriteria, match: TextMatch, plan: PagePlan): SqlStatement {
  const { filter, params } = publicFilter(c, match);
  const { values, param } = placeholders(params);
  const { promoted, limit, offset, after, gather, ids } = plan;
  // Ids may come from what a search keeps (its boosts, its matches): a listing taken down since is left out here.
  const select = (extra = '') => `select ${SUMMARY_COLUMNS}, p.promoted${extra} from page p join listings l on l.id = p.id join users u on u.id = l.seller_id
    where l.status = 'active' order by p.ord`;
  const [key, dir] = orderOf(c);
  // Only the parts this page needs, so Postgres plans no more than it runs. A page read by id reads
  // none of the filter's values (and Postgres cannot type a parameter nothing reads).
  if (limit <= 0 || ids) values.splice(0, values.length);
  // A page read by id (its slots, and the rest from what its search keeps) has one best plan whatever
  // its ids, so it is prepared once per connection and Postgres keeps its plan after five runs:
  // planning was most of its work for such a page (0.5 ms of 0.8-1.4). A page that walks a sort index
  // is planned each time. Postgres would keep no plan for it anyway (its limit and offset are
  // parameters, which a kept plan guesses at a tenth of the rows: 0 kept in 30 runs), and a kept plan
  // is unsafe for a filter's page: for "Lagos by price" from the 9,940th it walked the price index (61
  // ms against 16), and kept for one text it read 800 ms for another's cursor page.
  // The unfiltered list's first page, or a cursor's page of it (what Browse asks most), walks one sort
  // index whatever its values: with its limit written in, and no offset, Postgres keeps a plan for it
  // that is the one it would make (an index scan in order, from the cursor's place). A filter's page,
  // or one at an offset, is planned for its values (see above).
  const unfilteredTop = limit > 0 && !ids && !gather && params.length === 0 && offset === 0;
  const prepared = limit <= 0 || ids !== undefined || unfilteredTop;
  const parts: string[] = [];
  if (promoted.length > 0) {
    // One value each (there are a handful at most), not an array: Postgres then counts them exactly in
    // the plan it keeps as in one made for them, and keeps a plan for the unfiltered list's pages
    // (with an array it guessed ten rows, planned every time: 0 kept plans in 30 runs, 0.5-1 ms each).
    const slots = promoted.map((b, i) => `(${param(b.id)}::int, ${i + 1})`);
    parts.push(`select s.id, true as promoted, s.ord from (values ${slots.join(', ')}) as s(id, ord)`);
  }
  // After a cursor: listings past its last one in the order, a range of the sort index.
  const seek = limit > 0 && after && !ids
    ? ` and (l.${key}, l.id) ${dir === 'desc' ? '<' : '>'} (${sortKeyOf(key, param(after.key))}, ${param(after.id)}::int)`
    : '';
  let listed = '';
  if (ids) {
    if (ids.length > 0) {
      parts.push(`select o.id, false as promoted, ${param(promoted.length)}::int + o.ord as ord from unnest(${param(ids, '::int[]')}) with ordinality as o(id, ord)`);
    }
  } else if (limit > 0 && gather) {
    // Few matches for the page's depth (see gathersMatches): they are gathered first from the filter's
    // own indexes, then sorted. Walking the sort index instead would read most of it for a few
    // scattered matches (4 s for BMW under ₦15M by mileage at a million listings).
    listed = `matched as materialized (select l.id, l.${key} as k from listings l where ${filter}${seek}),
      listed as (select id, k from matched order by k ${dir}, id ${dir} limit ${param(limit)} offset ${param(offset)}), `;
  } else if (unfilteredTop) {
    // A whole number from 1 to SEARCH_PAGE.maxLimit, checked at the edge: written in, not a value.
    listed = `listed as (select l.id, l.${key} as k from listings l where ${filter}${seek}
      order by l.${key} ${dir}, l.id ${dir} limit ${Math.trunc(limit)}), `;
  } else if (limit > 0) {
    listed = `listed as (select l.id, l.${key} as k from listings l where ${filter}${seek}
      order by l.${key} ${dir}, l.id ${dir} limit ${param(limit)} offset ${param(offset)}), `;
  }
  if (limit > 0 && !ids) parts.push(`select id, false as promoted, ${param(promoted.length)}::int + row_number() over (order by k ${dir}, id ${dir}) as ord from listed`);
  if (parts.length === 0) parts.push('select 0 as id, false as promoted, 0 as ord where false');
  // A page ranked by closeness takes its sort key from the ranking (withClosenessKey).
  const sortKey = ranksByCloseness(c, match) ? '' : `, ${cursorKey(key)}::text as sort_key`;
  const sql = `with ${listed}page as (${parts.join(' union all ')}) ${select(sortKey)}`;
  return prepared ? { sql, params: values, name: preparedName(sql) } : { sql, params: values };
}

/** A page's row as buildPageSql reads it. */
export type PageRow = SummaryRow & { promoted: boolean; sort_key?: string };

/**
 * A page's rows as shown: its slots, then the listings of the chosen order without those drawn into a
 * slot (never one listing twice on a page). `listed` keeps every row of the chosen order read, which
 * is where the next page continues.
 */
export function pageRows(rows: PageRow[]): { shown: PageRow[]; listed: PageRow[] } {
  const promoted = rows.filter((r) => r.promoted);
  const listed = rows.filter((r) => !r.promoted);
  const inSlots = new Set(promoted.map((r) => r.id));
  return { shown: [...promoted, ...listed.filter((r) => !inSlots.has(r.id))], listed };
}

/**
 * Where the page after this one starts: none at the end of the count or past the deepest page allowed.
 * (A page may come short of its limit and not be the last: a kept id whose listing was taken down since
 * is left out.) The cursor holds the last listing's sort key, where the page has one.
 */
export function nextCursor(c: ListingCriteria, listed: PageRow[], counted: { total: number; totalCapped: boolean }): SearchCursor | null {
  const shown = (c.cursor?.shown ?? c.offset) + listed.length;
  const last = listed.at(-1);
  if (!last || shown > SEARCH_PAGE.maxOffset || (!counted.totalCapped && shown >= counted.total)) return null;
  return last.sort_key !== undefined ? { sort: c.sort, shown, after: { key: last.sort_key, id: last.id } } : { sort: c.sort, shown };
}
