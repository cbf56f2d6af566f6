import { describe, expect, it } from 'vitest';
import {
  boostAfterPurchase, boostFromPurchases, DomainError, findPackage, type GatewayCharge, isBoostActive, Listing, packageOfTier, PACKAGES, Payment, recheckDue,
} from '../src/index.js';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-24T10:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('advertising packages', () => {
  it('are priced in whole kobo on the server: ₦5,000 for 7 days, ₦12,000 for 14, ₦20,000 for 30, tiers 1 to 3', () => {
    expect(Object.values(PACKAGES).map((p) => [p.name, p.priceKobo, p.durationDays, p.tier])).toEqual([
      ['Basic Boost', 500_000, 7, 1], ['Premium Spotlight', 1_200_000, 14, 2], ['Ultimate Exposure', 2_000_000, 30, 3],
    ]);
    expect(Object.values(PACKAGES).every((p) => Number.isSafeInteger(p.priceKobo))).toBe(true);
    expect(PACKAGES.premium.mostPopular).toBe(true);
    expect(PACKAGES.premium.features).toContain('WhatsApp contact button for signed-in buyers');
    expect(PACKAGES.ultimate.features).toContain('Takes turns in the home page\'s featured spots');
    expect(Object.values(PACKAGES).map((p) => p.visibility)).toEqual([2, 5, 10]);
    // Nothing the product does not do: no social campaigns, newsletters, promo videos or dealer badges.
    expect(Object.values(PACKAGES).flatMap((p) => p.features).join(' ')).not.toMatch(/social|newsletter|video|dealer|priority support|analytics/i);
  });

  it('are found by type or by the name the spec\'s client sends, and nothing else', () => {
    expect(findPackage('Premium Spotlight')?.type).toBe('premium');
    expect(findPackage(' ultimate ')?.type).toBe('ultimate');
    expect(findPackage('Premium Spotlight ₦1')).toBeNull();
    expect(findPackage('gold')).toBeNull();
  });
});

describe('a boost', () => {
  it('starts at the package\'s tier for its duration when none runs', () => {
    expect(boostAfterPurchase({ tier: 0, until: null }, PACKAGES.premium, now)).toEqual({ tier: 2, until: later(14 * DAY) });
    // An expired boost is no boost, whatever its tier says.
    expect(boostAfterPurchase({ tier: 3, until: later(-1) }, PACKAGES.basic, now)).toEqual({ tier: 1, until: later(7 * DAY) });
  });

  it('of the same or a lower tier moves the running boost\'s end later by its duration', () => {
    expect(boostAfterPurchase({ tier: 2, until: later(3 * DAY) }, PACKAGES.premium, now)).toEqual({ tier: 2, until: later(17 * DAY) });
    expect(boostAfterPurchase({ tier: 3, until: later(3 * DAY) }, PACKAGES.basic, now)).toEqual({ tier: 3, until: later(10 * DAY) });
  });

  it('of a higher tier starts at once, with the rest of the lower one added after it', () => {
    expect(boostAfterPurchase({ tier: 1, until: later(5 * DAY) }, PACKAGES.ultimate, now)).toEqual({ tier: 3, until: later(35 * DAY) });
  });

  it('counts only until its end, read against the clock', () => {
    const boost = { tier: 2, until: later(DAY) };
    expect(isBoostActive(boost, now)).toBe(true);
    expect(isBoostActive(boost, later(DAY))).toBe(false);
    expect(isBoostActive({ tier: 0, until: later(DAY) }, now)).toBe(false);
  });
});

describe('a payment', () => {
  const start = () => Payment.start({ reference: 'vm-3f2a9c1e-7d4b', userId: 'seller', vehicleId: 42, amountKobo: 1_200_000, mode: 'test', method: 'card' }, now);
  const charge = (overrides: Partial<GatewayCharge> = {}): GatewayCharge => ({
    reference: 'vm-3f2a9c1e-7d4b', status: 'success', amountKobo: 1_200_000, currency: 'NGN', mode: 'test', paidAt: later(60_000),
    gatewayResponse: 'Approved', channel: 'card', ...overrides,
  });

  it('is pending until the gateway confirms it, then successful from the gateway\'s payment time', () => {
    const p = start();
    expect(p.status).toBe('pending');
    expect(p.confirm(charge(), later(120_000))).toBe('activated');
    expect(p).toMatchObject({ status: 'success', paidAt: later(60_000), channel: 'card' });
  });

  it('confirmed again, in any order, changes nothing', () => {
    const p = start();
    p.confirm(charge(), later(120_000));
    const before = JSON.stringify(p);
    expect(p.confirm(charge(), later(240_000))).toBe('unchanged');
    expect(p.confirm(charge({ status: 'failed' }), later(240_000))).toBe('unchanged');
    expect(JSON.stringify(p)).toBe(before);
  });

  it.each([
    ['a short amount', { amountKobo: 1_199_999 }, 'Paid 1199999 kobo instead of 1200000'],
    ['naira sent as kobo', { amountKobo: 12_000 }, 'Paid 12000 kobo instead of 1200000'],
    ['another currency', { currency: 'USD' }, 'Currency USD instead of NGN'],
    ['a live charge for a test payment', { mode: 'live' as const }, 'A live-mode charge for a test-mode payment'],
  ])('never activates on %s, and says why', (_name, overrides, reason) => {
    const p = start();
    expect(p.confirm(charge(overrides), later(120_000))).toBe('failed');
    expect(p).toMatchObject({ status: 'failed', failureReason: reason, paidAt: null });
  });

  it('ignores a charge for another reference', () => {
    const p = start();
    expect(p.confirm(charge({ reference: 'vm-someone-else' }), later(1000))).toBe('refused');
    expect(p.status).toBe('pending');
  });

  it('fails with the gateway, stays pending while the buyer is paying, and is abandoned after a day', () => {
    const failed = start();
    expect(failed.confirm(charge({ status: 'failed', gatewayResponse: 'Declined' }), later(1000))).toBe('failed');
    expect(failed).toMatchObject({ status: 'failed', gatewayResponse: 'Declined' });
    const waiting = start();
    expect(waiting.confirm(charge({ status: 'abandoned' }), later(60 * 60 * 1000))).toBe('still_pending');
    expect(waiting.abandonIfStale(later(DAY - 1))).toBe(false);
    expect(waiting.abandonIfStale(later(DAY))).toBe(true);
    expect(waiting.status).toBe('abandoned');
  });

  it('is refunded by an admin within 7 days of payment, never before success or after the guarantee', () => {
    const unpaid = start();
    expect(() => unpaid.refund(later(1000))).toThrow(DomainError);
    const paid = start();
    paid.confirm(charge(), later(120_000));
    expect(() => paid.refund(later(60_000 + 7 * DAY + 1))).toThrow(/within 7 days/);
    paid.refund(later(60_000 + 7 * DAY));
    expect(paid).toMatchObject({ status: 'reversed', refundedAt: later(60_000 + 7 * DAY) });
    expect(() => paid.refund(later(60_000 + 7 * DAY))).toThrow(DomainError);
  });

  it('refuses references Paystack would not take and amounts that are not whole kobo', () => {
    expect(() => Payment.start({ reference: 'vm 1/2', userId: 's', vehicleId: 1, amountKobo: 100, mode: 'test', method: 'card' }, now)).toThrow();
    expect(() => Payment.start({ reference: 'vm-123456', userId: 's', vehicleId: 1, amountKobo: 100.5, mode: 'test', method: 'card' }, now)).toThrow();
  });
});

