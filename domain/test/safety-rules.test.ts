import { describe, expect, it } from 'vitest';
import {
  type Actor, CHAT_SAFETY_TIP, CONTACT_REVEAL_LIMITS, checkReport, decideSuspension, isSuspendedAt, Listing, type ListingDetails,
  needsSafetyTip, requireNotSuspended, revealAllowed, suspensionEnd,
} from '../src/index.js';

const now = new Date('2026-11-28T09:00:00Z');
const admin: Actor = { userId: 'a', role: 'admin' };
const support: Actor = { userId: 's', role: 'support' };
const DAY = 86_400_000;

describe('suspension', () => {
  it('lets support suspend for up to a week and admins longer or until lifted', () => {
    expect(decideSuspension(support, { reason: 'Asked buyers for deposits', days: 7 }, now)).toEqual({ reason: 'Asked buyers for deposits', until: new Date(now.getTime() + 7 * DAY) });
    expect(() => decideSuspension(support, { reason: 'x', days: 8 }, now)).toThrow(expect.objectContaining({ code: 'SUSPENSION_TOO_LONG', kind: 'forbidden' }));
    expect(() => decideSuspension(support, { reason: 'x', days: null }, now)).toThrow(expect.objectContaining({ code: 'SUSPENSION_TOO_LONG' }));
    expect(decideSuspension(admin, { reason: 'Fraud', days: null }, now)).toEqual({ reason: 'Fraud', until: null });
    expect(decideSuspension(admin, { reason: 'Fraud', days: 365 }, now).until).toEqual(new Date(now.getTime() + 365 * DAY));
  });

  it('needs a reason, and a whole number of days from 1 to 365', () => {
    for (const [request, fields] of [
      [{ reason: '   ', days: 3 }, ['reason']], [{ reason: 'x', days: 0 }, ['days']], [{ reason: 'x', days: 1.5 }, ['days']], [{ reason: 'y'.repeat(501), days: 400 }, ['reason', 'days']],
    ] as const) {
      try {
        decideSuspension(admin, request, now);
        expect.unreachable();
      } catch (error) {
        expect((error as { details: { field: string }[] }).details.map((d) => d.field)).toEqual(fields);
      }
    }
  });

  it('ends by its date alone, and an open-ended one lasts until lifted', () => {
    expect(isSuspendedAt({ reason: 'x', until: new Date(now.getTime() + 1) }, now)).toBe(true);
    expect(isSuspendedAt({ reason: 'x', until: now }, now)).toBe(false);
    expect(isSuspendedAt({ reason: 'x', until: null }, now)).toBe(true);
    expect(isSuspendedAt(null, now)).toBe(false);
  });

  it('stops a suspended member from listing, writing or paying, with why and until when; staff are never stopped', () => {
    const suspended: Actor = { userId: 'u', role: 'user', suspension: { reason: 'Stolen photos', until: new Date('2026-12-05T09:00:00Z') } };
    expect(() => requireNotSuspended(suspended)).toThrow('Your account is suspended until 5 December 2026: Stolen photos. You cannot list, write or pay while it is suspended.');
    expect(() => requireNotSuspended({ userId: 'u', role: 'user' })).not.toThrow();
    expect(suspensionEnd(null)).toBe('until further notice');
  });
});

describe('reports', () => {
  it('take a reason from the list, and a note for "other"', () => {
    expect(checkReport({ reason: 'stolen_photos', note: '  Same photos as  a listing in Abuja ' })).toEqual({ reason: 'stolen_photos', note: 'Same photos as  a listing in Abuja' });
    expect(checkReport({ reason: 'scam' })).toEqual({ reason: 'scam', note: null });
    expect(() => checkReport({ reason: 'other', note: ' ' })).toThrow(expect.objectContaining({ details: [{ field: 'note', message: 'Tell us what is wrong' }] }));
    expect(() => checkReport({ reason: 'spam' as never })).toThrow(expect.objectContaining({ details: [{ field: 'reason', message: 'Choose a reason' }] }));
    expect(() => checkReport({ reason: 'scam', note: 'n'.repeat(1001) })).toThrow(expect.objectContaining({ details: [{ field: 'note', message: 'Note must be at most 1000 characters' }] }));
  });
});

describe('contact reveals', () => {
  const { member, guest, network } = CONTACT_REVEAL_LIMITS;
  it('allow a member 20 listings a day, a guest 3, a network 30, and a listing already seen always', () => {
    expect(revealAllowed({ byAccount: member - 1, byNetwork: 0 }, false, false)).toBe('ok');
    expect(revealAllowed({ byAccount: member, byNetwork: 0 }, false, false)).toBe('account');
    expect(revealAllowed({ byAccount: guest, byNetwork: 0 }, true, false)).toBe('account');
    expect(revealAllowed({ byAccount: 0, byNetwork: network }, false, false)).toBe('network');
    expect(revealAllowed({ byAccount: member, byNetwork: network }, false, true)).toBe('ok');
  });
});

describe('chat safety tip', () => {
  it.each([
    'Pay a deposit of 500k to hold it for you',
    'Send me your transfer today, the car is in the port',
    'My account number: 0123456789 GTBank',
    'Acct 0123 456 789 Access',
    'pay first before inspection please',
    'There is a commitment fee of ₦50,000',
  ])('shows the tip for %j', (text) => {
    expect(needsSafetyTip(text)).toBe(true);
  });

  it.each([
    'Is it still available?',
    'Call me on 0803 555 0199 or +234 803 555 0199',
    'The price is ₦38,500,000 and the mileage 21000 km',
    'Can I inspect it on Saturday at Lekki?',
  ])('shows nothing for %j', (text) => {
    expect(needsSafetyTip(text)).toBe(false);
  });

  it('is one plain line', () => {
    expect(CHAT_SAFETY_TIP).toBe('Never pay a deposit or send money before you have seen the car and its papers.');
  });
});

describe('expiry and renewal', () => {
  const details: ListingDetails = {
    title: '2022 Tesla Model 3', description: 'One owner.', price: 45_000_000, year: 2022, mileage: 20_000, range: 500, vehicleType: 'car', brand: 'Tesla',
    model: 'Model 3', location: 'Lagos', imageUrls: ['/uploads/a.webp'], batteryHealth: 95, chargingType: 'AC', fastChargingTime: null, vin: null,
    sellerPhone: null, isRentalAvailable: false, dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null,
  };
  it('gives a listing 60 days from going live, 60 more from a renewal, and brings an expired one back without review', () => {
    const listing = Listing.submit(1, 'seller', details, now);
    expect(listing.expiresAt).toBeNull();
    listing.approve(now);
    expect(listing.expiresAt).toEqual(new Date(now.getTime() + 60 * DAY));
    const later = new Date(now.getTime() + 50 * DAY);
    listing.renew(later);
    expect(listing.expiresAt).toEqual(new Date(later.getTime() + 60 * DAY));
    Object.assign(listing, { status: 'expired', expiresAt: null, approvedAt: null, isVerified: false });
    listing.renew(later);
    expect(listing).toMatchObject({ status: 'active', isVerified: true, approvedAt: later });
  });

  it('renews only a live or expired listing', () => {
    const pending = Listing.submit(1, 'seller', details, now);
    expect(() => pending.renew(now)).toThrow('This pending listing cannot be renewed.');
    const sold = Listing.submit(2, 'seller', details, now);
    sold.approve(now);
    sold.markSold(now);
    expect(sold.expiresAt).toBeNull();
    expect(() => sold.renew(now)).toThrow('This sold listing cannot be renewed.');
  });
});
