import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import type { Logger } from 'pino';
import {
  AuditTrail, BulkModerateListings, CleanUpUploads, type Clock, CurrentCarOfTheWeek, DeleteListing, GetFeaturedListings, GetListing, GetListingPreview,
  GetMarketplaceStats, ListMyListings, GetSitemap, MarkListingSold, GetSitemapPart, ModerateListing, Notifier, PickCarOfTheWeek, ReviseListing, SearchListings,
  ScreenListing, SubmitListing, UploadListingImage, WithdrawCarOfTheWeek, WithdrawListing, DecideListingRevision, ListListingRevisions, RenewListing, ExpireListings,
  RemindExpiringListings,
} from '@voltmarket/application';
import type { AppConfig } from '../config.js';
import { TOKENS } from '../tokens.js';
import { MikroOrmListingRepository } from '../../postgres/listing-repository.js';
import { PostgresListingSearch } from '../../postgres/search/postgres-listing-search.js';
import { PostgresListingImpressions } from '../../postgres/listing-impressions.js';
import { SearchCache } from '../../postgres/search/search-cache.js';
import { MikroOrmCarOfTheWeekPicks, PostgresCarOfTheWeekReads } from '../../postgres/car-of-the-week-store.js';
import { PostgresUploadLedger } from '../../postgres/upload-ledger.js';
import { PostgresPhotoHashes } from '../../postgres/photo-hash-store.js';
import { PhotoStore } from '../../storage/photo-store.js';
import { photoObjectsFor, type PhotoObjects } from '../photo-storage.js';
import { PostgresListingRevisionStore } from '../../postgres/listing-revision-store.js';
import { PostgresListingLifecycle } from '../../postgres/listing-lifecycle.js';

