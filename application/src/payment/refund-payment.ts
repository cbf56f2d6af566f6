import {
  type Actor, type AdvertisingPackageRepository, boostFromPurchases, DomainError, isBoostActive, type ListingRepository, PACKAGES,
  type PaymentRepository,
} from '@voltmarket/domain';
import type { AuditTrail } from '../admin/audit-trail.js';
import type { AdvertisingReads, AdminPaymentView } from '../advertising/advertising-reads.js';
import type { Notifier } from '../notification/notifier.js';
import { requireAdmin } from '../shared/guards.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { type PaymentGateway, PaymentGatewayError } from './payment-gateway.js';

const naira = (kobo: number) => `₦${Math.round(kobo / 100).toLocaleString('en-NG')}`;
export const adminPaymentNotFound = (id: number) => new DomainError('not_found', 'PAYMENT_NOT_FOUND', `No payment ${id}.`);

/**
 * An admin refunds a boost within the 7-day satisfaction guarantee: Paystack is asked to refund,
 * the payment becomes reversed, and the boost it bought ends at once (the listing keeps only what
 * its other packages paid for). One audit entry; the seller is told. The payment row stays locked
 * throughout, so two admins clicking at once refund once.
 */
export class RefundPayment {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly packages: AdvertisingPackageRepository,
    private readonly listings: ListingRepository,
    private readonly gateway: PaymentGateway,
    private readonly trail: AuditTrail,
    private readonly notifier: Notifier,
    private readonly reads: AdvertisingReads,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { id: number }, actor: Actor | null): Promise<AdminPaymentView> {
    const admin = requireAdmin(actor);
    await this.work.run(async () => {
      const payment = await this.payments.findByIdForUpdate(input.id);
      if (!payment) throw adminPaymentNotFound(input.id);
      const now = this.clock.now();
      const before = { status: payment.status, refundedAt: null };
      payment.refund(now); // refuses anything but a success paid within 7 days
      await this.payments.save(payment);
      const pkg = await this.packages.findByPayment(payment.id);
      if (pkg?.status === 'active') {
        pkg.endByRefund(now);
        await this.packages.save(pkg);
        const listing = await this.listings.findForUpdate(pkg.vehicleId);
        if (listing) {
          const others = (await this.packages.findActiveForListing(listing.id)).filter((p) => p.id !== pkg.id && p.startDate);
          const boost = boostFromPurchases(others.map((p) => ({ offer: PACKAGES[p.packageType], at: p.startDate! })));
          if (isBoostActive(boost, now)) listing.applyBoost(boost.tier, boost.until!, now);
          else listing.endBoost(now);
          await this.listings.save(listing);
        }
      }
      await this.trail.record(admin, {
        action: 'payment.refunded', resource: 'payments', recordId: String(payment.id), recordLabel: payment.reference,
        before, after: { status: payment.status, refundedAt: payment.refundedAt!.toISOString() },
      });
      await this.notifier.notify({
        userId: payment.userId, type: 'system', title: 'Refund Processed',
        message: `Your ${pkg?.packageName ?? 'advertising'} payment of ${naira(payment.amountKobo)} has been refunded and its boost has ended.`,
        actionUrl: '/profile', metadata: { vehicleId: payment.vehicleId },
      });
      // Last, once everything else is written: if Paystack refuses, the transaction rolls back and nothing changed.
      await this.gateway.refund(payment.reference).catch((err: unknown) => {
        throw err instanceof PaymentGatewayError ? new PaymentGatewayError(err.message, err.retryable, 'refund') : err;
      });
    });
    const { items } = await this.reads.adminPayments(
      { filter: { ids: [input.id] }, sort: { field: 'id', order: 'ASC' }, range: { start: 0, end: 0 } }, this.clock.now());
    return items[0]!;
  }
}
