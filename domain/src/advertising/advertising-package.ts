import { DomainError } from '../shared/domain-error.js';
import type { AdvertisingPackageOffer, BoostTier, PackageType } from './packages.js';

export const PACKAGE_STATUSES = ['pending', 'active', 'expired', 'cancelled', 'refunded'] as const;
export type AdvertisingPackageStatus = (typeof PACKAGE_STATUSES)[number];

/** A package's status at `now`, from its stored status and end (read models use it on rows too). */
export function packageStatusAt(status: AdvertisingPackageStatus, endDate: Date | null, now: Date): AdvertisingPackageStatus {
  return status === 'active' && endDate && endDate <= now ? 'expired' : status;
}

/** A boost a seller bought for one listing: pending until its payment succeeds, then active for its period. */
export class AdvertisingPackage {
  id!: number;
  vehicleId!: number;
  userId!: string;
  paymentId!: number;
  packageType!: PackageType;
  packageName!: string;
  tier!: BoostTier;
  durationDays!: number;
  priceKobo!: number;
  status!: AdvertisingPackageStatus;
  /** When the boost it bought runs (set on activation: from the gateway's confirmation). */
  startDate!: Date | null;
  endDate!: Date | null;
  features!: string[];
  createdAt!: Date;
  updatedAt!: Date;

  static order(offer: AdvertisingPackageOffer, input: { vehicleId: number; userId: string; paymentId: number }, now: Date): AdvertisingPackage {
    return Object.assign(new AdvertisingPackage(), {
      ...input, packageType: offer.type, packageName: offer.name, tier: offer.tier, durationDays: offer.durationDays, priceKobo: offer.priceKobo,
      status: 'pending', startDate: null, endDate: null, features: [...offer.features], createdAt: now, updatedAt: now,
    });
  }

  /** Its payment succeeded: the boost runs from `start` (the confirmation) to `end` (after any boost it extends). */
  activate(start: Date, end: Date, now: Date): void {
    if (this.status !== 'pending') throw new DomainError('conflict', 'PACKAGE_NOT_PENDING', `This package is ${this.status}, not waiting for payment.`);
    this.status = 'active';
    this.startDate = start;
    this.endDate = end;
    this.updatedAt = now;
  }

  /** Its payment failed or was abandoned. */
  cancel(now: Date): void {
    if (this.status !== 'pending') return;
    this.status = 'cancelled';
    this.updatedAt = now;
  }

  /** Refunded: the boost ends at once. */
  endByRefund(now: Date): void {
    if (this.status !== 'active' && this.status !== 'expired') throw new DomainError('conflict', 'PACKAGE_NOT_ACTIVE', `This package is ${this.status}.`);
    this.status = 'refunded';
    this.endDate = now;
    this.updatedAt = now;
  }

  /** Active until its end date; what it says is read against the clock, never left to a job. */
  statusAt(now: Date): AdvertisingPackageStatus {
    return packageStatusAt(this.status, this.endDate, now);
  }
}
