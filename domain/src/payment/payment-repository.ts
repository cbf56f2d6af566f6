import type { AdvertisingPackage } from '../advertising/advertising-package.js';
import type { Payment } from './payment.js';

export interface PaymentRepository {
  add(payment: Payment): Promise<Payment>;
  /** Reads the payment afresh and locks it until the unit of work ends: two confirmations of one reference run one after the other. */
  findByReferenceForUpdate(reference: string): Promise<Payment | null>;
  findByReference(reference: string): Promise<Payment | null>;
  /** As findByReferenceForUpdate, by id (an admin's refund). */
  findByIdForUpdate(id: number): Promise<Payment | null>;
  /** References of pending payments whose next gateway check is due, the most overdue first. */
  dueForCheck(now: Date, limit: number): Promise<string[]>;
  save(payment: Payment): Promise<void>;
}

export interface AdvertisingPackageRepository {
  add(pkg: AdvertisingPackage): Promise<AdvertisingPackage>;
  findByPayment(paymentId: number): Promise<AdvertisingPackage | null>;
  /** The listing's packages paid for and not refunded (their boost may since have ended), oldest start first. */
  findActiveForListing(vehicleId: number): Promise<AdvertisingPackage[]>;
  save(pkg: AdvertisingPackage): Promise<void>;
}
