import { EntitySchema } from '@mikro-orm/postgresql';
import { AuditEntry, CarOfTheWeekPick, Listing, User } from '@voltmarket/domain';

/**
 * The domain classes mapped onto tables. The domain stays free of ORM imports; the generated
 * search columns and the ranking indexes live in the migrations only (the app never writes them).
 */
export const UserSchema = new EntitySchema<User>({
  class: User,
  tableName: 'users',
  properties: {
    id: { type: 'string', primary: true },
    email: { type: 'string', nullable: true },
    emailVerified: { type: 'boolean' },
    firstName: { type: 'string', nullable: true },
    lastName: { type: 'string', nullable: true },
    phone: { type: 'string', nullable: true },
    profileImageUrl: { type: 'string', nullable: true },
    verifiedPhone: { type: 'string', nullable: true },
    phoneVerifiedAt: { type: 'datetime', nullable: true },
    dealerBusinessName: { type: 'string', nullable: true },
    dealerCacNumber: { type: 'string', nullable: true },
    dealerStatus: { type: 'string', nullable: true },
    dealerRejectionReason: { type: 'string', nullable: true },
    dealerSubmittedAt: { type: 'datetime', nullable: true },
    dealerDecidedAt: { type: 'datetime', nullable: true },
    dealerDecidedBy: { type: 'string', nullable: true },
    role: { type: 'string' },
    suspensionReason: { type: 'text', nullable: true },
    suspendedUntil: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
  },
});

export const ListingSchema = new EntitySchema<Listing>({
  class: Listing,
  tableName: 'listings',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: false },
    sellerId: { type: 'string' },
    status: { type: 'string' },
    isVerified: { type: 'boolean' },
    rejectionReason: { type: 'string', nullable: true },
    approvedAt: { type: 'datetime', nullable: true },
    views: { type: 'integer' },
    boostTier: { type: 'smallint' },
    boostedUntil: { type: 'datetime', nullable: true },
    soldAt: { type: 'datetime', nullable: true },
    expiresAt: { type: 'datetime', nullable: true },
    expiryRemindedAt: { type: 'datetime', nullable: true },
    moderationFlags: { type: 'json', default: `'[]'` },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
    title: { type: 'string' },
    description: { type: 'text' },
    price: { type: 'integer' },
    year: { type: 'smallint' },
    mileage: { type: 'integer' },
    range: { type: 'integer' },
    vehicleType: { type: 'string' },
    brand: { type: 'string' },
    model: { type: 'string' },
    location: { type: 'string' },
    imageUrls: { type: 'json' },
    batteryHealth: { type: 'smallint' },
    chargingType: { type: 'string' },
    fastChargingTime: { type: 'double', nullable: true },
    vin: { type: 'string', nullable: true },
    sellerPhone: { type: 'string', nullable: true },
    isRentalAvailable: { type: 'boolean' },
    dailyRentalRate: { type: 'integer', nullable: true },
    weeklyRentalRate: { type: 'integer', nullable: true },
    monthlyRentalRate: { type: 'integer', nullable: true },
  },
  // The car of the week reads live listings by approval time.
  indexes: [{ name: 'listings_active_approved', expression: `create index "listings_active_approved" on "listings" ("approved_at") where status = 'active'` }],
});

export const AuditEntrySchema = new EntitySchema<AuditEntry>({
  class: AuditEntry,
  tableName: 'audit_log',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    createdAt: { type: 'datetime' },
    actorId: { type: 'string' },
    actorEmail: { type: 'string', nullable: true },
    action: { type: 'string' },
    resource: { type: 'string' },
    recordId: { type: 'string' },
    recordLabel: { type: 'string' },
    before: { type: 'json', nullable: true },
    after: { type: 'json', nullable: true },
  },
});

/**
 * Declared to the last index and foreign key, so the schema diff has nothing to say about this table
 * (the domain keeps plain ids: `mapToPk`).
 */
export const CarOfTheWeekPickSchema = new EntitySchema<CarOfTheWeekPick>({
  class: CarOfTheWeekPick,
  tableName: 'car_of_the_week_picks',
  properties: {
    weekOf: { type: 'date', primary: true },
    listingId: { kind: 'm:1', entity: () => Listing, mapToPk: true, fieldName: 'listing_id', deleteRule: 'cascade' },
    pickedBy: { kind: 'm:1', entity: () => User, mapToPk: true, fieldName: 'picked_by', columnType: 'text' },
    pickedAt: { type: 'datetime' },
  },
  indexes: [{ name: 'car_of_the_week_picks_listing', properties: ['listingId'] }],
});

export const ENTITY_SCHEMAS = [UserSchema, ListingSchema, AuditEntrySchema, CarOfTheWeekPickSchema];
