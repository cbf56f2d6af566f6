import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { AdvertisingPackage, boostAfterPurchase, type GatewayCharge, PACKAGES, type PackageType, Payment, type PaymentMethod } from '@voltmarket/domain';
import { MikroOrmListingRepository } from '../listing-repository.js';
import { SearchCache } from '../search/search-cache.js';
import { PostgresAdvertisingPackageRepository, PostgresPaymentRepository } from '../payment-store.js';
import { sqlRows } from '../sql.js';

const DAY = 24 * 3_600_000;

/** Who bought what, how many days ago, and how it went: a few running boosts, and the other outcomes the backoffice shows. */
const PURCHASES: { pkg: PackageType; daysAgo: number; outcome: 'paid' | 'pending' | 'failed' | 'refunded' }[] = [
  { pkg: 'ultimate', daysAgo: 3, outcome: 'paid' },
  { pkg: 'ultimate', daysAgo: 12, outcome: 'paid' },
  { pkg: 'premium', daysAgo: 1, outcome: 'paid' },
  { pkg: 'premium', daysAgo: 6, outcome: 'paid' },
  { pkg: 'premium', daysAgo: 13, outcome: 'paid' },
  { pkg: 'basic', daysAgo: 2, outcome: 'paid' },
  { pkg: 'basic', daysAgo: 5, outcome: 'paid' },
  { pkg: 'basic', daysAgo: 40, outcome: 'paid' },
  { pkg: 'premium', daysAgo: 70, outcome: 'paid' },
  { pkg: 'basic', daysAgo: 4, outcome: 'refunded' },
  { pkg: 'premium', daysAgo: 2, outcome: 'failed' },
  { pkg: 'basic', daysAgo: 0, outcome: 'pending' },
];

/**
 * Boosts bought through the sandbox on demo listings, so search, the home page and the backoffice have
 * some to show. Each is bought by the listing's seller, on one of the most viewed listings that was
 * already live at the time.
 */
export async function seedDemoBoosts(orm: MikroORM, now: Date): Promise<number> {
  const listings = new MikroOrmListingRepository(orm, new SearchCache());
  const payments = new PostgresPaymentRepository(orm);
  const packages = new PostgresAdvertisingPackageRepository(orm);
  const live = await sqlRows<{ id: number; approved_at: string }>(orm, `select id, approved_at from listings where status = 'active' order by views desc, id`);
  const boosted = new Set<number>();
  let n = 0;
  for (const [i, purchase] of PURCHASES.entries()) {
    const started = new Date(now.getTime() - purchase.daysAgo * DAY - 2 * 3_600_000);
    const row = live.find((r) => !boosted.has(r.id) && new Date(r.approved_at).getTime() < started.getTime() - 3_600_000);
    if (!row) break;
    boosted.add(row.id);
    const listing = (await listings.findById(row.id))!;
    const offer = PACKAGES[purchase.pkg];
    const method = i % 3 === 0 ? 'bank_transfer' : 'card';
    const payment = await payments.add(Payment.start({
      reference: `vm-demo-${String(i + 1).padStart(4, '0')}`, userId: listing.sellerId, vehicleId: listing.id, amountKobo: offer.priceKobo, mode: 'test', method,
    }, started));
    const pkg = await packages.add(AdvertisingPackage.order(offer, { vehicleId: listing.id, userId: listing.sellerId, paymentId: payment.id }, started));
    if (purchase.outcome === 'pending') {
      await recordInSandbox(orm, payment.reference, offer.priceKobo, 'pending', started, null, method);
      continue;
    }
    const paidAt = new Date(started.getTime() + 90_000);
    const charge: GatewayCharge = {
      reference: payment.reference, status: purchase.outcome === 'failed' ? 'failed' : 'success', amountKobo: offer.priceKobo, currency: 'NGN', mode: 'test',
      // Checkout offers only the method the buyer chose, so the gateway reports that channel.
      paidAt: purchase.outcome === 'failed' ? null : paidAt, gatewayResponse: purchase.outcome === 'failed' ? 'Declined' : 'Successful', channel: method,
    };
    payment.confirm(charge, paidAt);
    if (purchase.outcome === 'failed') {
      pkg.cancel(paidAt);
    } else {
      const boost = boostAfterPurchase({ tier: listing.boostTier, until: listing.boostedUntil }, offer, paidAt);
      pkg.activate(paidAt, boost.until, paidAt);
      if (purchase.outcome === 'refunded') {
        const refundedAt = new Date(paidAt.getTime() + DAY);
        payment.refund(refundedAt);
        pkg.endByRefund(refundedAt);
      } else {
        listing.applyBoost(boost.tier, boost.until, paidAt);
        await listings.save(listing);
      }
    }
    await payments.save(payment);
    await packages.save(pkg);
    await recordInSandbox(orm, payment.reference, offer.priceKobo, purchase.outcome, started, paidAt, method);
    n++;
  }
  return n;
}

const SANDBOX_STATUS = { paid: 'success', refunded: 'reversed', failed: 'failed', pending: 'abandoned' } as const;

/** The sandbox's side of a demo purchase, so staff can refund a demo payment as they would a real one. */
async function recordInSandbox(
  orm: MikroORM, reference: string, amountKobo: number, outcome: keyof typeof SANDBOX_STATUS, at: Date, paidAt: Date | null, method: PaymentMethod,
): Promise<void> {
  await orm.em.getConnection().execute(
    `insert into sandbox_transactions (reference, access_code, email, amount_kobo, currency, callback_url, channels, status, channel, paid_at, created_at)
     values (?, ?, 'demo-buyer@voltmarket.test', ?, 'NGN', '/', ?, ?, ?, ?, ?) on conflict (reference) do nothing`,
    [reference, `demo${randomBytes(6).toString('hex')}`, amountKobo, JSON.stringify([method]), SANDBOX_STATUS[outcome], paidAt ? method : null, paidAt, at],
  );
}
