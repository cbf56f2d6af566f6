/**
 * The listing search port on Postgres: a public search resolves its text, reads (or keeps) its total,
 * its running boosts and its matches through the SearchCache, draws its promoted slots, then reads one
 * page. The statements
 * live beside this file, one file per responsibility.
 */
import type pg from 'pg';
import {
  type Clock, IMPRESSION_DAYS, SEARCH_TOTAL_CAP, type FoundListing, type FoundListingPage, type FoundOwnListing, type ListingCriteria, type ListingPreview,
  type ListingSearch, type MarketplaceStats, type SitemapEntry, type SitemapPart,
} from '@voltmarket/application';
import { drawPromoted, lagosDay, type NameAudience, PACKAGES } from '@voltmarket/domain';
import { buildClosenessRankingSql, type ClosenessRanking, closenessRankingOf, type ClosenessRow, withClosenessKey } from './closeness.js';
import { buildPageSql, nextCursor, type PageRow, pageRows, planPage, walksFar } from './page.js';
import { filterValues, ranksByCloseness, type TextMatch } from './public-filter.js';
import { buildRunningBoostsSql, type MatchedBoost, ringsAt, type RunningBoosts, runningBoostsOf } from './running-boosts.js';
import type { SearchCache } from './search-cache.js';
import * as sitemap from './sitemap-and-figures.js';
import { gatherByTrigrams, runStatement } from './sql-statement.js';
import { SUMMARY_COLUMNS, type SummaryRow, toSummary } from './summary.js';
import { buildKnownWordsSql, buildTextFoundSql, resolveText } from './text-resolution.js';
import {
  buildCountAndListSql, buildCountSql, buildMatchListSql, countsAndLists, LISTED_MATCHES_MAX, type MatchList, matchListKey, readTotal, totalKey,
} from './totals.js';

