import { describe, expect, it } from 'vitest';
import {
  type CarOfTheWeekCandidate, CarOfTheWeekPick, DomainError, Listing, type ListingDetails, type StaffPickFacts,
  chooseCarOfTheWeek, marketplaceWeek,
} from '../src/index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the marketplace week', () => {
  it('starts on Monday at 00:00 in Lagos, which is Sunday 23:00 UTC', () => {
    // Wednesday 26 November 2026, midday in Lagos.
    const week = marketplaceWeek(new Date('2026-11-26T11:00:00Z'));
    expect(week).toEqual({ weekOf: '2026-11-23', start: new Date('2026-11-22T23:00:00Z'), end: new Date('2026-11-29T23:00:00Z') });
  });

  it('puts Monday 00:00 in Lagos in the new week and the minute before it in the old one', () => {
    expect(marketplaceWeek(new Date('2026-11-22T23:00:00Z')).weekOf).toBe('2026-11-23');
    expect(marketplaceWeek(new Date('2026-11-22T22:59:59.999Z')).weekOf).toBe('2026-11-16');
  });

  it('counts Sunday 23:30 UTC as Monday in Lagos, though it is still Sunday in London', () => {
    expect(marketplaceWeek(new Date('2026-11-29T23:30:00Z')).weekOf).toBe('2026-11-30');
  });

  it('keeps the same one-hour offset in midsummer (Lagos has no daylight saving)', () => {
    expect(marketplaceWeek(new Date('2026-07-05T22:59:00Z')).weekOf).toBe('2026-06-29');
    expect(marketplaceWeek(new Date('2026-07-05T23:00:00Z'))).toMatchObject({ weekOf: '2026-07-06', start: new Date('2026-07-05T23:00:00Z') });
  });

  it('crosses a year end: the week of Monday 28 December 2026 runs into 2027', () => {
    const week = marketplaceWeek(new Date('2027-01-01T12:00:00Z'));
    expect(week).toEqual({ weekOf: '2026-12-28', start: new Date('2026-12-27T23:00:00Z'), end: new Date('2027-01-03T23:00:00Z') });
  });

  it('is always seven days long and contains the moment it was asked for', () => {
    for (let t = Date.parse('2026-01-01T00:00:00Z'); t < Date.parse('2027-01-01T00:00:00Z'); t += 7 * HOUR + 13 * 60_000) {
      const week = marketplaceWeek(new Date(t));
      expect(week.end.getTime() - week.start.getTime()).toBe(7 * DAY);
      expect(week.start.getTime()).toBeLessThanOrEqual(t);
      expect(week.end.getTime()).toBeGreaterThan(t);
      expect(new Date(week.start.getTime() + HOUR).getUTCDay()).toBe(1);
    }
  });
});

const now = new Date('2026-11-26T11:00:00Z');
const candidate = (listingId: number, views: number, approvedAgoMs: number | null, isLive = true): CarOfTheWeekCandidate => ({
  listingId, views, isLive, approvedAt: approvedAgoMs === null ? null : new Date(now.getTime() - approvedAgoMs),
});
const pickOf = (listing: CarOfTheWeekCandidate, weekOf = '2026-11-23'): StaffPickFacts => ({
  weekOf, listing, pickedBy: 'support-1', pickedAt: new Date('2026-11-24T09:00:00Z'),
});

