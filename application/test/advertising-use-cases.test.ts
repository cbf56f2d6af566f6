import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Actor, AdvertisingPackage, type AdvertisingPackageRepository, type GatewayCharge, Listing, type ListingDetails, Payment,
  type PaymentRepository, User,
} from '@voltmarket/domain';
import {
  type AdminPaymentView, type AdvertisingReads, AuditTrail, type CheckoutRequest, ConfirmPayment, FinishCheckout, Notifier, type PaymentGateway,
  PaymentGatewayError, PurchaseBoost, ReconcilePayments, RefundPayment,
} from '../src/index.js';
import { FixedClock, InMemoryAuditLog, InMemoryListingRepository, InMemoryUnitOfWork, InMemoryUserRepository } from './support/in-memory.js';
import { failure } from './support/failure.js';
import { InMemoryConversations, InMemoryNotifications, RecordingLiveEvents } from './support/in-memory-conversations.js';

const DAY = 24 * 60 * 60 * 1000;
const seller: Actor = { userId: 'emekaSeller', role: 'user' };
const other: Actor = { userId: 'tundeOther', role: 'user' };

class InMemoryPayments implements PaymentRepository {
  readonly rows = new Map<string, Payment>();
  async add(p: Payment): Promise<Payment> {
    p.id = this.rows.size + 1;
    this.rows.set(p.reference, p);
    return p;
  }
  async findByReferenceForUpdate(reference: string): Promise<Payment | null> {
    return this.rows.get(reference) ?? null;
  }
  async findByReference(reference: string): Promise<Payment | null> {
    return this.rows.get(reference) ?? null;
  }
  async findByIdForUpdate(id: number): Promise<Payment | null> {
    return [...this.rows.values()].find((p) => p.id === id) ?? null;
  }
  async dueForCheck(now: Date, limit: number): Promise<string[]> {
    return [...this.rows.values()].filter((p) => p.status === 'pending' && p.nextCheckAt && p.nextCheckAt <= now).slice(0, limit).map((p) => p.reference);
  }
  async save(p: Payment): Promise<void> {
    this.rows.set(p.reference, p);
  }
}

class InMemoryPackages implements AdvertisingPackageRepository {
  readonly rows = new Map<number, AdvertisingPackage>();
  async add(p: AdvertisingPackage): Promise<AdvertisingPackage> {
    p.id = this.rows.size + 1;
    this.rows.set(p.id, p);
    return p;
  }
  async findByPayment(paymentId: number): Promise<AdvertisingPackage | null> {
    return [...this.rows.values()].find((p) => p.paymentId === paymentId) ?? null;
  }
  async findActiveForListing(vehicleId: number): Promise<AdvertisingPackage[]> {
    return [...this.rows.values()].filter((p) => p.vehicleId === vehicleId && p.status === 'active');
  }
  async save(p: AdvertisingPackage): Promise<void> {
    this.rows.set(p.id, p);
  }
}

/** Stands in for Paystack: records checkouts, answers verify with what the test set. */
class FakeGateway implements PaymentGateway {
  readonly mode = 'test' as const;
  checkouts: CheckoutRequest[] = [];
  failInitialize = false;
  charges = new Map<string, GatewayCharge>();
  async initialize(request: CheckoutRequest) {
    if (this.failInitialize) throw new PaymentGatewayError('Paystack could not be reached.', true);
    this.checkouts.push(request);
    return { authorizationUrl: `https://checkout.paystack.test/${request.reference}`, reference: request.reference };
  }
  async verify(reference: string): Promise<GatewayCharge> {
    if (this.failVerify) throw new PaymentGatewayError('Paystack could not be reached.', true);
    return this.charges.get(reference) ?? { reference, status: 'pending', amountKobo: 0, currency: 'NGN', mode: 'test', paidAt: null, gatewayResponse: null, channel: null };
  }
  refunds: string[] = [];
  failRefund = false;
  failVerify = false;
  async refund(reference: string): Promise<void> {
    if (this.failRefund) throw new PaymentGatewayError('Paystack refused POST /refund (400): Transaction has been fully reversed', false);
    this.refunds.push(reference);
  }
  verifySignature(): boolean {
    return false;
  }
}

let clock: FixedClock;
let listings: InMemoryListingRepository;
let users: InMemoryUserRepository;
let payments: InMemoryPayments;
let packages: InMemoryPackages;
let gateway: FakeGateway;
let notifications: InMemoryNotifications;
let work: InMemoryUnitOfWork;
let listingId: number;
let sequence = 0;

