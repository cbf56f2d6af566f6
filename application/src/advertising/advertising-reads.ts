import type { AdvertisingPackageStatus, PackageType, PaymentMethod, PaymentMode, PaymentStatus } from '@voltmarket/domain';
import type { AdminListQuery, Page } from '../admin/admin-read-model.js';

/** One of a seller's boosts, as their profile shows it. */
export interface MyPackageView {
  id: number;
  vehicleId: number;
  vehicleTitle: string;
  packageType: PackageType;
  packageName: string;
  tier: number;
  /** Whole naira. */
  price: number;
  durationDays: number;
  status: AdvertisingPackageStatus;
  startDate: string | null;
  endDate: string | null;
  daysLeft: number;
  features: string[];
  reference: string;
  paymentStatus: PaymentStatus;
  createdAt: string;
}

/** A payment as its payer reads it (the payment result overlay). */
export interface PaymentView {
  reference: string;
  status: PaymentStatus;
  amount: number;
  currency: string;
  packageType: PackageType;
  packageName: string;
  vehicleId: number;
  vehicleTitle: string;
  boostEndsAt: string | null;
  paidAt: string | null;
  createdAt: string;
}

export interface PersonView {
  id: string;
  name: string;
  email: string | null;
}

export interface AdminPaymentView {
  id: number;
  reference: string;
  userId: string;
  seller: PersonView;
  vehicleId: number;
  vehicleTitle: string;
  amount: number;
  amountKobo: number;
  currency: string;
  mode: PaymentMode;
  status: PaymentStatus;
  paymentMethod: PaymentMethod;
  channel: string | null;
  gatewayResponse: string | null;
  failureReason: string | null;
  packageId: number | null;
  packageType: PackageType;
  packageName: string;
  refundable: boolean;
  paidAt: string | null;
  refundedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AdminPackageView {
  id: number;
  vehicleId: number;
  vehicleTitle: string;
  userId: string;
  seller: PersonView;
  paymentId: number;
  reference: string;
  paymentStatus: PaymentStatus;
  packageType: PackageType;
  packageName: string;
  tier: number;
  durationDays: number;
  price: number;
  status: AdvertisingPackageStatus;
  startDate: string | null;
  endDate: string | null;
  features: string[];
  createdAt: string;
  updatedAt: string;
}

export const ADMIN_PAYMENT_SORTS = ['id', 'createdAt', 'paidAt', 'amount', 'status'] as const;
export type AdminPaymentSort = (typeof ADMIN_PAYMENT_SORTS)[number];
export interface AdminPaymentFilter {
  ids?: number[];
  status?: PaymentStatus;
  /** Lagos dates (YYYY-MM-DD) of creation, both inclusive. */
  from?: string;
  to?: string;
  sellerId?: string;
  vehicleId?: number;
  /** Part of the reference. */
  q?: string;
}

export const ADMIN_PACKAGE_SORTS = ['id', 'createdAt', 'startDate', 'endDate', 'price'] as const;
export type AdminPackageSort = (typeof ADMIN_PACKAGE_SORTS)[number];
export interface AdminPackageFilter {
  ids?: number[];
  status?: AdvertisingPackageStatus;
  packageType?: PackageType;
  tier?: number;
  sellerId?: string;
  vehicleId?: number;
}

/** Naira received in one Lagos day or month, by package. */
export interface RevenuePoint {
  period: string;
  basic: number;
  premium: number;
  ultimate: number;
  total: number;
  purchases: number;
}

export interface AdvertisingSummary {
  revenue: number;
  revenueLast30Days: number;
  sales: number;
  activeBoosts: number;
  pendingPayments: number;
  refunds: number;
  byDay: RevenuePoint[];
  byMonth: RevenuePoint[];
}

/** Read models over payments and packages; statuses are read against `now` (an ended boost reads expired). */
/** Impressions of listings while they had one boost tier: in promoted slots, and at their own places. */
export interface TierImpressions {
  tier: number;
  promoted: number;
  organic: number;
}

export interface AdvertisingReads {
  myPackages(userId: string, now: Date): Promise<MyPackageView[]>;
  /** Impressions per boost tier (1 to 3) from `sinceDay` (a Lagos day, included) on. */
  impressionsByTier(sinceDay: string): Promise<TierImpressions[]>;
  /** The payment and whose it is; null when there is none. */
  payment(reference: string, now: Date): Promise<(PaymentView & { userId: string }) | null>;
  adminPayments(query: AdminListQuery<AdminPaymentFilter, AdminPaymentSort>, now: Date): Promise<Page<AdminPaymentView>>;
  adminPackages(query: AdminListQuery<AdminPackageFilter, AdminPackageSort>, now: Date): Promise<Page<AdminPackageView>>;
  summary(now: Date): Promise<AdvertisingSummary>;
}

/** A listing whose boost ends within the reminder window and whose seller was not yet told about that end. */
export interface EndingBoost {
  listingId: number;
  sellerId: string;
  title: string;
  tier: number;
  until: Date;
}

export interface BoostReminders {
  due(now: Date, within: number): Promise<EndingBoost[]>;
  /** Marks the reminder for the listing's current end as sent if still due; false when another process already did (send nothing then). */
  claim(listingId: number, now: Date, within: number): Promise<boolean>;
  /** Clears the tier of boosts that ended before `now` (they already rank as plain listings); how many. */
  clearEnded(now: Date): Promise<number>;
}