/** A search's promoted slots take turns across its pages and orders: one rotation per filter and text. */
const rotationKey = (c: ListingCriteria): string => JSON.stringify([...filterValues(c), c.search]);

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
    // The search's boosts need no total, so a search seen for the first time asks for them (for its
    // words as typed) beside its count, and waits for one query, not two in turn.
    const slots = criteria.promotedSlots ?? 0;
    const boostsAsTyped = slots > 0 ? this.runningBoosts(criteria, 'words') : undefined;
    boostsAsTyped?.catch(() => undefined); // awaited below, unless the words as typed find nothing
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
    const [boosts, list, listings] = await Promise.all([
      slots <= 0 ? undefined : closeness ? closeness.boosts : match === 'words' && searched === criteria ? boostsAsTyped : this.runningBoosts(searched, match),
      closeness ? closeness.list : total <= LISTED_MATCHES_MAX ? this.matchList(searched, match) : undefined,
      this.listingCount(),
    ]);
    // Slots only on a page that has listings of its own to show; a boost that ended since it was read takes none.
    const onPage = (searched.cursor?.shown ?? searched.offset) < total;
    const promoted = boosts && onPage ? drawPromoted(this.counts.rotation(rotationKey(searched)), ringsAt(boosts, now), slots) : [];
    const plan = planPage(searched, promoted, total, listings, list ?? undefined);
    const page = buildPageSql(searched, match, plan);
    const read = () => runStatement<PageRow>(this.pool, page);
    const { rows } = walksFar(searched, plan, total, listings) ? await this.counts.costlyPages.run(read) : await read();
    const { shown, listed } = pageRows(rows);
    const keyed = closeness ? withClosenessKey(listed, closeness.list) : listed;
    return { items: shown.map((row) => toSummary(row, audience, now)), ...counted, next: nextCursor(searched, keyed, counted) };
  }

  async featured(limit: number, audience: NameAudience): Promise<FoundListing[]> {
    const newest: ListingCriteria = { sort: 'newest', limit, offset: 0 };
    const [boosts, now] = [await this.runningBoosts(newest, 'words'), this.clock.now()];
    const promoted = drawPromoted(this.counts.rotation('featured'), ringsAt(boosts, now).only([PACKAGES.ultimate.tier]), limit);
    // As many of the newest as spots, since the boosts in spots are left out of them.
    const page = buildPageSql(newest, 'words', { promoted, limit, offset: 0, gather: false });
    const { shown } = pageRows((await runStatement<PageRow>(this.pool, page)).rows);
    return shown.slice(0, limit).map((row) => toSummary(row, audience, now));
  }

  async listBySeller(sellerId: string): Promise<FoundOwnListing[]> {
    const now = this.clock.now();
    const { rows } = await this.primary.query<SummaryRow & {
      rejection_reason: string | null; sold_at: Date | null; expires_at: Date | null; changes_waiting: boolean; saved_count: number; inquiry_count: number; promoted_impressions: number; organic_impressions: number;
    }>(
      `select ${SUMMARY_COLUMNS}, l.rejection_reason, l.sold_at, l.expires_at,
              exists (select 1 from listing_changes c where c.listing_id = l.id and c.status = 'pending') as changes_waiting,
              (select count(*)::int from wishlist w where w.vehicle_id = l.id) as saved_count,
              (select count(*)::int from inquiries i where i.vehicle_id = l.id) as inquiry_count,
              coalesce(seen.promoted, 0)::int as promoted_impressions, coalesce(seen.organic, 0)::int as organic_impressions
       from listings l join users u on u.id = l.seller_id
       left join lateral (select sum(promoted) as promoted, sum(organic) as organic from listing_impressions i
                          where i.listing_id = l.id and i.day > $2::date - $3::int) seen on true
       where l.seller_id = $1 order by l.created_at desc, l.id desc`,
      [sellerId, lagosDay(now), IMPRESSION_DAYS],
    );
    return rows.map((row) => ({
      ...toSummary(row, 'member', now), rejectionReason: row.rejection_reason, soldAt: row.sold_at?.toISOString() ?? null,
      expiresAt: row.status === 'active' ? (row.expires_at?.toISOString() ?? null) : null, changesWaiting: row.changes_waiting, savedCount: row.saved_count, inquiryCount: row.inquiry_count,
      impressions: { promoted: row.promoted_impressions, organic: row.organic_impressions },
    }));
  }

  async publicPreview(id: number): Promise<ListingPreview | null> {
    const { rows } = await this.pool.query<{
      id: number; title: string; description: string; price: number; year: number; mileage: number; range: number;
      brand: string; model: string; location: string; image_url: string | null; updated_at: Date; sold: boolean;
    }>(
      `select id, title, left(description, 300) as description, price, year, mileage, range, brand, model, location,
              image_urls ->> 0 as image_url, updated_at, status = 'sold' as sold
       from listings where id = $1 and status in ('active', 'sold')`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    const { image_url: imageUrl, updated_at: updatedAt, ...rest } = row;
    return { ...rest, imageUrl, updatedAt: new Date(updatedAt).toISOString() };
  }

  liveListingsForSitemap(limit: number): Promise<SitemapEntry[]> {
    return sitemap.liveListingsForSitemap(this.pool, limit);
  }

  sitemapParts(partIds: number): Promise<SitemapPart[]> {
    return sitemap.sitemapParts(this.pool, partIds);
  }

  liveListingsBetween(first: number, last: number): Promise<SitemapEntry[]> {
    return sitemap.liveListingsBetween(this.pool, first, last);
  }

  marketplaceStats(): Promise<MarketplaceStats> {
    return sitemap.marketplaceStats(this.pool);
  }

  /** See buildClosenessRankingSql: kept per search, read through the costly pages' gate (two at once at most). */
  private async closenessRanking(criteria: ListingCriteria): Promise<ClosenessRanking> {
    const key = JSON.stringify([...filterValues(criteria), criteria.search]);
    return this.counts.closeness.get(key, async () => {
      const { rows } = await gatherByTrigrams<ClosenessRow>(this.pool, buildClosenessRankingSql(criteria, this.clock.now()));
      return closenessRankingOf(rows[0]);
    });
  }

  /**
   * The search's boosts, kept a few seconds like the totals (cleared by a write through this process,
   * so a boost bought here takes its turns at once; other replicas within their freshness, see
   * SEARCH_FRESHNESS). Every order of one search shares them.
   */
  private async runningBoosts(criteria: ListingCriteria, match: TextMatch): Promise<RunningBoosts> {
    const key = JSON.stringify([...filterValues(criteria), criteria.search, criteria.correctedSearch, match]);
    return this.counts.boosts.get(key, async () => {
      const sql = buildRunningBoostsSql(criteria, match, this.clock.now());
      return runningBoostsOf((await this.pool.query<MatchedBoost>(sql.sql, sql.params)).rows);
    });
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
