/** A search's running boosts, which take turns in its promoted slots: read once per few seconds per search and kept. */
import { SEARCH_PAGE, SEARCH_TOTAL_CAP, type ListingCriteria } from '@voltmarket/application';
import { PromotedRings } from '@voltmarket/domain';
import { placeholders, publicFilter, type TextMatch } from './public-filter.js';
import type { SqlStatement } from './sql-statement.js';

/** A boost a search matches: its listing, tier and end (ms), so a page can leave out one that ended since. */
export interface MatchedBoost {
  id: number;
  tier: number;
  until: number;
}

/** A search's boosts, when the first of them ends (ms), and, while none has, their turns by tier. */
export interface RunningBoosts {
  boosts: MatchedBoost[];
  firstEnd: number;
  rings: PromotedRings;
  /** The turns once some have ended, and from when until when they hold (see ringsAt). */
  since?: { from: number; until: number; rings: PromotedRings };
}

export const runningBoostsOf = (boosts: MatchedBoost[]): RunningBoosts => ({
  boosts,
  firstEnd: boosts.reduce((first, b) => Math.min(first, b.until), Infinity),
  rings: new PromotedRings(boosts),
});

/**
 * The turns of the boosts still running at `now`: those read, unless one has ended since; then the
 * turns of the rest, made once and kept until the next of them ends.
 */
export function ringsAt(running: RunningBoosts, now: Date): PromotedRings {
  const at = now.getTime();
  if (at < running.firstEnd) return running.rings;
  if (running.since && at >= running.since.from && at < running.since.until) return running.since.rings;
  const still = running.boosts.filter((b) => b.until > at);
  running.since = { from: at, until: still.reduce((first, b) => Math.min(first, b.until), Infinity), rings: new PromotedRings(still) };
  return running.since.rings;
}

/**
 * Every listing with a boost tier that a search matches. Whether each still runs is decided from its
 * end time when a page is made (ringsAt), never from a flag a job must clear. Kept per search for a few
 * seconds (see PostgresListingSearch), since a thousand boosts read on every page view would dominate
 * its cost.
 */
export function buildRunningBoostsSql(c: ListingCriteria, match: TextMatch, now: Date): SqlStatement {
  const { filter, params } = publicFilter(c, match);
  const { values, param } = placeholders(params);
  // Running boosts are found through their own small indexes (listings_boost_ends, listings_boosted_search_fts)
  // whatever the filter, so this needs no total: at a million listings with 10,000 boosts it took 1-15 ms
  // for nine filters, where gathering the filter's matches first took as long or longer (29.8 ms unfiltered).
  const most = SEARCH_TOTAL_CAP + SEARCH_PAGE.maxLimit;
  return {
    // Only those still running: an ended boost the hourly job has not cleared yet would make every
    // page rebuild the turns until the search's boosts are read again.
    sql: `select l.id, l.boost_tier as tier, (extract(epoch from l.boosted_until) * 1000)::float8 as until
          from listings l where ${filter} and l.boost_tier > 0 and l.boosted_until > ${param(now.toISOString(), '::timestamptz')} limit ${most}`,
    params: values,
  };
}
