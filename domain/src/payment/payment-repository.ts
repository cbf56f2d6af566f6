import type { AdvertisingPackage } from '../advertising/advertising-package.js';
import type { Payment } from './payment.js';

export interface PaymentRepository {
  add(payment: Payment): Promise<Payment>;
  /** Reads the payment afresh and locks it until the unit of work ends: two confirmations of one reference run one after the other. */
  findByReferenceForUpdate(reference: string): Promise<Payment | null>;
  findByReference(reference: string): Promise<Payment | null>;
  save(payment: Payment): Promise<void>;
}

export interface AdvertisingPackageRepository {
  add(pkg: AdvertisingPackage): Promise<AdvertisingPackage>;
  findByPayment(paymentId: number): Promise<AdvertisingPackage | null>;
  save(pkg: AdvertisingPackage): Promise<void>;
}
