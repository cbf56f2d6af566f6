import { describe, expect, it } from 'vitest';
import {
  type Actor, DomainError, Listing, type ListingDetails, ValidationError, DEFAULT_REJECTION_REASON,
} from '../src/index.js';

const now = new Date('2026-11-21T10:00:00Z');
const seller: Actor = { userId: 'seller-1', role: 'user' };
const stranger: Actor = { userId: 'someone-else', role: 'user' };
const support: Actor = { userId: 'staff-1', role: 'support' };

const details = (overrides: Partial<ListingDetails> = {}): ListingDetails => ({
  title: '2022 Tesla Model 3',
  description: 'Clean, one owner.',
  price: 45_000_000,
  year: 2022,
  mileage: 30_000,
  range: 500,
  vehicleType: 'car',
  brand: 'Tesla',
  model: 'Model 3',
  location: 'Lagos',
  imageUrls: ['/uploads/2026/11/a.webp'],
  batteryHealth: 100,
  chargingType: 'AC',
  fastChargingTime: null,
  vin: null,
  sellerPhone: null,
  isRentalAvailable: false,
  dailyRentalRate: null,
  weeklyRentalRate: null,
  monthlyRentalRate: null,
  ...overrides,
});

const submit = (overrides: Partial<ListingDetails> = {}) => Listing.submit(1, seller.userId, details(overrides), now);

function fieldsOf(work: () => unknown): string[] {
  try {
    work();
  } catch (err) {
    if (err instanceof ValidationError) return err.details.map((d) => d.field);
    throw err;
  }
  throw new Error('expected a ValidationError');
}

describe('submitting a listing', () => {
  it('starts pending, unverified, unboosted and with no views', () => {
    const listing = submit();
    expect(listing).toMatchObject({ status: 'pending', isVerified: false, views: 0, boostTier: 0, sellerId: 'seller-1' });
    expect(listing.isPublic()).toBe(false);
    expect(listing.isBoosted(new Date())).toBe(false);
  });

  it('cleans up whitespace in text fields and upper-cases the VIN', () => {
    const listing = submit({ title: '  2022   Tesla  Model 3 ', vin: ' 5yj3e1ea7kf317000 ' });
    expect(listing.title).toBe('2022 Tesla Model 3');
    expect(listing.vin).toBe('5YJ3E1EA7KF317000');
  });

  it('accepts years from 2010 to next year only', () => {
    expect(() => submit({ year: 2010 })).not.toThrow();
    expect(() => submit({ year: 2027 })).not.toThrow();
    expect(fieldsOf(() => submit({ year: 2009 }))).toEqual(['year']);
    expect(fieldsOf(() => submit({ year: 2028 }))).toEqual(['year']);
  });

  it.each([
    ['price', { price: 0 }],
    ['price', { price: 1_500_000.5 }],
    ['mileage', { mileage: -1 }],
    ['range', { range: 0 }],
    ['batteryHealth', { batteryHealth: 101 }],
    ['fastChargingTime', { fastChargingTime: -5 }],
    ['title', { title: '   ' }],
    ['title', { title: 'x'.repeat(121) }],
    ['description', { description: '' }],
    ['imageUrls', { imageUrls: [] }],
    ['imageUrls[0]', { imageUrls: ['javascript:alert(1)'] }],
    ['imageUrls[0]', { imageUrls: ['http://tracker.example/pixel.gif'] }],
    ['imageUrls[0]', { imageUrls: ['https://tracker.example/pixel.webp'] }],
    ['imageUrls[0]', { imageUrls: ['/uploads/../admin/index.webp'] }],
    ['brand', { brand: 'Toyota' }],
    ['model', { model: 'Model T' }],
    ['location', { location: 'Atlantis' }],
    ['vin', { vin: 'SHORT' }],
    ['sellerPhone', { sellerPhone: 'call me maybe' }],
    ['dailyRentalRate', { dailyRentalRate: -100 }],
  ] as [string, Partial<ListingDetails>][])('refuses a bad %s', (field, overrides) => {
    expect(fieldsOf(() => submit(overrides))).toEqual([field]);
  });

  it("keeps only the path of an absolute upload URL (the spec's client prefixes the page origin)", () => {
    expect(submit({ imageUrls: ['http://127.0.0.1:8080/uploads/2026/11/a.webp'] }).imageUrls).toEqual(['/uploads/2026/11/a.webp']);
  });

  it('ignores fields that are not listing details, whatever the input carries', () => {
    const sneaky = { ...details(), status: 'active', isVerified: true, boostTier: 3, views: 999 } as ListingDetails;
    const listing = Listing.submit(1, seller.userId, sneaky, now);
    expect(listing).toMatchObject({ status: 'pending', isVerified: false, boostTier: 0, views: 0 });
    listing.reviseBySeller(sneaky, now, { reReviewEdits: false });
    expect(listing).toMatchObject({ status: 'pending', isVerified: false, boostTier: 0, views: 0 });
  });

  it('names every bad field at once', () => {
    expect(fieldsOf(() => submit({ title: '', price: -1, year: 1990, brand: 'Nope' }))).toEqual(['title', 'price', 'year', 'brand']);
  });
});

