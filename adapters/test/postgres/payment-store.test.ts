import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutRequest, ConfirmPayment, Notifier, type PaymentGateway, PurchaseBoost } from '@voltmarket/application';
import { type GatewayCharge, Listing, type ListingDetails, User } from '@voltmarket/domain';
import { PostgresConversationStore } from '../../src/postgres/conversation-store.js';
import { SearchCache } from '../../src/postgres/search/search-cache.js';
import { MikroOrmListingRepository } from '../../src/postgres/listing-repository.js';
import { PostgresLiveEvents } from '../../src/postgres/live-event-store.js';
import { PostgresNotificationRepository } from '../../src/postgres/notification-store.js';
import { inContext } from '../../src/postgres/orm.js';
import { PostgresAdvertisingPackageRepository, PostgresPaymentRepository } from '../../src/postgres/payment-store.js';
import { MikroOrmUnitOfWork } from '../../src/postgres/unit-of-work.js';
import { MikroOrmUserRepository } from '../../src/postgres/user-repository.js';
import { createTestOrm } from '../support/harness.js';

let orm: MikroORM;
let pool: pg.Pool;
let close: () => Promise<void>;
const clock = { now: () => new Date() };

class FakeGateway implements PaymentGateway {
  readonly mode = 'test' as const;
  async initialize(r: CheckoutRequest) {
    return { authorizationUrl: `http://127.0.0.1/sandbox/${r.reference}`, reference: r.reference };
  }
  async verify(reference: string): Promise<GatewayCharge> {
    return { reference, status: 'success', amountKobo: 1_200_000, currency: 'NGN', mode: 'test', paidAt: new Date(), gatewayResponse: 'Successful', channel: 'card' };
  }
  async refund(): Promise<void> {}
  verifySignature(): boolean {
    return false;
  }
}

const details: ListingDetails = {
  title: '2023 Kia EV6 GT-Line', description: 'Clean.', price: 61_000_000, year: 2023, mileage: 9_000, range: 500, vehicleType: 'car', brand: 'Kia',
  model: 'EV6', location: 'Abuja', imageUrls: ['/uploads/2026/11/ev6.webp'], batteryHealth: 99, chargingType: 'Both', fastChargingTime: null, vin: null, sellerPhone: null,
  isRentalAvailable: false, dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null,
};

beforeAll(async () => {
  ({ orm, pool, close } = await createTestOrm());
});
afterAll(() => close());

let counter = 0;
const wiring = () => {
  const listings = new MikroOrmListingRepository(orm, new SearchCache());
  const users = new MikroOrmUserRepository(orm);
  const payments = new PostgresPaymentRepository(orm);
  const packages = new PostgresAdvertisingPackageRepository(orm);
  const gateway = new FakeGateway();
  const work = new MikroOrmUnitOfWork(orm);
  const notifier = new Notifier(new PostgresNotificationRepository(orm), new PostgresConversationStore(orm), new PostgresLiveEvents(orm), clock);
  return {
    listings,
    purchase: new PurchaseBoost(listings, users, payments, packages, gateway, { next: () => `vm-pg-${Date.now()}-${++counter}` }, work, clock, 'http://127.0.0.1/cb'),
    confirm: new ConfirmPayment(payments, packages, listings, gateway, notifier, work, clock),
  };
};

describe('payments in Postgres', () => {
  it('ten confirmations of one reference at once (webhooks, the callback, the job) activate it once', async () => {
    const listingId = await inContext(orm, async () => {
      const { listings } = wiring();
      await new MikroOrmUserRepository(orm).save(User.register({ uid: 'ifeoma', email: 'ifeoma@example.ng', emailVerified: true, name: 'Ifeoma Eze', phone: null, signInProvider: 'password' }, new Date()));
      const l = Listing.submit(await listings.nextId(), 'ifeoma', details, new Date());
      l.approve(new Date());
      await listings.save(l);
      return l.id;
    });
    const { reference } = await inContext(orm, () => wiring().purchase.execute({ vehicleId: listingId, packageType: 'premium', method: 'card' }, { userId: 'ifeoma', role: 'user' }));
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => inContext(orm, () => wiring().confirm.execute({ reference }))));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['activated', ...Array<string>(9).fill('unchanged')]);

    const { rows: [payment] } = await pool.query('select status, amount_kobo::int as kobo, paid_at is not null as paid from payments where reference = $1', [reference]);
    expect(payment).toEqual({ status: 'success', kobo: 1_200_000, paid: true });
    const { rows: [pkg] } = await pool.query(`select status, end_date - start_date as period from advertising_packages`);
    expect(pkg.status).toBe('active');
    const { rows: [listing] } = await pool.query(`select boost_tier, round(extract(epoch from boosted_until - now()) / 86400) as days from listings where id = $1`, [listingId]);
    expect(listing).toEqual({ boost_tier: 2, days: '14' });
    const { rows: told } = await pool.query(`select title from notifications where user_id = 'ifeoma'`);
    expect(told).toEqual([{ title: 'Payment Successful!' }]);
  });

  it('refuses a reference Paystack would not take, and a second payment with the same reference', async () => {
    await expect(pool.query(`insert into payments (reference, user_id, vehicle_id, amount_kobo, mode, method, status, created_at, updated_at)
      values ('vm 1/2', 'ifeoma', 1, 100, 'test', 'card', 'pending', now(), now())`)).rejects.toThrow(/check constraint/);
    const { rows: [first] } = await pool.query(`select reference from payments limit 1`);
    await expect(pool.query(`insert into payments (reference, user_id, vehicle_id, amount_kobo, mode, method, status, created_at, updated_at)
      values ($1, 'ifeoma', 1, 100, 'test', 'card', 'pending', now(), now())`, [first.reference])).rejects.toThrow(/duplicate key/);
  });
});