const details: ListingDetails = {
  title: '2022 Hyundai IONIQ 5', description: 'One owner.', price: 38_500_000, year: 2022, mileage: 21_000, range: 480, vehicleType: 'car',
  brand: 'Hyundai', model: 'IONIQ 5', location: 'Port Harcourt', imageUrls: ['/uploads/a.webp'], batteryHealth: 95, chargingType: 'Both',
  fastChargingTime: null, vin: null, sellerPhone: null, isRentalAvailable: false, dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null,
};

const purchase = (actor: Actor | null, overrides: Record<string, unknown> = {}) =>
  new PurchaseBoost(listings, users, payments, packages, gateway, { next: () => `vm-test-${++sequence}` }, work, clock, 'http://127.0.0.1:8080/api/payments/paystack/callback')
    .execute({ vehicleId: listingId, packageType: 'Premium Spotlight', method: 'card', ...overrides }, actor);
const confirm = (reference: string, charge?: GatewayCharge) =>
  new ConfirmPayment(payments, packages, listings, gateway, new Notifier(notifications, new InMemoryConversations(listings, users), new RecordingLiveEvents(), clock), work, clock)
    .execute({ reference, ...(charge ? { charge } : {}) });
const paid = (reference: string, overrides: Partial<GatewayCharge> = {}): GatewayCharge => ({
  reference, status: 'success', amountKobo: 1_200_000, currency: 'NGN', mode: 'test', paidAt: clock.now(), gatewayResponse: 'Successful', channel: 'card', ...overrides,
});

beforeEach(async () => {
  clock = new FixedClock(new Date('2026-11-24T10:00:00Z'));
  listings = new InMemoryListingRepository();
  users = new InMemoryUserRepository();
  payments = new InMemoryPayments();
  packages = new InMemoryPackages();
  gateway = new FakeGateway();
  notifications = new InMemoryNotifications();
  work = new InMemoryUnitOfWork([]);
  await users.save(User.register({ uid: seller.userId, email: 'Emeka@Bello-Motors.ng', emailVerified: true, name: 'Emeka Bello', phone: null, signInProvider: 'password' }, clock.now()));
  const l = Listing.submit(await listings.nextId(), seller.userId, details, clock.now());
  l.approve(clock.now());
  await listings.save(l);
  listingId = l.id;
});

describe('buying a boost', () => {
  it('charges the server\'s price in kobo whatever the client says, and starts a pending payment and package', async () => {
    const started = await purchase(seller, { price: '₦1', duration: '365 days' });
    expect(started).toEqual({ paymentUrl: 'https://checkout.paystack.test/vm-test-' + sequence, reference: `vm-test-${sequence}` });
    expect(gateway.checkouts[0]).toMatchObject({ amountKobo: 1_200_000, email: 'emeka@bello-motors.ng', methods: ['card'], callbackUrl: 'http://127.0.0.1:8080/api/payments/paystack/callback' });
    const payment = payments.rows.get(started.reference)!;
    expect(payment).toMatchObject({ status: 'pending', amountKobo: 1_200_000, currency: 'NGN', mode: 'test', vehicleId: listingId });
    expect([...packages.rows.values()][0]).toMatchObject({ status: 'pending', packageName: 'Premium Spotlight', tier: 2, durationDays: 14, priceKobo: 1_200_000, paymentId: payment.id });
  });

  it('is for the listing\'s seller and a live listing only, with a known package and method', async () => {
    expect((await failure(purchase(other, { email: 'tunde@example.ng' }))).code).toBe('NOT_LISTING_OWNER');
    expect((await failure(purchase(null))).kind).toBe('unauthenticated');
    const bad = await failure(purchase(seller, { packageType: 'Gold', method: 'cash' }));
    expect(bad.details.map((d) => d.field)).toEqual(['packageType', 'paymentMethod']);
    const l = (await listings.findById(listingId))!;
    l.reject('Sold', clock.now());
    await listings.save(l);
    expect((await failure(purchase(seller))).code).toBe('LISTING_NOT_AVAILABLE');
    expect(payments.rows.size).toBe(0);
  });

  it('that cannot reach the gateway ends its payment and package, and says so', async () => {
    gateway.failInitialize = true;
    await expect(purchase(seller)).rejects.toBeInstanceOf(PaymentGatewayError);
    expect([...payments.rows.values()][0]).toMatchObject({ status: 'failed', gatewayResponse: 'Checkout could not start' });
    expect([...packages.rows.values()][0]!.status).toBe('cancelled');
  });
});