describe('choosing the car of the week', () => {
  it("shows this week's staff pick while it is live, whatever the views say", () => {
    const picked = candidate(7, 3, 30 * DAY);
    const choice = chooseCarOfTheWeek(now, pickOf(picked), [candidate(1, 900, DAY), picked]);
    expect(choice).toEqual({ listingId: 7, weekOf: '2026-11-23', source: 'staff_pick', pickedBy: 'support-1', pickedAt: new Date('2026-11-24T09:00:00Z') });
  });

  it('falls back to the most viewed recent listing when the pick is no longer live', () => {
    const withdrawn = candidate(7, 3, 30 * DAY, false);
    expect(chooseCarOfTheWeek(now, pickOf(withdrawn), [candidate(1, 900, DAY), candidate(2, 40, DAY)]))
      .toEqual({ listingId: 1, weekOf: '2026-11-23', source: 'most_viewed' });
  });

  it("ignores last week's pick", () => {
    const lastWeeks = candidate(7, 3, 30 * DAY);
    expect(chooseCarOfTheWeek(now, pickOf(lastWeeks, '2026-11-16'), [candidate(1, 900, DAY)])).toMatchObject({ listingId: 1, source: 'most_viewed' });
  });

  it('takes only live listings approved in the last 7 days', () => {
    const choice = chooseCarOfTheWeek(now, null, [
      candidate(1, 5000, 7 * DAY + 1), // approved just over a week ago
      candidate(2, 4000, 2 * DAY, false), // taken down since
      candidate(3, 3000, null), // never approved
      candidate(4, 12, 7 * DAY), // exactly seven days ago: still in
    ]);
    expect(choice).toMatchObject({ listingId: 4, source: 'most_viewed' });
  });

  it('breaks a tie on views by the most recent approval, then by the lowest id', () => {
    expect(chooseCarOfTheWeek(now, null, [candidate(5, 80, 3 * DAY), candidate(9, 80, DAY), candidate(2, 79, HOUR)]))
      .toMatchObject({ listingId: 9 });
    expect(chooseCarOfTheWeek(now, null, [candidate(9, 80, DAY), candidate(4, 80, DAY), candidate(6, 80, DAY)]))
      .toMatchObject({ listingId: 4 });
  });

  it('has no car of the week when nothing live was approved in the last 7 days', () => {
    expect(chooseCarOfTheWeek(now, null, [])).toBeNull();
    expect(chooseCarOfTheWeek(now, null, [candidate(1, 900, 8 * DAY), candidate(2, 900, DAY, false)])).toBeNull();
    expect(chooseCarOfTheWeek(now, pickOf(candidate(7, 3, DAY, false)), [])).toBeNull();
  });
});

const details: ListingDetails = {
  title: '2024 Hyundai IONIQ 5 Long Range AWD', description: 'One owner.', price: 52_000_000, year: 2024, mileage: 8_000,
  range: 480, vehicleType: 'car', brand: 'Hyundai', model: 'IONIQ 5', location: 'Port Harcourt', imageUrls: ['/uploads/a.webp'],
  batteryHealth: 98, chargingType: 'Both', fastChargingTime: 18, vin: null, sellerPhone: null, isRentalAvailable: false,
  dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null,
};

describe('a staff pick', () => {
  it('is made for the week it is made in, by whom and when', () => {
    const listing = Listing.submit(12, 'seller-1', details, new Date(now.getTime() - 3 * DAY));
    listing.approve(new Date(now.getTime() - 2 * DAY));
    expect(CarOfTheWeekPick.make(listing, 'support-1', now)).toEqual(Object.assign(new CarOfTheWeekPick(), {
      weekOf: '2026-11-23', listingId: 12, pickedBy: 'support-1', pickedAt: now,
    }));
  });

  it('can only be a live listing', () => {
    const pending = Listing.submit(12, 'seller-1', details, now);
    expect(() => CarOfTheWeekPick.make(pending, 'support-1', now)).toThrow(DomainError);
    try {
      CarOfTheWeekPick.make(pending, 'support-1', now);
    } catch (err) {
      expect(err).toMatchObject({ kind: 'conflict', code: 'LISTING_NOT_LIVE' });
    }
  });
});

describe('when a listing was approved', () => {
  it('is set when it goes live and cleared when it leaves, so only live listings carry one', () => {
    const created = new Date('2026-11-20T08:00:00Z');
    const listing = Listing.submit(3, 'seller-1', details, created);
    expect(listing.approvedAt).toBeNull();
    listing.approve(new Date('2026-11-21T09:30:00Z'));
    expect(listing.approvedAt).toEqual(new Date('2026-11-21T09:30:00Z'));
    listing.editByStaff({ price: 50_000_000 }, new Date('2026-11-22T10:00:00Z'));
    expect(listing.approvedAt).toEqual(new Date('2026-11-21T09:30:00Z'));
    listing.reject('Price looks wrong', new Date('2026-11-23T10:00:00Z'));
    expect(listing.approvedAt).toBeNull();
    listing.editByStaff({ status: 'active' }, new Date('2026-11-24T10:00:00Z'));
    expect(listing.approvedAt).toEqual(new Date('2026-11-24T10:00:00Z'));
    listing.editByStaff({ status: 'pending' }, new Date('2026-11-25T10:00:00Z'));
    expect(listing.approvedAt).toBeNull();
  });
});
