import {
  type Actor, AdvertisingPackage, type AdvertisingPackageRepository, DomainError, findPackage, type ListingRepository, listingNotFound,
  PAYMENT_METHODS, type PaymentMethod, Payment, type PaymentRepository, type UserRepository, ValidationError,
} from '@voltmarket/domain';
import { type PaymentGateway, PaymentGatewayError } from '../payment/payment-gateway.js';
import { requireActiveMember } from '../shared/guards.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';

/** Makes payment references: letters, digits and "-" only, unique. */
export interface ReferenceGenerator {
  next(): string;
}

export interface PurchaseInput {
  vehicleId: number;
  /** A package's type or name; its price and duration are ours, whatever a client sends. */
  packageType: string;
  method: string;
  email?: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** A seller buys a boost for one of their live listings: a pending payment and package, then Paystack's checkout. */
export class PurchaseBoost {
  constructor(
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
    private readonly payments: PaymentRepository,
    private readonly packages: AdvertisingPackageRepository,
    private readonly gateway: PaymentGateway,
    private readonly references: ReferenceGenerator,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
    private readonly callbackUrl: string,
  ) {}

  async execute(input: PurchaseInput, actor: Actor | null): Promise<{ paymentUrl: string; reference: string }> {
    const me = requireActiveMember(actor);
    const offer = findPackage(input.packageType);
    const method = PAYMENT_METHODS.find((m) => m === input.method);
    const email = (input.email?.trim() || (await this.users.findById(me.userId))?.email || '').toLowerCase();
    const issues = [
      ...(offer ? [] : [{ field: 'packageType', message: 'Choose Basic Boost, Premium Spotlight or Ultimate Exposure.' }]),
      ...(method ? [] : [{ field: 'paymentMethod', message: 'Choose card, bank transfer or mobile money.' }]),
      ...(EMAIL.test(email) && email.length <= 254 ? [] : [{ field: 'email', message: 'Enter the email address for your receipt.' }]),
    ];
    if (!offer || !method || issues.length > 0) throw new ValidationError(issues);
    const listing = await this.listings.findById(input.vehicleId);
    if (!listing) throw listingNotFound(input.vehicleId);
    if (listing.sellerId !== me.userId) throw new DomainError('forbidden', 'NOT_LISTING_OWNER', 'Only the seller of this listing can boost it.');
    if (listing.status !== 'active') throw new DomainError('rule', 'LISTING_NOT_AVAILABLE', 'Only a live listing can be boosted.');

    const now = this.clock.now();
    const reference = this.references.next();
    const payment = await this.work.run(async () => {
      const started = await this.payments.add(Payment.start({ reference, userId: me.userId, vehicleId: listing.id, amountKobo: offer.priceKobo, mode: this.gateway.mode, method: method as PaymentMethod }, now));
      await this.packages.add(AdvertisingPackage.order(offer, { vehicleId: listing.id, userId: me.userId, paymentId: started.id }, now));
      return started;
    });
    try {
      const checkout = await this.gateway.initialize({
        email, amountKobo: offer.priceKobo, reference, callbackUrl: this.callbackUrl, methods: [method as PaymentMethod],
        metadata: { vehicleId: listing.id, package: offer.type },
      });
      return { paymentUrl: checkout.authorizationUrl, reference: payment.reference };
    } catch (err) {
      // No checkout: nothing can be paid, so the payment and its package end here.
      await this.work.run(async () => {
        const failed = await this.payments.findByReferenceForUpdate(reference);
        if (!failed) return;
        failed.failToStart(this.clock.now());
        await this.payments.save(failed);
        const pkg = await this.packages.findByPayment(failed.id);
        if (pkg) {
          pkg.cancel(this.clock.now());
          await this.packages.save(pkg);
        }
      });
      if (err instanceof PaymentGatewayError) throw err;
      throw new PaymentGatewayError('The payment could not be started.', true);
    }
  }
}