describe('confirming a payment', () => {
  it('on the gateway\'s exact success starts the boost from the confirmation, once, however often it is confirmed', async () => {
    const { reference } = await purchase(seller);
    clock.advance(5 * 60_000);
    expect((await confirm(reference, paid(reference))).outcome).toBe('activated');
    const boosted = (await listings.findById(listingId))!;
    expect({ tier: boosted.boostTier, until: boosted.boostedUntil }).toEqual({ tier: 2, until: new Date(clock.now().getTime() + 14 * DAY) });
    expect([...packages.rows.values()][0]).toMatchObject({ status: 'active', startDate: clock.now() });
    for (let i = 0; i < 3; i++) expect((await confirm(reference, paid(reference))).outcome).toBe('unchanged');
    expect((await listings.findById(listingId))!.boostedUntil).toEqual(new Date(clock.now().getTime() + 14 * DAY));
    const told = await notifications.listFor(seller.userId, 10);
    expect(told.map((n) => n.title)).toEqual(['Payment Successful!']);
    expect(told[0]!.message).toBe('Your Premium Spotlight advertising package has been activated.');
  });

  it('asks the gateway itself when no signed charge comes with it (the callback, the reconciliation job)', async () => {
    const { reference } = await purchase(seller);
    expect((await confirm(reference)).outcome).toBe('still_pending');
    gateway.charges.set(reference, paid(reference));
    expect((await confirm(reference)).outcome).toBe('activated');
  });

  it.each([
    ['short', { amountKobo: 1_199_900 }],
    ['in another currency', { currency: 'USD' }],
    ['in live mode', { mode: 'live' as const }],
    ['declined', { status: 'failed' as const }],
  ])('never starts a boost for a %s charge, and tells the seller', async (_name, overrides) => {
    const { reference } = await purchase(seller);
    expect((await confirm(reference, paid(reference, overrides))).outcome).toBe('failed');
    expect((await listings.findById(listingId))!.boostTier).toBe(0);
    expect([...packages.rows.values()][0]!.status).toBe('cancelled');
    expect((await notifications.listFor(seller.userId, 10)).map((n) => n.title)).toEqual(['Payment Failed']);
  });

  it('ignores references it never issued', async () => {
    expect(await confirm('vm-made-up-1', paid('vm-made-up-1'))).toEqual({ outcome: 'unknown', payment: null });
  });

  it('extends a running boost of the same tier and upgrades a lower one, keeping its time', async () => {
    const first = await purchase(seller, { packageType: 'basic' });
    await confirm(first.reference, paid(first.reference, { amountKobo: 500_000 }));
    clock.advance(2 * DAY);
    const second = await purchase(seller, { packageType: 'ultimate' });
    await confirm(second.reference, paid(second.reference, { amountKobo: 2_000_000 }));
    const l = (await listings.findById(listingId))!;
    expect({ tier: l.boostTier, until: l.boostedUntil }).toEqual({ tier: 3, until: new Date(clock.now().getTime() + (30 + 5) * DAY) });
  });
});

describe('refunding a payment', () => {
  const admin: Actor = { userId: 'adaezeAdmin', role: 'admin' };
  const support: Actor = { userId: 'bisiSupport', role: 'support' };
  let audit: InMemoryAuditLog;
  const reads = { adminPayments: async () => ({ items: [{ status: 'reversed' } as AdminPaymentView], total: 1 }) } as unknown as AdvertisingReads;
  const notifier = () => new Notifier(notifications, new InMemoryConversations(listings, users), new RecordingLiveEvents(), clock);
  const refund = (id: number, actor: Actor) => {
    const rollback = new InMemoryUnitOfWork([listings as never, payments as never, packages as never], audit);
    return new RefundPayment(payments, packages, listings, gateway, new AuditTrail(audit, users, clock), notifier(), reads, rollback, clock).execute({ id }, actor);
  };
  const bought = async (packageType: string, kobo: number) => {
    const { reference } = await purchase(seller, { packageType });
    await confirm(reference, paid(reference, { amountKobo: kobo }));
    return payments.rows.get(reference)!;
  };

  beforeEach(() => {
    audit = new InMemoryAuditLog();
  });

  it('ends the refunded boost at once and keeps what the other packages paid for, audited and told', async () => {
    const basic = await bought('basic', 500_000);
    const basicEnds = new Date(clock.now().getTime() + 7 * DAY);
    clock.advance(DAY);
    const premium = await bought('premium', 1_200_000);
    expect((await listings.findById(listingId))!.boostTier).toBe(2);

    await refund(premium.id, admin);
    expect(payments.rows.get(premium.reference)).toMatchObject({ status: 'reversed', refundedAt: clock.now() });
    expect(gateway.refunds).toEqual([premium.reference]);
    const l = (await listings.findById(listingId))!;
    expect({ tier: l.boostTier, until: l.boostedUntil }).toEqual({ tier: 1, until: basicEnds });
    expect([...packages.rows.values()].map((p) => p.status)).toEqual(['active', 'refunded']);
    expect(audit.entries.map((e) => [e.action, e.resource, e.recordId, e.after])).toEqual([
      ['payment.refunded', 'payments', String(premium.id), { status: 'reversed', refundedAt: clock.now().toISOString() }],
    ]);
    expect((await notifications.listFor(seller.userId, 10))[0]).toMatchObject({
      title: 'Refund Processed', message: 'Your Premium Spotlight payment of ₦12,000 has been refunded and its boost has ended.',
    });
    expect(basic.status).toBe('success');
  });

  it('is for admins, once, within 7 days; a gateway refusal changes nothing', async () => {
    const p = await bought('premium', 1_200_000);
    expect((await failure(refund(p.id, support))).kind).toBe('forbidden');
    gateway.failRefund = true;
    await expect(refund(p.id, admin)).rejects.toMatchObject({ constructor: PaymentGatewayError, retryable: false, asked: 'refund' });
    expect(payments.rows.get(p.reference)!.status).toBe('success');
    expect((await listings.findById(listingId))!.boostTier).toBe(2);
    expect(audit.entries).toEqual([]);
    gateway.failRefund = false;
    await refund(p.id, admin);
    expect((await failure(refund(p.id, admin))).code).toBe('PAYMENT_NOT_REFUNDABLE');
    const late = await bought('basic', 500_000);
    clock.advance(7 * DAY + 1);
    expect((await failure(refund(late.id, admin))).code).toBe('REFUND_WINDOW_PASSED');
  });
});

