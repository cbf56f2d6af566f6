import { Container, type ServiceIdentifier } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type pg from 'pg';
import {
  type AdminReadModel, AuditTrail, Authenticate, BulkModerateListings, ChangeUserRole, CleanUpUploads, type Clock,
  CurrentCarOfTheWeek, DeleteListing, ExportUsers, GetAdminStats, GetCarOfTheWeek, GetCurrentUser, GetListing,
  GetListingPreview, GetMarketplaceStats, type IdentityVerifier, type ImageStore, ListAdminUsers, ListAdminVehicles,
  ListAuditEntries, ListMyListings, ListSitemapEntries, type ListingSearch, type ListingViewCounter, ModerateListing,
  type PhoneNumbers, PickCarOfTheWeek, ReviseListing, SearchListings, SubmitListing, SyncUser, type UnitOfWork,
  UpdateProfile, type UploadLedger, UploadListingImage, WithdrawCarOfTheWeek, WithdrawListing,
} from '@voltmarket/application';
import type {
  AuditLog, CarOfTheWeekPicks, ListingRepository, ModerationPolicy, StaffDirectory, UserRepository,
} from '@voltmarket/domain';
import type { AppConfig } from './config.js';
import { MikroOrmListingRepository } from '../postgres/listing-repository.js';
import { MikroOrmUserRepository } from '../postgres/user-repository.js';
import { PostgresListingSearch, PostgresListingViewCounter } from '../postgres/listing-search.js';
import { ListingCountCache } from '../postgres/listing-count-cache.js';
import { PostgresAdminReadModel } from '../postgres/admin-read-model.js';
import { MikroOrmAuditLog } from '../postgres/audit-log.js';
import { MikroOrmUnitOfWork } from '../postgres/unit-of-work.js';
import { MikroOrmCarOfTheWeekPicks, PostgresCarOfTheWeekReads } from '../postgres/car-of-the-week-store.js';
import { LocalDiskImageStore } from '../storage/local-disk-image-store.js';
import { PostgresUploadLedger } from '../postgres/upload-ledger.js';
import { LibphonenumberPhoneNumbers } from '../phone/libphonenumber-phone-numbers.js';
import path from 'node:path';

/** Ports by name: the only place that knows which concrete class stands behind each. */
export const TOKENS = {
  Config: Symbol.for('Config') as ServiceIdentifier<AppConfig>,
  Logger: Symbol.for('Logger') as ServiceIdentifier<Logger>,
  Orm: Symbol.for('Orm') as ServiceIdentifier<MikroORM>,
  ReadPool: Symbol.for('ReadPool') as ServiceIdentifier<pg.Pool>,
  Clock: Symbol.for('Clock') as ServiceIdentifier<Clock>,
  StaffDirectory: Symbol.for('StaffDirectory') as ServiceIdentifier<StaffDirectory>,
  ModerationPolicy: Symbol.for('ModerationPolicy') as ServiceIdentifier<ModerationPolicy>,
  UserRepository: Symbol.for('UserRepository') as ServiceIdentifier<UserRepository>,
  ListingRepository: Symbol.for('ListingRepository') as ServiceIdentifier<ListingRepository>,
  ListingCountCache: Symbol.for('ListingCountCache') as ServiceIdentifier<ListingCountCache>,
  ListingSearch: Symbol.for('ListingSearch') as ServiceIdentifier<ListingSearch>,
  ListingViewCounter: Symbol.for('ListingViewCounter') as ServiceIdentifier<ListingViewCounter>,
  IdentityVerifier: Symbol.for('IdentityVerifier') as ServiceIdentifier<IdentityVerifier>,
  ImageStore: Symbol.for('ImageStore') as ServiceIdentifier<ImageStore>,
  UnitOfWork: Symbol.for('UnitOfWork') as ServiceIdentifier<UnitOfWork>,
  AuditLog: Symbol.for('AuditLog') as ServiceIdentifier<AuditLog>,
  AdminReadModel: Symbol.for('AdminReadModel') as ServiceIdentifier<AdminReadModel>,
  UploadLedger: Symbol.for('UploadLedger') as ServiceIdentifier<UploadLedger>,
  PhoneNumbers: Symbol.for('PhoneNumbers') as ServiceIdentifier<PhoneNumbers>,
  CarOfTheWeekPicks: Symbol.for('CarOfTheWeekPicks') as ServiceIdentifier<CarOfTheWeekPicks>,
} as const;

