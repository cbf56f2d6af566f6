import { Container, type ServiceIdentifier } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type pg from 'pg';
import {
  type AdminReadModel, AuditTrail, Authenticate, BulkModerateListings, ChangeUserRole, type Clock, DeleteListing,
  ExportUsers, GetAdminStats, GetCurrentUser, GetListing, GetMarketplaceStats, type IdentityVerifier, type ImageStore, ListAdminUsers,
  ListAdminVehicles, ListAuditEntries, ListMyListings, type ListingSearch, type ListingViewCounter, ModerateListing,
  ReviseListing, SearchListings, SubmitListing, SyncUser, type UnitOfWork, UpdateProfile, UploadListingImage,
  WithdrawListing,
} from '@voltmarket/application';
import type { AuditLog, ListingRepository, ModerationPolicy, StaffDirectory, UserRepository } from '@voltmarket/domain';
import type { AppConfig } from './config.js';
import { MikroOrmListingRepository } from '../postgres/listing-repository.js';
import { MikroOrmUserRepository } from '../postgres/user-repository.js';
import { PostgresListingSearch, PostgresListingViewCounter } from '../postgres/listing-search.js';
import { ListingCountCache } from '../postgres/listing-count-cache.js';
import { PostgresAdminReadModel } from '../postgres/admin-read-model.js';
import { MikroOrmAuditLog } from '../postgres/audit-log.js';
import { MikroOrmUnitOfWork } from '../postgres/unit-of-work.js';
import { LocalDiskImageStore } from '../storage/local-disk-image-store.js';
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

  c.bind(TOKENS.UnitOfWork).toResolvedValue((orm: MikroORM) => new MikroOrmUnitOfWork(orm), [TOKENS.Orm]);
  c.bind(TOKENS.AuditLog).toResolvedValue((orm: MikroORM) => new MikroOrmAuditLog(orm), [TOKENS.Orm]);
  c.bind(TOKENS.AdminReadModel).toResolvedValue((pool: pg.Pool) => new PostgresAdminReadModel(pool), [TOKENS.ReadPool]);

  const { UserRepository: U, ListingRepository: L, Clock: K, UnitOfWork: W, AdminReadModel: R } = TOKENS;
  c.bind(AuditTrail).toResolvedValue((a, u, k) => new AuditTrail(a, u, k), [TOKENS.AuditLog, U, K]);
  c.bind(Authenticate).toResolvedValue((v, u, s, k) => new Authenticate(v, u, s, k), [TOKENS.IdentityVerifier, U, TOKENS.StaffDirectory, K]);
  c.bind(SyncUser).toResolvedValue((u, k) => new SyncUser(u, k), [U, K]);
  c.bind(GetCurrentUser).toResolvedValue((u) => new GetCurrentUser(u), [U]);
  c.bind(UpdateProfile).toResolvedValue((u, k) => new UpdateProfile(u, k), [U, K]);
  c.bind(SubmitListing).toResolvedValue((l, u, k) => new SubmitListing(l, u, k), [L, U, K]);
  c.bind(ReviseListing).toResolvedValue((l, u, k, p) => new ReviseListing(l, u, k, p), [L, U, K, TOKENS.ModerationPolicy]);
  c.bind(WithdrawListing).toResolvedValue((l) => new WithdrawListing(l), [L]);
  c.bind(GetListing).toResolvedValue((l, u, v, k) => new GetListing(l, u, v, k), [L, U, TOKENS.ListingViewCounter, K]);
  c.bind(SearchListings).toResolvedValue((s) => new SearchListings(s), [TOKENS.ListingSearch]);
  c.bind(ListMyListings).toResolvedValue((s) => new ListMyListings(s), [TOKENS.ListingSearch]);
  c.bind(GetMarketplaceStats).toResolvedValue((s, k) => new GetMarketplaceStats(s, k), [TOKENS.ListingSearch, K]);
  c.bind(ModerateListing).toResolvedValue((l, u, t, w, k) => new ModerateListing(l, u, t, w, k), [L, U, AuditTrail, W, K]);
  c.bind(BulkModerateListings).toResolvedValue((m) => new BulkModerateListings(m), [ModerateListing]);
  c.bind(DeleteListing).toResolvedValue((l, u, t, w) => new DeleteListing(l, u, t, w), [L, U, AuditTrail, W]);
  c.bind(ChangeUserRole).toResolvedValue((u, s, t, w, k) => new ChangeUserRole(u, s, t, w, k), [U, TOKENS.StaffDirectory, AuditTrail, W, K]);
  c.bind(ListAdminVehicles).toResolvedValue((r, l, u) => new ListAdminVehicles(r, l, u), [R, L, U]);
  c.bind(ListAdminUsers).toResolvedValue((r, s) => new ListAdminUsers(r, s), [R, TOKENS.StaffDirectory]);
  c.bind(ListAuditEntries).toResolvedValue((r) => new ListAuditEntries(r), [R]);
  c.bind(ExportUsers).toResolvedValue((r) => new ExportUsers(r), [R]);
  c.bind(GetAdminStats).toResolvedValue((r, k) => new GetAdminStats(r, k), [R, K]);
  c.bind(UploadListingImage).toResolvedValue((i) => new UploadListingImage(i), [TOKENS.ImageStore]);
  return c;
}