describe('reconciling pending payments', () => {
  const reconcile = () => {
    const n = new Notifier(notifications, new InMemoryConversations(listings, users), new RecordingLiveEvents(), clock);
    const c = new ConfirmPayment(payments, packages, listings, gateway, n, work, clock);
    return new ReconcilePayments(payments, packages, c, n, work, clock).execute();
  };

  it('checks only what is due, activates what the gateway confirms, and reschedules the rest', async () => {
    const a = await purchase(seller, { packageType: 'basic' });
    const b = await purchase(seller, { packageType: 'premium' });
    expect(await reconcile()).toMatchObject({ checked: 0 });
    clock.advance(60_000);
    gateway.charges.set(a.reference, paid(a.reference, { amountKobo: 500_000 }));
    expect(await reconcile()).toEqual({ checked: 2, activated: 1, failed: 0, stillPending: 1, unanswered: 0 });
    expect(payments.rows.get(b.reference)).toMatchObject({ status: 'pending', checksDone: 1 });
    expect(await reconcile()).toMatchObject({ checked: 0 });
  });

  it('keeps checking while the gateway is unreachable, and abandons a payment unpaid after a day', async () => {
    const { reference } = await purchase(seller, { packageType: 'premium' });
    gateway.failVerify = true;
    clock.advance(60_000);
    expect(await reconcile()).toMatchObject({ checked: 1, unanswered: 1, failed: 0 });
    expect(payments.rows.get(reference)).toMatchObject({ status: 'pending', checksDone: 1 });
    clock.advance(DAY);
    expect(await reconcile()).toMatchObject({ checked: 1, unanswered: 1, failed: 1 });
    expect(payments.rows.get(reference)!.status).toBe('abandoned');
    expect([...packages.rows.values()][0]!.status).toBe('cancelled');
    expect((await notifications.listFor(seller.userId, 10)).map((n) => n.title)).toEqual(['Payment Failed']);
  });
});

describe('coming back from the checkout', () => {
  const finish = (reference: string | undefined) => {
    const n = new Notifier(notifications, new InMemoryConversations(listings, users), new RecordingLiveEvents(), clock);
    return new FinishCheckout(payments, packages, new ConfirmPayment(payments, packages, listings, gateway, n, work, clock)).execute({ reference });
  };

  it('says what the gateway says, never what the redirect claims', async () => {
    const { reference } = await purchase(seller, { packageType: 'premium' });
    expect(await finish(reference)).toEqual({ payment: 'pending', package: 'Premium Spotlight', vehicle: listingId, reference });
    gateway.charges.set(reference, paid(reference, { amountKobo: 1_199_900 }));
    expect(await finish(reference)).toMatchObject({ payment: 'failed' });
    expect(await finish('vm-nobody-started-this')).toEqual({ payment: 'error' });
    expect(await finish('<script>')).toEqual({ payment: 'error' });
    expect(await finish(undefined)).toEqual({ payment: 'error' });
  });

  it('answers what it knows when the gateway cannot be reached', async () => {
    const { reference } = await purchase(seller, { packageType: 'basic' });
    gateway.failVerify = true;
    expect(await finish(reference)).toMatchObject({ payment: 'pending', reference });
  });
});
