import { EntitySchema } from '@mikro-orm/postgresql';
import { AuditEntry, Listing, User } from '@voltmarket/domain';

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
    firstName: { type: 'string', nullable: true },
    lastName: { type: 'string', nullable: true },
    phone: { type: 'string', nullable: true },
    profileImageUrl: { type: 'string', nullable: true },
    role: { type: 'string' },
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
    views: { type: 'integer' },
    boostTier: { type: 'smallint' },
    boostedUntil: { type: 'datetime', nullable: true },
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

export const ENTITY_SCHEMAS = [UserSchema, ListingSchema, AuditEntrySchema];
