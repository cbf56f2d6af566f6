/**
 * A search's total ("N vehicles found", counted up to one past the cap) and, for a narrow search, its
 * matches in order, kept so that each of its pages reads only its own rows by id.
 */
import type pg from 'pg';
import { SEARCH_TOTAL_CAP, type ListingCriteria } from '@voltmarket/application';
import { cursorKey, filterValues, orderOf, publicFilter, ranksByCloseness, type TextMatch } from './public-filter.js';
import { gatherByTrigrams, type SqlStatement } from './sql-statement.js';

/**
 * Counts a public search's matches up to one past SEARCH_TOTAL_CAP: the scan stops there, so a count
 * over the whole market costs what a count of 10,001 rows does.
 */
export function buildCountSql(c: ListingCriteria, match: TextMatch): SqlStatement {
  const { filter, params } = publicFilter(c, match);
  return { sql: `select count(*)::int as total from (select 1 from listings l where ${filter} limit ${SEARCH_TOTAL_CAP + 1}) matched`, params };
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

/** A narrow search's matches in its order (see MatchList); one past the most kept, so the caller knows when there are more. */
export function buildMatchListSql(c: ListingCriteria, match: TextMatch): SqlStatement {
  const { filter, params } = publicFilter(c, match);
  const [key, dir] = orderOf(c);
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
  const [key, dir] = orderOf(c);
  return {
    sql: `with matched as materialized (select l.id, ${cursorKey(key)}::float8 as k from listings l where ${filter} limit ${SEARCH_TOTAL_CAP + 1}),
               counted as (select count(*)::int as total from matched)
          select counted.total, listed.id, listed.k from counted
          left join lateral (select id, k from matched where counted.total <= ${LISTED_MATCHES_MAX}) listed on true
          order by listed.k ${dir}, listed.id ${dir}`,
    params,
  };
}

/** A search's total as buildCountSql or buildCountAndListSql asks for it: a typo search's gathered as gatherByTrigrams does. */
export function readTotal<R extends pg.QueryResultRow>(pool: pg.Pool, statement: SqlStatement, match: TextMatch): Promise<pg.QueryResult<R>> {
  return match === 'typos' ? gatherByTrigrams<R>(pool, statement) : pool.query<R>(statement.sql, statement.params);
}

/** Whether a search's count lists its matches on the way (free text, unless ranked by closeness, which keeps its own, see ClosenessRanking). */
export const countsAndLists = (c: ListingCriteria, match: TextMatch): boolean => c.search !== undefined && !ranksByCloseness(c, match);

/** A total is kept per filter, whatever the order. */
export function totalKey(c: ListingCriteria, match: TextMatch): string {
  return JSON.stringify([...filterValues(c), c.search, c.correctedSearch, match]);
}

/** A match list is kept per filter and order (the default order lists as newest does). */
export function matchListKey(c: ListingCriteria, match: TextMatch): string {
  return JSON.stringify([...filterValues(c), c.search, c.correctedSearch, match, c.sort === 'default' ? 'newest' : c.sort]);
}
