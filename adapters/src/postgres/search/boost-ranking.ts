/** A search's running boosts in rank order, read once per few seconds per search and kept. */
import { SEARCH_PAGE, SEARCH_TOTAL_CAP, type ListingCriteria } from '@voltmarket/application';
import { hourOf, orderOf, placeholders, publicFilter, turnOf, type TextMatch } from './public-filter.js';
import type { SqlStatement } from './sql-statement.js';

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

/** A Ranking of boosts already in rank order. */
export const rankingOf = (boosts: RankedBoost[]): Ranking => ({ boosts, firstEnd: boosts.reduce((first, b) => Math.min(first, b.until), Infinity) });

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
  const [key, dir] = orderOf(c);
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
