import {
  type AdvertisingPackage, type AdvertisingPackageRepository, boostAfterPurchase, type ConfirmOutcome, type GatewayCharge, type ListingRepository, PACKAGES,
  type Payment, type PaymentRepository,
} from '@voltmarket/domain';
import type { Notifier } from '../notification/notifier.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { PaymentGateway } from './payment-gateway.js';

/**
 * Takes the gateway's word on a payment (a signed webhook's charge, or a verify call) and, for an
 * exact success, starts the boost it paid for. The payment row is locked while this runs, so the
 * webhook, the callback and the reconciliation job racing on one reference activate it once.
 */
export class ConfirmPayment {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly packages: AdvertisingPackageRepository,
    private readonly listings: ListingRepository,
    private readonly gateway: PaymentGateway,
    private readonly notifier: Notifier,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** `scheduled`: the reconciliation job asks, so a charge still under way moves the payment's next check on. */
  async execute(input: { reference: string; charge?: GatewayCharge; scheduled?: boolean }): Promise<{ outcome: ConfirmOutcome | 'unknown'; payment: Payment | null }> {
    // Not ours (a made-up callback, another integration's webhook): nothing to ask the gateway about.
    if (!input.charge && !(await this.payments.findByReference(input.reference))) return { outcome: 'unknown', payment: null };
    const charge = input.charge ?? (await this.gateway.verify(input.reference));
    return this.work.run(async () => {
      const payment = await this.payments.findByReferenceForUpdate(input.reference);
      if (!payment) return { outcome: 'unknown' as const, payment: null };
      const now = this.clock.now();
      const outcome = payment.confirm(charge, now);
      if (outcome === 'still_pending' && input.scheduled) {
        payment.recordCheck(now);
        await this.payments.save(payment);
      }
      if (outcome === 'unchanged' || outcome === 'refused' || outcome === 'still_pending') return { outcome, payment };
      await this.payments.save(payment);
      const pkg = await this.packages.findByPayment(payment.id);
      if (outcome === 'activated' && pkg) {
        const listing = await this.listings.findForUpdate(pkg.vehicleId);
        const boost = boostAfterPurchase({ tier: listing?.boostTier ?? 0, until: listing?.boostedUntil ?? null }, PACKAGES[pkg.packageType], now);
        pkg.activate(now, boost.until, now);
        if (listing) {
          listing.applyBoost(boost.tier, boost.until, now);
          await this.listings.save(listing);
        }
        await this.notifier.notify({
          userId: payment.userId, type: 'system', title: 'Payment Successful!',
          message: `Your ${pkg.packageName} advertising package has been activated.`, actionUrl: `/vehicles/${pkg.vehicleId}`, metadata: { vehicleId: pkg.vehicleId },
          webhook: {
            event: 'payment.succeeded',
            data: { reference: payment.reference, amount: payment.amountKobo / 100, currency: payment.currency, vehicleId: pkg.vehicleId, packageType: pkg.packageType, packageName: pkg.packageName, boostedUntil: boost.until.toISOString() },
          },
        });
      } else if (pkg) {
        await cancelUnpaid(pkg, payment, this.notifier, now);
      }
      if (pkg) await this.packages.save(pkg);
      return { outcome, payment };
    });
  }
}

/** A payment that failed or was abandoned: its package will never run, and the seller is told. */
export async function cancelUnpaid(pkg: AdvertisingPackage, payment: Payment, notifier: Notifier, now: Date): Promise<void> {
  pkg.cancel(now);
  await notifier.notify({
    userId: payment.userId, type: 'system', title: 'Payment Failed',
    message: `Payment ${payment.reference} could not be processed. Please try again.`, actionUrl: '/advertise', metadata: { vehicleId: pkg.vehicleId },
  });
}
