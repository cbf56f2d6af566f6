/**
 * A typo search ranked by closeness: its candidates, the first the trigram index gives, compared once
 * with its count and kept, so that each of its pages is read by id.
 */
import { SEARCH_TOTAL_CAP, type ListingCriteria } from '@voltmarket/application';
import { typoWords } from '@voltmarket/domain';
import { placeholders, publicFilter } from './public-filter.js';
import { runningBoostsOf, type RunningBoosts } from './running-boosts.js';
import type { SqlStatement } from './sql-statement.js';
import type { MatchList } from './totals.js';

/**
 * A typo search ranks by closeness at most this many of its matches, the first the trigram index
 * gives, as many as its total counts: a word found nowhere whose trigrams most listings share
 * ("teslamodl") ranked every Tesla, 60,000 at a million, 0.9-1.5 s for every page. Beyond that many,
 * the best of the rest are not looked for; the total already says "10,000+".
 */
export const CLOSENESS_CANDIDATES = SEARCH_TOTAL_CAP + 1;

/** Closeness (0 to 1) as a whole number, the sort key of a closeness ranking and of its cursors. */
export const CLOSENESS_KEY_SCALE = 1_000_000;

/**
 * A typo search ranked by closeness (see ranksByCloseness), read once and kept like a narrow search's
 * matches: every candidate in closeness order, each with its closeness as a whole number
 * (CLOSENESS_KEY_SCALE), the key a cursor continues after, and the running boosts among them for the
 * promoted slots. Each page is then read by id, as a kept match list's is. The candidates are counted
 * too: they are the search's total.
 */
export interface ClosenessRanking {
  boosts: RunningBoosts;
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
  const order = 'closeness desc, id desc';
  return {
    sql: `with candidates as materialized (
            select l.id, round(word_similarity(${param(typoWords(c.search!))}, l.search_text) * ${CLOSENESS_KEY_SCALE})::int as closeness,
                   case when ${running} then l.boost_tier else 0 end as tier,
                   (extract(epoch from l.boosted_until) * 1000)::float8 as until
            from listings l where ${filter} limit ${CLOSENESS_CANDIDATES}
          )
          select coalesce(array_agg(id order by ${order}), '{}')::int[] as ids,
                 coalesce(array_agg(closeness order by ${order}), '{}')::int[] as keys,
                 coalesce(json_agg(json_build_array(id, tier, until)) filter (where tier > 0), '[]') as boosts
          from candidates`,
    params: values,
  };
}

/**
 * The closeness ranking statement's one row: every candidate's id and closeness key in closeness
 * order, and each running boost among them as [id, tier, end in ms].
 */
export interface ClosenessRow {
  ids: number[];
  keys: number[];
  boosts: [number, number, number][];
}

/** A ClosenessRanking from its statement's row. */
export function closenessRankingOf(row: ClosenessRow | undefined): ClosenessRanking {
  return {
    boosts: runningBoostsOf((row?.boosts ?? []).map(([id, tier, until]) => ({ id, tier, until }))),
    list: { ids: row?.ids ?? [], keys: row?.keys ?? [] },
  };
}

/**
 * A closeness page's rows with the last one's sort key, from the ranking (the page reads its rows by
 * id and knows no closeness): a cursor continues after it, so a listing taken down or boosted between
 * two pages neither repeats one nor skips one.
 */
export function withClosenessKey<R extends { id: number; sort_key?: string }>(rows: R[], list: MatchList): R[] {
  const last = rows.at(-1);
  const at = last ? list.ids.indexOf(last.id) : -1;
  if (last && at >= 0) last.sort_key = String(list.keys[at]);
  return rows;
}