export interface Infrastructure {
  config: AppConfig;
  logger: Logger;
  orm: MikroORM;
  /** Plain pg pool for the read side (search). */
  readPool: pg.Pool;
  identityVerifier: IdentityVerifier;
  clock?: Clock;
}

export const systemClock: Clock = { now: () => new Date() };

export function buildContainer(infra: Infrastructure): Container {
  const c = new Container({ defaultScope: 'Singleton' });
  const { config } = infra;
  c.bind(TOKENS.Config).toConstantValue(config);
  c.bind(TOKENS.Logger).toConstantValue(infra.logger);
  c.bind(TOKENS.Orm).toConstantValue(infra.orm);
  c.bind(TOKENS.Clock).toConstantValue(infra.clock ?? systemClock);
  c.bind(TOKENS.StaffDirectory).toConstantValue({ adminEmails: config.adminEmails, supportEmails: config.supportEmails });
  c.bind(TOKENS.ModerationPolicy).toConstantValue({ reReviewEdits: config.reReviewEdits });
  c.bind(TOKENS.IdentityVerifier).toConstantValue(infra.identityVerifier);
  c.bind(TOKENS.UserRepository).toResolvedValue((orm: MikroORM) => new MikroOrmUserRepository(orm), [TOKENS.Orm]);
  c.bind(TOKENS.ListingCountCache).toConstantValue(new ListingCountCache());
  c.bind(TOKENS.ListingRepository).toResolvedValue(
    (orm: MikroORM, counts: ListingCountCache) => new MikroOrmListingRepository(orm, counts), [TOKENS.Orm, TOKENS.ListingCountCache]);
  c.bind(TOKENS.ReadPool).toConstantValue(infra.readPool);
  c.bind(TOKENS.ListingSearch).toResolvedValue(
    (pool: pg.Pool, counts: ListingCountCache) => new PostgresListingSearch(pool, counts), [TOKENS.ReadPool, TOKENS.ListingCountCache]);
  c.bind(TOKENS.ListingViewCounter).toResolvedValue((orm: MikroORM) => new PostgresListingViewCounter(orm), [TOKENS.Orm]);
  c.bind(TOKENS.ImageStore).toConstantValue(new LocalDiskImageStore(path.join(config.dataDir, 'uploads')));
  c.bind(TOKENS.PhoneNumbers).toConstantValue(new LibphonenumberPhoneNumbers());
  c.bind(TOKENS.UploadLedger).toResolvedValue((orm: MikroORM) => new PostgresUploadLedger(orm), [TOKENS.Orm]);

  c.bind(TOKENS.UnitOfWork).toResolvedValue((orm: MikroORM) => new MikroOrmUnitOfWork(orm), [TOKENS.Orm]);
  c.bind(TOKENS.AuditLog).toResolvedValue((orm: MikroORM) => new MikroOrmAuditLog(orm), [TOKENS.Orm]);
  c.bind(TOKENS.AdminReadModel).toResolvedValue((pool: pg.Pool) => new PostgresAdminReadModel(pool), [TOKENS.ReadPool]);
  c.bind(TOKENS.CarOfTheWeekPicks).toResolvedValue((orm: MikroORM) => new MikroOrmCarOfTheWeekPicks(orm), [TOKENS.Orm]);
  // One per process: it remembers the car of the week for up to a minute.
  c.bind(CurrentCarOfTheWeek).toResolvedValue((pool: pg.Pool, k: Clock) => new CurrentCarOfTheWeek(new PostgresCarOfTheWeekReads(pool), k), [TOKENS.ReadPool, TOKENS.Clock]);

  const {
    UserRepository: U, ListingRepository: L, Clock: K, UnitOfWork: W, AdminReadModel: R, UploadLedger: UL, ImageStore: I,
    PhoneNumbers: P, CarOfTheWeekPicks: CP,
  } = TOKENS;
  const C = CurrentCarOfTheWeek;
  c.bind(AuditTrail).toResolvedValue((a, u, k) => new AuditTrail(a, u, k), [TOKENS.AuditLog, U, K]);
  c.bind(Authenticate).toResolvedValue((v, u, s, k) => new Authenticate(v, u, s, k), [TOKENS.IdentityVerifier, U, TOKENS.StaffDirectory, K]);
  c.bind(SyncUser).toResolvedValue((u, k, p) => new SyncUser(u, k, p), [U, K, P]);
  c.bind(GetCurrentUser).toResolvedValue((u) => new GetCurrentUser(u), [U]);
  c.bind(UpdateProfile).toResolvedValue((u, k, p) => new UpdateProfile(u, k, p), [U, K, P]);
  c.bind(SubmitListing).toResolvedValue((l, u, k, ul, p) => new SubmitListing(l, u, k, ul, p), [L, U, K, UL, P]);
  c.bind(ReviseListing).toResolvedValue((l, u, k, m, cw, ul, p) => new ReviseListing(l, u, k, m, cw, ul, p), [L, U, K, TOKENS.ModerationPolicy, C, UL, P]);
  c.bind(WithdrawListing).toResolvedValue((l, ul, i) => new WithdrawListing(l, ul, i), [L, UL, I]);
  c.bind(GetListing).toResolvedValue((l, u, v, k, cw) => new GetListing(l, u, v, k, cw), [L, U, TOKENS.ListingViewCounter, K, C]);
  c.bind(SearchListings).toResolvedValue((s, cw) => new SearchListings(s, cw), [TOKENS.ListingSearch, C]);
  c.bind(ListMyListings).toResolvedValue((s, cw) => new ListMyListings(s, cw), [TOKENS.ListingSearch, C]);
  c.bind(GetListingPreview).toResolvedValue((s, i) => new GetListingPreview(s, i), [TOKENS.ListingSearch, I]);
  c.bind(ListSitemapEntries).toResolvedValue((s) => new ListSitemapEntries(s), [TOKENS.ListingSearch]);
  c.bind(GetMarketplaceStats).toResolvedValue((s, k) => new GetMarketplaceStats(s, k), [TOKENS.ListingSearch, K]);
  c.bind(ModerateListing).toResolvedValue((l, u, t, w, k, cw, ul, p) => new ModerateListing(l, u, t, w, k, cw, ul, p), [L, U, AuditTrail, W, K, C, UL, P]);
  c.bind(BulkModerateListings).toResolvedValue((m) => new BulkModerateListings(m), [ModerateListing]);
  c.bind(DeleteListing).toResolvedValue((l, u, t, w, cw, ul, i) => new DeleteListing(l, u, t, w, cw, ul, i), [L, U, AuditTrail, W, C, UL, I]);
  c.bind(PickCarOfTheWeek).toResolvedValue((l, p, u, t, w, k, cw) => new PickCarOfTheWeek(l, p, u, t, w, k, cw), [L, CP, U, AuditTrail, W, K, C]);
  c.bind(WithdrawCarOfTheWeek).toResolvedValue((l, p, u, t, w, k, cw) => new WithdrawCarOfTheWeek(l, p, u, t, w, k, cw), [L, CP, U, AuditTrail, W, K, C]);
  c.bind(GetCarOfTheWeek).toResolvedValue((cw, l, u) => new GetCarOfTheWeek(cw, l, u), [C, L, U]);
  c.bind(ChangeUserRole).toResolvedValue((u, s, t, w, k) => new ChangeUserRole(u, s, t, w, k), [U, TOKENS.StaffDirectory, AuditTrail, W, K]);
  c.bind(ListAdminVehicles).toResolvedValue((r, l, u, cw) => new ListAdminVehicles(r, l, u, cw), [R, L, U, C]);
  c.bind(ListAdminUsers).toResolvedValue((r, s, p) => new ListAdminUsers(r, s, p), [R, TOKENS.StaffDirectory, P]);
  c.bind(ListAuditEntries).toResolvedValue((r) => new ListAuditEntries(r), [R]);
  c.bind(ExportUsers).toResolvedValue((r, p) => new ExportUsers(r, p), [R, P]);
  c.bind(GetAdminStats).toResolvedValue((r, k) => new GetAdminStats(r, k), [R, K]);
  const quota = { perAccount: config.uploadDailyQuota, perGuestNetwork: config.uploadDailyQuotaGuest };
  c.bind(UploadListingImage).toResolvedValue((i, ul, k) => new UploadListingImage(i, ul, quota, k), [I, UL, K]);
  c.bind(CleanUpUploads).toResolvedValue((ul, i, k) => new CleanUpUploads(ul, i, k), [UL, I, K]);
  return c;
}