/** Listings: submission, search, moderation, photos and the car of the week. */
export const listingModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.ModerationPolicy).toResolvedValue((config: AppConfig) => ({ reReviewEdits: config.reReviewEdits }), [TOKENS.Config]);
  bind(TOKENS.SearchCache).toConstantValue(new SearchCache());
  bind(TOKENS.ListingRepository).toResolvedValue(
    (orm: MikroORM, counts: SearchCache) => new MikroOrmListingRepository(orm, counts), [TOKENS.Orm, TOKENS.SearchCache]);
  bind(TOKENS.ListingSearch).toResolvedValue(
    (replica: pg.Pool, counts: SearchCache, clock: Clock, primary: pg.Pool) => new PostgresListingSearch(replica, counts, clock, primary),
    [TOKENS.ReplicaPool, TOKENS.SearchCache, TOKENS.Clock, TOKENS.ReadPool]);
  bind(TOKENS.ListingImpressions).toResolvedValue(
    (pool: pg.Pool, clock: Clock, logger: Logger) => new PostgresListingImpressions(pool, () => clock.now(), (err) => logger.warn({ err }, 'impressions could not be written; kept for the next try')),
    [TOKENS.ReadPool, TOKENS.Clock, TOKENS.Logger]);
  bind(TOKENS.PhotoObjects).toResolvedValue((config: AppConfig) => photoObjectsFor(config), [TOKENS.Config]);
  bind(TOKENS.ImageStore).toResolvedValue((objects: PhotoObjects) => new PhotoStore(objects), [TOKENS.PhotoObjects]);
  bind(TOKENS.ListingRevisionStore).toResolvedValue((orm: MikroORM) => new PostgresListingRevisionStore(orm), [TOKENS.Orm]);
  bind(TOKENS.ListingLifecycle).toResolvedValue((orm: MikroORM, counts: SearchCache) => new PostgresListingLifecycle(orm, counts), [TOKENS.Orm, TOKENS.SearchCache]);
  bind(TOKENS.UploadLedger).toResolvedValue((orm: MikroORM) => new PostgresUploadLedger(orm), [TOKENS.Orm]);
  bind(TOKENS.PhotoHashes).toResolvedValue((orm: MikroORM) => new PostgresPhotoHashes(orm), [TOKENS.Orm]);
  bind(TOKENS.CarOfTheWeekPicks).toResolvedValue((orm: MikroORM) => new MikroOrmCarOfTheWeekPicks(orm), [TOKENS.Orm]);
  // One per process: it remembers the car of the week for up to a minute.
  bind(CurrentCarOfTheWeek).toResolvedValue((pool: pg.Pool, k: Clock) => new CurrentCarOfTheWeek(new PostgresCarOfTheWeekReads(pool), k), [TOKENS.ReadPool, TOKENS.Clock]);

  const {
    UserRepository: U, ListingRepository: L, Clock: K, UnitOfWork: W, UploadLedger: UL, ImageStore: I, PhoneNumbers: P, CarOfTheWeekPicks: CP,
    ListingSearch: S,
  } = TOKENS;
  const C = CurrentCarOfTheWeek;
  // Screening reads market prices from the process's copy, as the vehicle page does.
  bind(ScreenListing).toResolvedValue((h, i, mp, k) => new ScreenListing(h, i, mp, k), [TOKENS.PhotoHashes, I, TOKENS.MarketPriceSnapshot, K]);
  bind(SubmitListing).toResolvedValue((l, u, k, ul, p, sc) => new SubmitListing(l, u, k, ul, p, sc), [L, U, K, UL, P, ScreenListing]);
  bind(ReviseListing).toResolvedValue(
    (l, u, k, m, cw, ul, p, w, q, r, sc) => new ReviseListing(l, u, k, m, cw, ul, p, w, q, r, sc),
    [L, U, K, TOKENS.ModerationPolicy, C, UL, P, W, TOKENS.AlertQueue, TOKENS.ListingRevisionStore, ScreenListing]);
  bind(DecideListingRevision).toResolvedValue(
    (r, l, t, n, q, w, k) => new DecideListingRevision(r, l, t, n, q, w, k), [TOKENS.ListingRevisionStore, L, AuditTrail, Notifier, TOKENS.AlertQueue, W, K]);
  bind(ListListingRevisions).toResolvedValue((r) => new ListListingRevisions(r), [TOKENS.ListingRevisionStore]);
  bind(RenewListing).toResolvedValue((l, w, k, cw) => new RenewListing(l, w, k, cw), [L, W, K, C]);
  bind(ExpireListings).toResolvedValue((x, n, w, k) => new ExpireListings(x, n, w, k), [TOKENS.ListingLifecycle, Notifier, W, K]);
  bind(RemindExpiringListings).toResolvedValue((x, n, w, k) => new RemindExpiringListings(x, n, w, k), [TOKENS.ListingLifecycle, Notifier, W, K]);
  bind(WithdrawListing).toResolvedValue((l, ul, i) => new WithdrawListing(l, ul, i), [L, UL, I]);
  bind(MarkListingSold).toResolvedValue((l, u, w, k, cw, n) => new MarkListingSold(l, u, w, k, cw, n), [L, U, W, K, C, Notifier]);
  bind(GetListing).toResolvedValue(
    (l, u, v, k, cw, mp, r, c) => new GetListing(l, u, v, k, cw, mp, r, c),
    [L, U, TOKENS.ListingActivity, K, C, TOKENS.MarketPriceSnapshot, TOKENS.ReviewStore, TOKENS.ListingRevisionStore]);
  bind(SearchListings).toResolvedValue(
    (s, cw, i, config: AppConfig) => new SearchListings(s, cw, i, config.promotedSlots), [S, C, TOKENS.ListingImpressions, TOKENS.Config]);
  bind(GetFeaturedListings).toResolvedValue((s, cw, i) => new GetFeaturedListings(s, cw, i), [S, C, TOKENS.ListingImpressions]);
  bind(ListMyListings).toResolvedValue((s, cw) => new ListMyListings(s, cw), [S, C]);
  bind(GetListingPreview).toResolvedValue((s, i) => new GetListingPreview(s, i), [S, I]);
  bind(GetSitemap).toResolvedValue((s, k) => new GetSitemap(s, k), [S, K]);
  bind(GetSitemapPart).toResolvedValue((m, s, k) => new GetSitemapPart(m, s, k), [GetSitemap, S, K]);
  bind(GetMarketplaceStats).toResolvedValue((s, k) => new GetMarketplaceStats(s, k), [S, K]);
  bind(ModerateListing).toResolvedValue(
    (l, u, t, w, k, cw, ul, p, n, q) => new ModerateListing(l, u, t, w, k, cw, ul, p, n, q), [L, U, AuditTrail, W, K, C, UL, P, Notifier, TOKENS.AlertQueue]);
  bind(BulkModerateListings).toResolvedValue((m) => new BulkModerateListings(m), [ModerateListing]);
  bind(DeleteListing).toResolvedValue((l, u, t, w, cw, ul, i) => new DeleteListing(l, u, t, w, cw, ul, i), [L, U, AuditTrail, W, C, UL, I]);
  bind(PickCarOfTheWeek).toResolvedValue((l, p, u, t, w, k, cw) => new PickCarOfTheWeek(l, p, u, t, w, k, cw), [L, CP, U, AuditTrail, W, K, C]);
  bind(WithdrawCarOfTheWeek).toResolvedValue((l, p, u, t, w, k, cw) => new WithdrawCarOfTheWeek(l, p, u, t, w, k, cw), [L, CP, U, AuditTrail, W, K, C]);
  bind(UploadListingImage).toResolvedValue(
    (i, ul, k, config: AppConfig, h) => new UploadListingImage(i, ul, { perAccount: config.uploadDailyQuota, perGuestNetwork: config.uploadDailyQuotaGuest }, k, h),
    [I, UL, K, TOKENS.Config, TOKENS.PhotoHashes]);
  bind(CleanUpUploads).toResolvedValue((ul, i, k) => new CleanUpUploads(ul, i, k), [UL, I, K]);
});