describe('moderation', () => {
  it('approval makes a pending listing live and verified', () => {
    const listing = submit();
    listing.approve(now);
    expect(listing).toMatchObject({ status: 'active', isVerified: true });
    expect(listing.isPublic()).toBe(true);
  });

  it('rejection keeps the reason, or the standard one when none is given', () => {
    const a = submit();
    a.reject('  Blurry photos ', now);
    expect(a).toMatchObject({ status: 'rejected', rejectionReason: 'Blurry photos', isVerified: false });
    const b = submit();
    b.reject(undefined, now);
    expect(b.rejectionReason).toBe(DEFAULT_REJECTION_REASON);
  });

  it('refuses to approve anything but a pending listing (409 conflict)', () => {
    const listing = submit();
    listing.approve(now);
    expect(() => listing.approve(now)).toThrowError(expect.objectContaining({ kind: 'conflict', code: 'LISTING_ILLEGAL_TRANSITION' }));
    listing.reject('Reported as sold', now);
    expect(() => listing.approve(now)).toThrow(DomainError);
    expect(() => listing.reject('again', now)).toThrow(DomainError);
  });

  it('lets staff set any status and correct details in one edit', () => {
    const listing = submit();
    listing.editByStaff({ status: 'active', price: 44_000_000 }, now);
    expect(listing).toMatchObject({ status: 'active', isVerified: true, price: 44_000_000 });
    listing.editByStaff({ status: 'rejected', rejectionReason: 'Duplicate listing' }, now);
    expect(listing).toMatchObject({ status: 'rejected', rejectionReason: 'Duplicate listing', isVerified: false });
    listing.editByStaff({ rejectionReason: 'Duplicate of listing 12' }, now);
    expect(listing.rejectionReason).toBe('Duplicate of listing 12');
    listing.editByStaff({ status: 'pending' }, now);
    expect(listing).toMatchObject({ status: 'pending', rejectionReason: null });
  });

  it('checks staff edits like seller input', () => {
    const listing = submit();
    expect(fieldsOf(() => listing.editByStaff({ year: 1999 }, now))).toEqual(['year']);
    expect(listing.year).toBe(2022);
  });
});