describe('a boost rebuilt after a refund', () => {
  it('keeps exactly what the packages still standing paid for, in the order they started', () => {
    const basic = { offer: PACKAGES.basic, at: now };
    const premium = { offer: PACKAGES.premium, at: later(2 * DAY) };
    // Basic from now (7 days), then Premium two days in: Premium at once, the 5 Basic days after it.
    expect(boostFromPurchases([premium, basic])).toEqual({ tier: 2, until: later(2 * DAY + 14 * DAY + 5 * DAY) });
    expect(boostFromPurchases([basic])).toEqual({ tier: 1, until: later(7 * DAY) });
    expect(boostFromPurchases([])).toEqual({ tier: 0, until: null });
  });

  it('names the package behind a tier', () => {
    expect([1, 2, 3, 0].map((t) => packageOfTier(t)?.name ?? null)).toEqual(['Basic Boost', 'Premium Spotlight', 'Ultimate Exposure', null]);
  });
});

describe('a listing\'s premium badge', () => {
  it('shows only while its boost runs, by the clock', () => {
    const listing = Object.assign(Object.create(Listing.prototype) as Listing, { boostTier: 2, boostedUntil: later(DAY) });
    expect(listing.isBoosted(now)).toBe(true);
    expect(listing.boostAt(now)).toEqual({ tier: 2, until: later(DAY) });
    expect(listing.isBoosted(later(DAY))).toBe(false);
    expect(listing.boostAt(later(DAY + 1))).toBeNull();
    listing.endBoost(now);
    expect(listing.isBoosted(now)).toBe(false);
  });
});

describe('reconciling a pending payment', () => {
  const start = () => Payment.start({ reference: 'vm-recheck-0001', userId: 'seller', vehicleId: 7, amountKobo: 500_000, mode: 'test', method: 'bank_transfer' }, now);
  const minutesIn = (d: Date | null) => (d ? (d.getTime() - now.getTime()) / 60_000 : null);

  it('checks with the gateway 1, 5, 15 and 60 minutes after it starts, then hourly', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => minutesIn(recheckDue(now, n)))).toEqual([1, 5, 15, 60, 120, 180, 240]);
    const p = start();
    expect(minutesIn(p.nextCheckAt)).toBe(1);
    p.recordCheck(later(60_000));
    expect([p.checksDone, minutesIn(p.nextCheckAt)]).toEqual([1, 5]);
    p.recordCheck(later(5 * 60_000));
    expect([p.checksDone, minutesIn(p.nextCheckAt)]).toEqual([2, 15]);
  });

  it('never schedules its next check in the past when the job ran late', () => {
    const p = start();
    p.recordCheck(later(3 * 60 * 60_000 + 1));
    expect(p.nextCheckAt!.getTime()).toBeGreaterThan(later(3 * 60 * 60_000 + 1).getTime());
    expect(minutesIn(p.nextCheckAt)).toBe(240);
  });

  it('stops checking once settled', () => {
    const p = start();
    p.confirm({ reference: p.reference, status: 'failed', amountKobo: 500_000, currency: 'NGN', mode: 'test', paidAt: null, gatewayResponse: 'Declined', channel: null }, later(60_000));
    expect([p.status, p.nextCheckAt]).toEqual(['failed', null]);
    p.recordCheck(later(120_000));
    expect(p.checksDone).toBe(0);
  });

  it('is refundable for 7 days after payment only', () => {
    const p = start();
    expect(p.isRefundable(now)).toBe(false);
    p.confirm({ reference: p.reference, status: 'success', amountKobo: 500_000, currency: 'NGN', mode: 'test', paidAt: now, gatewayResponse: 'Approved', channel: 'card' }, now);
    expect(p.isRefundable(later(7 * DAY))).toBe(true);
    expect(p.isRefundable(later(7 * DAY + 1))).toBe(false);
  });
});
