import type { ServiceIdentifier } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type pg from 'pg';
import type {
  AdminReadModel, AdvertisingReads, BoostReminders, Clock, ConversationReads, PaymentGateway, ReferenceGenerator, EventTickets, IdentityVerifier, ImageStore, LiveEventRetention, LiveEvents, ListingSearch,
  PhoneNumbers, PhotoHashes, RentalReads, UnitOfWork, UploadLedger, WishlistReads,
} from '@voltmarket/application';
import type {
  AdvertisingPackageRepository, AuditLog, CarOfTheWeekPicks, PaymentRepository, ConversationRepository, InquiryRepository, ListingRepository, ModerationPolicy, NotificationRepository,
  RentalBookingRepository, RentalSpecsRepository, StaffDirectory, UserRepository, WishlistRepository,
} from '@voltmarket/domain';
import type { AppConfig } from './config.js';
import type { PostgresListingImpressions } from '../postgres/listing-impressions.js';
import type { PostgresListingActivity } from '../postgres/analytics/listing-activity.js';
import type { SearchCache } from '../postgres/search/search-cache.js';
import type { PostgresEventHub } from '../realtime/postgres-event-hub.js';
import type { MailOutbox, MailQueue } from '@voltmarket/application';
import type { ClosableMailer } from '../mail/smtp-mailer.js';
import type { PhotoObjects } from '../storage/photo-objects.js';

import type { ListingLifecycle, ListingRevisionStore, SafetyStore } from '@voltmarket/application';
import type { AlertHits, AlertMatcher, AlertQueue, DigestReads, MarketPriceStore, ReviewStore, ContactMessageStore, SavedSearchReads, SellerReads, UnsubscribeTokens } from '@voltmarket/application';
import type { DealerRequestReads, ListingInsightsReads, MarketplaceAnalyticsStore, PhoneOwnership } from '@voltmarket/application';
import type { SavedSearchRepository } from '@voltmarket/domain';
import type { ApiKeyStore, SecretMaker, WebhookOutbox, WebhookQueue, WebhookSender, WebhookStore } from '@voltmarket/application';
import type { PostgresIdempotency } from '../postgres/idempotency-store.js';
import type { PostgresRateLimits } from '../postgres/rate-limit-store.js';
import type { OpenStreams } from '../http/open-streams.js';
import type { MarketPriceSnapshot } from '../postgres/market-price-store.js';

const token = <T>(name: string) => Symbol.for(name) as ServiceIdentifier<T>;

