/**
 * One page of a public search: planned from its search's kept ranking of boosts, total and matches,
 * then read in one statement (prepared when read by id), and where the next page starts.
 */
import { SEARCH_PAGE, SEARCH_TOTAL_CAP, type ListingCriteria, type SearchCursor } from '@voltmarket/application';
import type { RankedBoost, Ranking } from './boost-ranking.js';
import { cursorKey, filtersBesidesText, orderOf, placeholders, publicFilter, ranksByCloseness, sortKeyOf, type TextMatch } from './public-filter.js';
import { preparedName, type SqlStatement } from './sql-statement.js';
import { SUMMARY_COLUMNS, type SummaryRow } from './summary.js';
import type { MatchList } from './totals.js';

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
  if (plan.gather || plan.plainIds || plan.plainLimit <= 0 || !(c.search || filtersBesidesText(c))) return false;
  const reach = (plan.after ? 0 : plan.plainOffset) + plan.plainLimit;
  return reach * Math.max(listings, total) / Math.max(total, 1) > FAR_WALK_LISTINGS;
}

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
  const [, dir] = orderOf(c);
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
  const [key, dir] = orderOf(c);
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

/** A page's row as buildPageSql reads it. */
export type PageRow = SummaryRow & { sort_key?: string };

/**
 * Where the page after this one starts: none at the end of the count or past the deepest page allowed.
 * (A page may come short of its limit and not be the last: a kept id whose listing was taken down since
 * is left out.) Once the page ends on a listing without a running boost, the cursor holds its sort key.
 */
export function nextCursor(c: ListingCriteria, rows: PageRow[], counted: { total: number; totalCapped: boolean }): SearchCursor | null {
  const shown = (c.cursor?.shown ?? c.offset) + rows.length;
  const last = rows.at(-1);
  if (!last || shown > SEARCH_PAGE.maxOffset || (!counted.totalCapped && shown >= counted.total)) return null;
  const after = last.running_tier === 0 && last.sort_key !== undefined ? { key: last.sort_key, id: last.id } : undefined;
  return after ? { sort: c.sort, shown, after } : { sort: c.sort, shown };
}
