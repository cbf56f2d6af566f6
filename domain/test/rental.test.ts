import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Actor, addDays, checkStay, DomainError, isCalendarDay, lagosDay, nextRentalSettings, priceStay, readNumber, readRentalVehicleInput,
  RENTAL_ACTIONS, RENTAL_STATUSES, RentalBooking, type RentalAction, type RentalRates, type RentalRole, type RentalStatus, requestExpiry,
  startOfLagosDay, staysOverlap, rentalStatusNotice, rentalRequestedNotice,
} from '../src/index.js';

const now = new Date('2026-11-24T10:00:00Z'); // 11:00 in Lagos
const HOUR = 3_600_000;
const rates: RentalRates = { daily: 25_000, weekly: 150_000, monthly: 500_000 };

function booking(over: Partial<RentalBooking> = {}, at = now): RentalBooking {
  const b = RentalBooking.request({
    vehicleId: 7, renterId: 'renter', ownerId: 'owner', rates, startDate: '2026-12-01', endDate: '2026-12-04',
    pickupLocation: 'Port Harcourt International Airport', dropoffLocation: 'GRA Phase 2, Port Harcourt', notes: '',
  }, at);
  b.id = 1;
  return Object.assign(b, over);
}

function failure(work: () => unknown): DomainError {
  try {
    work();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a DomainError');
}

describe('rental days in Lagos (UTC+1, no daylight saving)', () => {
  it('turn to the next day at 23:00 UTC, not at midnight UTC', () => {
    expect(lagosDay(new Date('2026-11-24T22:59:59Z'))).toBe('2026-11-24');
    expect(lagosDay(new Date('2026-11-24T23:00:00Z'))).toBe('2026-11-25');
    expect(lagosDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(startOfLagosDay('2026-11-25').toISOString()).toBe('2026-11-24T23:00:00.000Z');
  });

  it('are real calendar days only', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('26-12-01')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('accept today as a start just after Lagos midnight, though it is still yesterday in UTC', () => {
    const justAfterMidnight = new Date('2026-11-24T23:05:00Z'); // 00:05 on the 25th in Lagos
    expect(checkStay({ startDate: '2026-11-25', endDate: '2026-11-26' }, justAfterMidnight)).toEqual({ startDate: '2026-11-25', endDate: '2026-11-26', days: 1 });
    const e = failure(() => checkStay({ startDate: '2026-11-24', endDate: '2026-11-26' }, justAfterMidnight));
    expect(e.details).toEqual([{ field: 'startDate', message: 'Start date cannot be in the past' }]);
  });

  it('refuse a start yesterday just before Lagos midnight, and accept today', () => {
    const beforeMidnight = new Date('2026-11-24T22:55:00Z'); // 23:55 on the 24th in Lagos
    expect(checkStay({ startDate: '2026-11-24', endDate: '2026-11-25' }, beforeMidnight).days).toBe(1);
    expect(failure(() => checkStay({ startDate: '2026-11-23', endDate: '2026-11-25' }, beforeMidnight)).details[0]?.field).toBe('startDate');
  });

  it('need an end after the start, within a year, with every problem named', () => {
    expect(failure(() => checkStay({ startDate: '2026-12-04', endDate: '2026-12-04' }, now)).details)
      .toEqual([{ field: 'endDate', message: 'End date must be after the start date' }]);
    expect(failure(() => checkStay({ startDate: '2026-12-04', endDate: '2026-12-01' }, now)).details[0]?.field).toBe('endDate');
    expect(checkStay({ startDate: '2026-11-24', endDate: '2027-11-24' }, now).days).toBe(365);
    expect(failure(() => checkStay({ startDate: '2026-11-24', endDate: '2027-11-25' }, now)).details)
      .toEqual([{ field: 'endDate', message: 'End date must be within a year from today' }]);
    expect(failure(() => checkStay({ startDate: '', endDate: 'soon' }, now)).details.map((d) => d.field)).toEqual(['startDate', 'endDate']);
  });

  it('overlap when they share a day; the drop-off day is free for the next renter', () => {
    const a = { startDate: '2026-12-01', endDate: '2026-12-04' };
    expect(staysOverlap(a, { startDate: '2026-12-04', endDate: '2026-12-06' })).toBe(false);
    expect(staysOverlap(a, { startDate: '2026-12-03', endDate: '2026-12-06' })).toBe(true);
    expect(staysOverlap(a, { startDate: '2026-11-28', endDate: '2026-12-01' })).toBe(false);
    expect(staysOverlap(a, { startDate: '2026-11-28', endDate: '2026-12-10' })).toBe(true);
  });
});

describe('the price of a stay', () => {
  it('is months of 30 days, then weeks, then days, at the rates that are set', () => {
    expect(priceStay(rates, 3)).toMatchObject({ days: 3, total: 75_000, saving: 0, lines: [{ unit: 'day', count: 3, rate: 25_000, amount: 75_000 }] });
    expect(priceStay(rates, 9)).toMatchObject({ total: 200_000, lines: [{ unit: 'week', count: 1 }, { unit: 'day', count: 2 }] });
    expect(priceStay(rates, 40)).toMatchObject({
      total: 500_000 + 150_000 + 75_000, fullDailyPrice: 1_000_000, saving: 275_000,
      lines: [{ unit: 'month', count: 1, amount: 500_000 }, { unit: 'week', count: 1 }, { unit: 'day', count: 3 }],
    });
    expect(priceStay({ daily: 20_000, weekly: null, monthly: null }, 45).total).toBe(900_000);
    expect(priceStay({ daily: 20_000, weekly: null, monthly: 450_000 }, 65)).toMatchObject({ total: 900_000 + 100_000 });
  });

  it('charges a stay as a longer period when that is cheaper (6 days at the weekly rate)', () => {
    expect(priceStay({ daily: 30_000, weekly: 150_000, monthly: null }, 6)).toMatchObject({ days: 6, total: 150_000, saving: 30_000, lines: [{ unit: 'week', count: 1, amount: 150_000 }] });
    expect(priceStay(rates, 25).total).toBe(500_000); // 3 weeks + 4 days would be 550,000
  });

  it('never charges more than days × daily, even with a dear weekly rate', () => {
    expect(priceStay({ daily: 10_000, weekly: 90_000, monthly: null }, 7)).toMatchObject({ total: 70_000, lines: [{ unit: 'day', count: 7 }] });
  });

  it('counts at least one day, rounding part days up', () => {
    expect(priceStay(rates, 0).days).toBe(1);
    expect(priceStay(rates, 2.2)).toMatchObject({ days: 3, total: 75_000 });
  });

  const anyRates = fc.record({
    daily: fc.integer({ min: 1, max: 5_000_000 }),
    weekly: fc.option(fc.integer({ min: 1, max: 50_000_000 }), { nil: null }),
    monthly: fc.option(fc.integer({ min: 1, max: 99_999_999 }), { nil: null }),
  });

  it('is never above days × daily, and adds up to its lines (property)', () => {
    fc.assert(fc.property(anyRates, fc.integer({ min: 1, max: 366 }), (r, days) => {
      const price = priceStay(r, days);
      expect(price.total).toBeLessThanOrEqual(days * r.daily);
      expect(price.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(price.total);
      expect(price.saving).toBe(days * r.daily - price.total);
      expect(Number.isSafeInteger(price.total)).toBe(true);
    }), { numRuns: 2_000 });
  });

  it('is never lower for a longer stay than for a shorter one (property)', () => {
    fc.assert(fc.property(anyRates, fc.integer({ min: 1, max: 365 }), fc.integer({ min: 1, max: 60 }), (r, days, more) => {
      expect(priceStay(r, days + more).total).toBeGreaterThanOrEqual(priceStay(r, days).total);
    }), { numRuns: 2_000 });
  });
});

describe('a rental request', () => {
  it('is pending, priced by the server for its days, and answers within 48 hours', () => {
    const b = booking();
    expect(b).toMatchObject({ status: 'pending', days: 3, totalPrice: 75_000, dailyRate: 25_000, weeklyRate: 150_000, monthlyRate: 500_000, cancelReason: null });
    expect(b.expiresAt).toEqual(new Date(now.getTime() + 48 * HOUR));
  });

  it('lapses at the end of its start day when that comes before 48 hours', () => {
    expect(requestExpiry(now, '2026-11-24')).toEqual(new Date('2026-11-24T23:00:00Z'));
    expect(requestExpiry(now, '2026-11-25')).toEqual(new Date('2026-11-25T23:00:00Z'));
    expect(requestExpiry(now, '2026-11-30')).toEqual(new Date(now.getTime() + 48 * HOUR));
  });

  it('reads as cancelled once lapsed, and can then be neither confirmed nor cancelled', () => {
    const b = booking();
    const after = new Date(b.expiresAt.getTime() + 1);
    expect(b.statusAt(new Date(b.expiresAt.getTime() - 1))).toBe('pending');
    expect(b.statusAt(after)).toBe('cancelled');
    expect(b.actionsFor('owner', after)).toEqual([]);
    expect(failure(() => b.act('confirm', 'owner', after)).code).toBe('RENTAL_EXPIRED');
  });

  it('needs pickup and drop-off places, and refuses the owner renting their own vehicle', () => {
    const e = failure(() => RentalBooking.request({ vehicleId: 7, renterId: 'r', ownerId: 'o', rates, startDate: '2026-12-01', endDate: '2026-12-02', pickupLocation: '  ', dropoffLocation: '', notes: 'x'.repeat(1001) }, now));
    expect(e.details.map((d) => d.field)).toEqual(['pickupLocation', 'dropoffLocation', 'notes']);
    expect(failure(() => RentalBooking.request({ vehicleId: 7, renterId: 'o', ownerId: 'o', rates, startDate: '2026-12-01', endDate: '2026-12-02', pickupLocation: 'Lekki', dropoffLocation: 'Ikeja', notes: '' }, now)))
      .toMatchObject({ kind: 'rule', code: 'OWN_VEHICLE' });
  });
});

describe('the booking state machine', () => {
  const LEGAL: Record<RentalStatus, Partial<Record<RentalAction, RentalStatus>>> = {
    pending: { confirm: 'confirmed', cancel: 'cancelled' },
    confirmed: { start: 'active', cancel: 'cancelled' },
    active: { complete: 'completed' },
    completed: {},
    cancelled: {},
  };
  const MAY: Record<RentalRole, readonly RentalAction[]> = {
    renter: ['cancel'], owner: RENTAL_ACTIONS, staff: RENTAL_ACTIONS, other: [],
  };
  const onStartDay = new Date('2026-12-01T08:00:00Z');

  for (const status of RENTAL_STATUSES) {
    for (const action of RENTAL_ACTIONS) {
      for (const role of ['renter', 'owner', 'staff', 'other'] as const) {
        const to = LEGAL[status][action];
        const allowed = MAY[role].includes(action);
        it(`${role} ${action} on ${status}: ${!allowed ? '403' : to ? `→ ${to}` : '409'}`, () => {
          const b = booking({ status, expiresAt: new Date('2027-01-01T00:00:00Z') });
          expect(b.actionsFor(role, onStartDay).includes(action)).toBe(allowed && to !== undefined);
          if (!allowed) {
            expect(failure(() => b.act(action, role, onStartDay)).kind).toBe('forbidden');
            expect(b.status).toBe(status);
          } else if (!to) {
            const e = failure(() => b.act(action, role, onStartDay));
            expect(e).toMatchObject({ kind: 'conflict', code: 'ILLEGAL_RENTAL_TRANSITION' });
            expect(b.status).toBe(status);
          } else {
            b.act(action, role, onStartDay, 'Car is in for service');
            expect(b.status).toBe(to);
            expect(b.updatedAt).toEqual(onStartDay);
          }
        });
      }
    }
  }

  it('records who cancelled and why; only the renter may leave the reason out', () => {
    const declined = booking();
    declined.act('cancel', 'owner', now, '  Car is   in for service ');
    expect(declined).toMatchObject({ status: 'cancelled', cancelledBy: 'owner', cancelReason: 'Car is in for service' });
    const withdrawn = booking();
    withdrawn.act('cancel', 'renter', now);
    expect(withdrawn).toMatchObject({ cancelledBy: 'renter', cancelReason: 'Cancelled by the renter' });
    expect(failure(() => booking().act('cancel', 'staff', now, 'x'.repeat(501))).details[0]?.field).toBe('reason');
    for (const role of ['owner', 'staff'] as const) {
      const unexplained = booking();
      const e = failure(() => unexplained.act('cancel', role, now, ' \t '));
      expect(e).toMatchObject({ kind: 'validation' });
      expect(e.details.map((d) => d.field)).toEqual(['reason']);
      expect(unexplained).toMatchObject({ status: 'pending', cancelReason: null, cancelledBy: null });
    }
  });

  it('lets only the renter withdraw; the owner is sent to declining with a reason, and nothing changes', () => {
    const mine = booking();
    mine.withdraw('renter', now, 'Plans changed');
    expect(mine).toMatchObject({ status: 'cancelled', cancelledBy: 'renter', cancelReason: 'Plans changed' });
    const confirmed = booking({ status: 'confirmed' });
    confirmed.withdraw('renter', now);
    expect(confirmed).toMatchObject({ status: 'cancelled', cancelledBy: 'renter' });

    const owners = booking();
    const refused = failure(() => owners.withdraw('owner', now, 'Car is in for service'));
    expect(refused).toMatchObject({ kind: 'forbidden', code: 'RENTAL_DECLINE_WITH_REASON' });
    expect(refused.message).toMatch(/decline.*reason/);
    expect(owners).toMatchObject({ status: 'pending', cancelReason: null, cancelledBy: null });
    for (const role of ['staff', 'other'] as const) {
      const b = booking();
      expect(failure(() => b.withdraw(role, now)).kind).toBe('forbidden');
      expect(b.status).toBe('pending');
    }
    // The state still rules for the renter: a finished booking is not withdrawn.
    expect(failure(() => booking({ status: 'completed' }).withdraw('renter', now)).code).toBe('ILLEGAL_RENTAL_TRANSITION');
  });

  it('starts a confirmed booking only from its first day (Lagos)', () => {
    const b = booking({ status: 'confirmed' });
    expect(failure(() => b.act('start', 'owner', new Date('2026-11-30T22:59:00Z')))).toMatchObject({ kind: 'rule', code: 'RENTAL_NOT_STARTED' });
    b.act('start', 'owner', new Date('2026-11-30T23:00:00Z'));
    expect(b.status).toBe('active');
  });

  it('knows each person\'s part in a booking from their verified id', () => {
    const b = booking();
    const as = (userId: string, role: Actor['role'] = 'user'): Actor => ({ userId, role });
    expect(b.roleOf(as('renter'))).toBe('renter');
    expect(b.roleOf(as('owner'))).toBe('owner');
    expect(b.roleOf(as('someone', 'support'))).toBe('staff');
    expect(b.roleOf(as('someone'))).toBe('other');
    expect(b.roleOf(null)).toBe('other');
  });

  it('tells the owner of a request and the renter of each change', () => {
    const b = booking();
    expect(rentalRequestedNotice(b, '2023 Tesla Model 3', 'Chiamaka Eze')).toMatchObject({
      userId: 'owner', type: 'rental', title: 'New rental request', metadata: { vehicleId: 7, rentalId: 1 },
    });
    b.act('confirm', 'owner', now);
    expect(rentalStatusNotice(b, '2023 Tesla Model 3')).toMatchObject({ userId: 'renter', title: 'Rental confirmed' });
    b.act('cancel', 'owner', now, 'Flat tyre');
    expect(rentalStatusNotice(b, '2023 Tesla Model 3').message).toContain('Reason: Flat tyre');
  });
});

describe('rental settings', () => {
  const current = { isRentalAvailable: true, dailyRentalRate: 25_000, weeklyRentalRate: 150_000, monthlyRentalRate: null };

  it('take whole naira, from numbers or the text a form sends', () => {
    expect(nextRentalSettings(current, { dailyRentalRate: '30,000', monthlyRentalRate: 1_250_000 }))
      .toEqual({ isRentalAvailable: true, dailyRentalRate: 30_000, weeklyRentalRate: 150_000, monthlyRentalRate: 1_250_000 });
    expect(nextRentalSettings(current, { weeklyRentalRate: null }).weeklyRentalRate).toBeNull();
    expect(nextRentalSettings(current, { isRentalAvailable: false }).isRentalAvailable).toBe(false);
  });

  it('refuse an empty or non-numeric rate instead of reading it as 0', () => {
    for (const bad of ['', '   ', 'abc', '0', '-5', '12.5', Number.NaN]) {
      const e = failure(() => nextRentalSettings(current, { dailyRentalRate: bad }));
      expect(e.details[0]?.field).toBe('dailyRentalRate');
    }
    expect(failure(() => nextRentalSettings(current, { weeklyRentalRate: '' })).details[0]?.message).toMatch(/Weekly rate is required/);
    expect(failure(() => nextRentalSettings(current, { dailyRentalRate: null })).details[0]?.field).toBe('dailyRentalRate');
  });

  it('need a daily rate before a vehicle is offered', () => {
    expect(failure(() => nextRentalSettings({ ...current, dailyRentalRate: null }, { isRentalAvailable: true })).details[0]?.field).toBe('dailyRentalRate');
  });

  it('read numbers as the spec\'s form types them', () => {
    expect(readNumber(' 1,250,000 ')).toBe(1_250_000);
    expect(readNumber('')).toBeNull();
    expect(readNumber('1,25')).toBeNaN();
    expect(readNumber('12e3')).toBeNaN();
    expect(readNumber(undefined)).toBeUndefined();
  });
});

describe('creating a rental vehicle', () => {
  const form = {
    title: '2023 Hyundai IONIQ 5 Long Range', brand: 'Hyundai', model: 'IONIQ 5', year: '2023', price: '38,500,000',
    dailyRentalRate: '32000', weeklyRentalRate: '', monthlyRentalRate: '720000', location: 'Port Harcourt', mileage: '12000', range: '480',
    batteryCapacity: '', chargingType: 'CCS', bodyType: 'suv', seats: '5', features: ['Panoramic roof', ' Panoramic roof ', 'V2L'], imageUrls: ['/uploads/a.webp'],
    vehicleType: 'EV',
  };

  it('converts the spec\'s text fields and reads "EV" as a car', () => {
    const { details, specs } = readRentalVehicleInput(form);
    expect(details).toMatchObject({ year: 2023, price: 38_500_000, dailyRentalRate: 32_000, weeklyRentalRate: null, monthlyRentalRate: 720_000, mileage: 12_000, range: 480, chargingType: 'DC', vehicleType: 'car', isRentalAvailable: true, description: form.title });
    expect(specs).toEqual({ bodyType: 'SUV', seats: 5, features: ['Panoramic roof', 'V2L'], batteryCapacity: null });
  });

  it('names every missing or malformed field instead of storing 0', () => {
    const e = failure(() => readRentalVehicleInput({ ...form, title: ' ', year: 'twenty', price: '', dailyRentalRate: '0', range: '12.5', batteryCapacity: 'big', bodyType: 'Limo', imageUrls: [] }));
    expect(e.details.map((d) => d.field)).toEqual(['title', 'year', 'price', 'range', 'dailyRentalRate', 'batteryCapacity', 'bodyType', 'imageUrls']);
  });
});