/** Ports by name: the modules in ./modules bind the concrete class behind each. */
export const TOKENS = {
  Config: token<AppConfig>('Config'),
  Logger: token<Logger>('Logger'),
  Orm: token<MikroORM>('Orm'),
  ReadPool: token<pg.Pool>('ReadPool'),
  /** Read models that may lag the primary a little: public search and the staff lists. */
  ReplicaPool: token<pg.Pool>('ReplicaPool'),
  Clock: token<Clock>('Clock'),
  StaffDirectory: token<StaffDirectory>('StaffDirectory'),
  ModerationPolicy: token<ModerationPolicy>('ModerationPolicy'),
  UserRepository: token<UserRepository>('UserRepository'),
  ListingRepository: token<ListingRepository>('ListingRepository'),
  SearchCache: token<SearchCache>('SearchCache'),
  ListingSearch: token<ListingSearch>('ListingSearch'),
  /** Views and saves, counted in memory and written in batches; flushed and closed with the process. */
  ListingActivity: token<PostgresListingActivity>('ListingActivity'),
  ListingImpressions: token<PostgresListingImpressions>('ListingImpressions'),
  IdentityVerifier: token<IdentityVerifier>('IdentityVerifier'),
  /** Where photo files are kept: a folder, or an S3-compatible bucket when S3_ENDPOINT is set. */
  PhotoObjects: token<PhotoObjects>('PhotoObjects'),
  ImageStore: token<ImageStore>('ImageStore'),
  UnitOfWork: token<UnitOfWork>('UnitOfWork'),
  AuditLog: token<AuditLog>('AuditLog'),
  AdminReadModel: token<AdminReadModel>('AdminReadModel'),
  UploadLedger: token<UploadLedger>('UploadLedger'),
  PhotoHashes: token<PhotoHashes>('PhotoHashes'),
  PhoneNumbers: token<PhoneNumbers>('PhoneNumbers'),
  CarOfTheWeekPicks: token<CarOfTheWeekPicks>('CarOfTheWeekPicks'),
  ConversationRepository: token<ConversationRepository>('ConversationRepository'),
  ConversationReads: token<ConversationReads>('ConversationReads'),
  InquiryRepository: token<InquiryRepository>('InquiryRepository'),
  NotificationRepository: token<NotificationRepository>('NotificationRepository'),
  WishlistRepository: token<WishlistRepository>('WishlistRepository'),
  WishlistReads: token<WishlistReads>('WishlistReads'),
  LiveEvents: token<LiveEvents>('LiveEvents'),
  LiveEventRetention: token<LiveEventRetention>('LiveEventRetention'),
  EventTickets: token<EventTickets>('EventTickets'),
  EventHub: token<PostgresEventHub>('EventHub'),
  PaymentRepository: token<PaymentRepository>('PaymentRepository'),
  AdvertisingPackageRepository: token<AdvertisingPackageRepository>('AdvertisingPackageRepository'),
  PaymentGateway: token<PaymentGateway>('PaymentGateway'),
  ReferenceGenerator: token<ReferenceGenerator>('ReferenceGenerator'),
  AdvertisingReads: token<AdvertisingReads>('AdvertisingReads'),
  BoostReminders: token<BoostReminders>('BoostReminders'),
  RentalBookingRepository: token<RentalBookingRepository>('RentalBookingRepository'),
  RentalSpecsRepository: token<RentalSpecsRepository>('RentalSpecsRepository'),
  RentalReads: token<RentalReads>('RentalReads'),
  /** Mail written in the caller's transaction; sent afterwards by the mail-send job. */
  MailOutbox: token<MailOutbox>('MailOutbox'),
  MailQueue: token<MailQueue>('MailQueue'),
  /** SMTP (SMTP_URL), or, without it, a mailer that sends nothing; closed with the process. */
  Mailer: token<ClosableMailer>('Mailer'),
  SavedSearchRepository: token<SavedSearchRepository>('SavedSearchRepository'),
  SavedSearchReads: token<SavedSearchReads>('SavedSearchReads'),
  /** Listing changes for alerts, written in the transaction of the change. */
  AlertQueue: token<AlertQueue>('AlertQueue'),
  AlertMatcher: token<AlertMatcher>('AlertMatcher'),
  AlertHits: token<AlertHits>('AlertHits'),
  DigestReads: token<DigestReads>('DigestReads'),
  UnsubscribeTokens: token<UnsubscribeTokens>('UnsubscribeTokens'),
  MarketPriceStore: token<MarketPriceStore>('MarketPriceStore'),
  MarketPriceSnapshot: token<MarketPriceSnapshot>('MarketPriceSnapshot'),
  ReviewStore: token<ReviewStore>('ReviewStore'),
  ContactMessageStore: token<ContactMessageStore>('ContactMessageStore'),
  SellerReads: token<SellerReads>('SellerReads'),
  ListingInsightsReads: token<ListingInsightsReads>('ListingInsightsReads'),
  MarketplaceAnalyticsStore: token<MarketplaceAnalyticsStore>('MarketplaceAnalyticsStore'),
  ListingRevisionStore: token<ListingRevisionStore>('ListingRevisionStore'),
  ListingLifecycle: token<ListingLifecycle>('ListingLifecycle'),
  SafetyStore: token<SafetyStore>('SafetyStore'),
  /** The identity provider's record of each account's SMS-verified phone. */
  PhoneOwnership: token<PhoneOwnership>('PhoneOwnership'),
  DealerRequestReads: token<DealerRequestReads>('DealerRequestReads'),
  ApiKeyStore: token<ApiKeyStore>('ApiKeyStore'),
  Secrets: token<SecretMaker>('Secrets'),
  WebhookStore: token<WebhookStore>('WebhookStore'),
  WebhookOutbox: token<WebhookOutbox>('WebhookOutbox'),
  WebhookQueue: token<WebhookQueue>('WebhookQueue'),
  WebhookSender: token<WebhookSender>('WebhookSender'),
  /** Answers of requests sent with an Idempotency-Key, kept a day. */
  Idempotency: token<PostgresIdempotency>('Idempotency'),
  /** Rate-limit windows, counted in the database for every API process. */
  RateLimits: token<PostgresRateLimits>('RateLimits'),
  /** The live event streams this process holds open, ended with a reconnect hint at shutdown. */
  OpenStreams: token<OpenStreams>('OpenStreams'),
} as const;
