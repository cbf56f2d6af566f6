import type { AuditAction, AuditFacts, AuditResource, ListingStatus, Role, VehicleType } from '@voltmarket/domain';
import type { UserView } from '../identity/user-views.js';
import type { PhoneNumbers } from '../shared/phone-numbers.js';

/** Rows `start` to `end`, both inclusive and zero-based, as react-admin asks for them. */
export interface RowRange {
  start: number;
  end: number;
}

export interface SortOrder<F extends string> {
  field: F;
  order: 'ASC' | 'DESC';
}

export interface AdminListQuery<F, S extends string> {
  filter: F;
  sort: SortOrder<S>;
  range: RowRange;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export const ADMIN_PAGE_MAX = 1000;

export const ADMIN_VEHICLE_SORTS = [
  'id', 'title', 'price', 'year', 'mileage', 'views', 'status', 'location', 'brand', 'createdAt', 'updatedAt',
] as const;
export type AdminVehicleSort = (typeof ADMIN_VEHICLE_SORTS)[number];

export interface AdminVehicleFilter {
  ids?: number[];
  status?: ListingStatus;
  vehicleType?: VehicleType;
  brand?: string;
  location?: string;
  sellerId?: string;
  minPrice?: number;
  maxPrice?: number;
  /** Title, brand, model, the listing id, or the seller's name or email. */
  q?: string;
}

export const ADMIN_USER_SORTS = ['id', 'createdAt', 'email', 'lastName', 'role', 'listingCount'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export interface AdminUserFilter {
  ids?: string[];
  role?: Role;
  /** Name, email, phone or id. */
  q?: string;
  /** `q` read as a phone number, when it is one: phones are stored in E.164, people type 0803 555 1234. */
  qAsPhone?: string;
}

/** The user filter with `q` also read as a phone number. */
export function withPhoneSearch(filter: AdminUserFilter, phones: PhoneNumbers): AdminUserFilter {
  const asPhone = filter.q ? phones.toE164(filter.q) : null;
  return asPhone ? { ...filter, qAsPhone: asPhone } : filter;
}

export const AUDIT_SORTS = ['id', 'createdAt'] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];

export interface AuditFilter {
  ids?: number[];
  action?: AuditAction;
  resource?: AuditResource;
  recordId?: string;
  actorId?: string;
  /** The record's label, the actor's email, or the record id. */
  q?: string;
}

export interface AdminUserRow extends UserView {
  listingCount: number;
  activeListingCount: number;
}

export interface AdminUserView extends AdminUserRow {
  isBootstrapStaff: boolean;
}

export interface AuditEntryView extends AuditFacts {
  id: number;
  createdAt: string;
  actorName: string;
}

export interface AdminStats {
  totalUsers: number;
  activeListings: number;
  totalVehicles: number;
  pendingListings: number;
  rejectedListings: number;
  staffMembers: number;
  newUsersLast7Days: number;
  newListingsLast7Days: number;
  totalViews: number;
  /** Naira from successful boost payments (refunds excluded), their number, running boosts, payments awaiting the gateway. */
  adRevenue: number;
  adSales: number;
  activeBoosts: number;
  pendingPayments: number;
}

/** Chat messages and inquiries sent on one Lagos day. */
export interface ActivityDay {
  day: string;
  messages: number;
  inquiries: number;
}

/** The backoffice's read side: filtered, sorted, paged SQL straight to plain rows. */
export interface AdminReadModel {
  /** Listing ids in the asked order; the listings themselves are read through the repository. */
  vehicleIds(query: AdminListQuery<AdminVehicleFilter, AdminVehicleSort>): Promise<Page<number>>;
  users(query: AdminListQuery<AdminUserFilter, AdminUserSort>): Promise<Page<AdminUserRow>>;
  /** Every matching user, a batch at a time, for exports of any size. */
  allUsers(filter: AdminUserFilter, sort: SortOrder<AdminUserSort>): AsyncIterable<AdminUserRow[]>;
  auditEntries(query: AdminListQuery<AuditFilter, AuditSort>): Promise<Page<AuditEntryView>>;
  stats(since: Date, now: Date): Promise<AdminStats>;
  /** The last `days` Lagos days up to `now`'s, oldest first, every day present (zeros included). */
  activity(now: Date, days: number): Promise<ActivityDay[]>;
}