describe('seller edits', () => {
  const off = { reReviewEdits: false };
  const on = { reReviewEdits: true };

  it('keep an active listing live when re-review is off', () => {
    const listing = submit();
    listing.approve(now);
    listing.reviseBySeller({ price: 40_000_000 }, now, off);
    expect(listing).toMatchObject({ status: 'active', price: 40_000_000 });
  });

  it('keep an active listing live and as approved when re-review is on, returning the material changes to wait', () => {
    const listing = submit();
    listing.approve(now);
    const { waiting } = listing.reviseBySeller({ price: 20_000_000, title: '2022 Tesla Model 3 Long Range', range: 480 }, now, on);
    expect(waiting).toEqual({ price: 20_000_000, title: '2022 Tesla Model 3 Long Range' });
    // What needs no second look (the range) applies at once; the rest stays as approved.
    expect(listing).toMatchObject({ status: 'active', isVerified: true, price: 45_000_000, title: '2022 Tesla Model 3', range: 480 });
  });

  it('apply a price change within a fifth, and a description-free edit, at once', () => {
    const listing = submit();
    listing.approve(now);
    expect(listing.reviseBySeller({ price: 40_000_000 }, now, on).waiting).toBeNull();
    expect(listing).toMatchObject({ status: 'active', price: 40_000_000 });
  });

  it('count changes already waiting, so a second edit keeps them (or drops one the seller took back)', () => {
    const listing = submit();
    listing.approve(now);
    const first = listing.reviseBySeller({ title: 'New title', description: 'Now with new tyres.' }, now, on).waiting;
    expect(listing.reviseBySeller({ location: 'Abuja' }, now, on, first).waiting).toEqual({ title: 'New title', description: 'Now with new tyres.', location: 'Abuja' });
    expect(listing.reviseBySeller({ title: '2022 Tesla Model 3' }, now, on, first).waiting).toEqual({ description: 'Now with new tyres.' });
  });

  it('check the whole the seller wants, and change nothing when it is invalid', () => {
    const listing = submit();
    listing.approve(now);
    expect(fieldsOf(() => listing.reviseBySeller({ title: '', range: 480 }, now, on))).toEqual(['title']);
    expect(listing.range).not.toBe(480);
  });

  it('let a moderator apply waiting changes to a live listing only', () => {
    const listing = submit();
    listing.approve(now);
    const { waiting } = listing.reviseBySeller({ title: 'New title' }, now, on);
    listing.applyReviewedChanges(waiting!, now);
    expect(listing).toMatchObject({ status: 'active', title: 'New title' });
    listing.markSold(now);
    expect(() => listing.applyReviewedChanges({ title: 'Other' }, now)).toThrow(/no longer live/);
  });

  it('resubmit a rejected listing for review', () => {
    const listing = submit();
    listing.reject('Blurry photos', now);
    listing.reviseBySeller({ imageUrls: ['/uploads/2026/11/b.webp'] }, now, off);
    expect(listing).toMatchObject({ status: 'pending', rejectionReason: null });
  });

  it('leave the listing untouched when the patch is invalid', () => {
    const listing = submit();
    expect(fieldsOf(() => listing.reviseBySeller({ price: -5, title: 'New title' }, now, off))).toEqual(['price']);
    expect(listing.title).toBe('2022 Tesla Model 3');
  });
});

describe('visibility', () => {
  it('shows a pending listing only to its seller and staff', () => {
    const listing = submit();
    expect(listing.isVisibleTo(null)).toBe(false);
    expect(listing.isVisibleTo(stranger)).toBe(false);
    expect(listing.isVisibleTo(seller)).toBe(true);
    expect(listing.isVisibleTo(support)).toBe(true);
    listing.approve(now);
    expect(listing.isVisibleTo(null)).toBe(true);
  });
});

describe('a sale', () => {
  const later = new Date('2026-12-01T09:00:00Z');

  it('takes a live listing off the market for good: readable by anyone, no longer public, kept verified, and final for its seller', () => {
    const listing = submit();
    listing.approve(now);
    listing.applyBoost(2, new Date('2026-12-05T00:00:00Z'), now);
    listing.markSold(later);
    expect(listing).toMatchObject({ status: 'sold', soldAt: later, isVerified: true, approvedAt: now, updatedAt: later });
    expect(listing.isPublic()).toBe(false);
    expect(listing.isVisibleTo(null)).toBe(true);
    expect(listing.isVisibleTo(stranger)).toBe(true);
    expect(() => listing.reviseBySeller({ price: 1_000_000 }, later, { reReviewEdits: false })).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'LISTING_ILLEGAL_TRANSITION', message: 'This sold listing cannot be edited.' }));
    expect(() => listing.markSold(later)).toThrow(expect.objectContaining({ message: 'This sold listing cannot be marked as sold.' }));
  });

  it('needs a live listing: a pending or rejected one cannot be marked sold', () => {
    const pending = submit();
    expect(() => pending.markSold(later)).toThrow(expect.objectContaining({ kind: 'conflict', message: 'This pending listing cannot be marked as sold.' }));
    pending.reject(undefined, now);
    expect(() => pending.markSold(later)).toThrow(expect.objectContaining({ message: 'This rejected listing cannot be marked as sold.' }));
    expect(pending.soldAt).toBeNull();
  });

  it('can be undone only by staff, which puts the listing back live and forgets when it sold', () => {
    const listing = submit();
    listing.approve(now);
    listing.markSold(later);
    listing.editByStaff({ status: 'active' }, later);
    expect(listing).toMatchObject({ status: 'active', soldAt: null, approvedAt: later });
    listing.editByStaff({ status: 'sold' }, later);
    expect(listing).toMatchObject({ status: 'sold', soldAt: later });
  });
});
