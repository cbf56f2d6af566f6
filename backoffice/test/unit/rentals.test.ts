import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffMayDo, toPermissions } from '../../src/auth/permissions';
import type { RentalAction, RentalStatus } from '../../src/data/api-types';
import { failureToast, serverTextOr } from '../../src/lib/failure-toast';
import { parseRate, rateEdit, rateText } from '../../src/rental-vehicles/rental-rates';
import { EMPTY_RENTAL_VEHICLE, rentalVehicleProblems, toRentalVehicleInput, type RentalVehicleFormValues } from '../../src/rental-vehicles/rental-vehicle-form';
import { dayCount, formatRentalDay, formatRentalDays } from '../../src/rentals/rental-dates';
import {
  BADGE_COLOURS,
  cancelReasonProblem,
  offeredRentalActions,
  RENTAL_STATUS_HUES,
  rentalStatusColours,
  statusRequestFor,
  STATUS_FAILURE,
} from '../../src/rentals/rental-status';

const admin = toPermissions({ isAdmin: true, isStaff: true, role: 'admin' });
const support = toPermissions({ isAdmin: false, isStaff: true, role: 'support' });
const plain = toPermissions({ isAdmin: false, isStaff: false, role: 'user' });

describe('a rental rate typed into a cell', () => {
  it('reads whole naira, with or without thousands separators or the naira sign', () => {
    expect(parseRate('dailyRentalRate', '25000')).toEqual({ value: 25_000 });
    expect(parseRate('dailyRentalRate', ' 25000 ')).toEqual({ value: 25_000 });
    // Documented choice: commas in the places thousands separators go are how amounts are written in Lagos.
    expect(parseRate('dailyRentalRate', '1,250,000')).toEqual({ value: 1_250_000 });
    expect(parseRate('weeklyRentalRate', '₦150,000')).toEqual({ value: 150_000 });
  });

  it('refuses an empty daily rate, and reads an empty weekly or monthly rate as no longer offered', () => {
    expect(parseRate('dailyRentalRate', '')).toEqual({ problem: 'Daily rate is required' });
    expect(parseRate('dailyRentalRate', '   ')).toEqual({ problem: 'Daily rate is required' });
    expect(parseRate('weeklyRentalRate', '')).toEqual({ value: null });
    expect(parseRate('monthlyRentalRate', '')).toEqual({ value: null });
  });

  it('refuses what is not a whole naira amount of at least ₦1, instead of reading it as 0', () => {
    expect(parseRate('dailyRentalRate', 'abc')).toEqual({ problem: 'Daily rate must be an amount in naira, such as 25000' });
    expect(parseRate('dailyRentalRate', '0')).toEqual({ problem: 'Daily rate must be at least ₦1' });
    expect(parseRate('weeklyRentalRate', '0')).toEqual({ problem: 'Weekly rate must be at least ₦1' });
    expect(parseRate('dailyRentalRate', '12.5')).toEqual({ problem: 'Daily rate must be whole naira, without kobo' });
    expect(parseRate('dailyRentalRate', '25000.00')).toEqual({ problem: 'Daily rate must be whole naira, without kobo' });
    for (const text of ['-5', '1,25', '12,50', '25 000', '2e4', '0x10']) expect(parseRate('dailyRentalRate', text)).toHaveProperty('problem');
    expect(parseRate('monthlyRentalRate', '100,000,000')).toEqual({ problem: 'Monthly rate must be at most ₦99,999,999' });
    expect(parseRate('monthlyRentalRate', '99,999,999')).toEqual({ value: 99_999_999 });
  });

  it('sends nothing when the text is refused or is the stored rate, and sends the new rate otherwise', () => {
    const vehicle = { dailyRentalRate: 25_000, weeklyRentalRate: 150_000, monthlyRentalRate: null };
    expect(rateEdit(vehicle, 'dailyRentalRate', 'abc')).toEqual({ send: false, problem: 'Daily rate must be an amount in naira, such as 25000' });
    expect(rateEdit(vehicle, 'dailyRentalRate', '')).toEqual({ send: false, problem: 'Daily rate is required: enter an amount in naira' });
    expect(rateEdit(vehicle, 'dailyRentalRate', rateText(25_000))).toEqual({ send: false, problem: null });
    expect(rateEdit(vehicle, 'monthlyRentalRate', '')).toEqual({ send: false, problem: null });
    expect(rateEdit(vehicle, 'dailyRentalRate', '30,000')).toEqual({ send: true, value: 30_000 });
    expect(rateEdit(vehicle, 'weeklyRentalRate', '')).toEqual({ send: false, problem: 'Weekly rate is required: enter an amount in naira (type “none” to stop offering it)' });
    expect(rateEdit(vehicle, 'dailyRentalRate', ' ')).toEqual({ send: false, problem: 'Daily rate is required: enter an amount in naira' });
    expect(rateEdit(vehicle, 'weeklyRentalRate', 'None')).toEqual({ send: true, value: null });
    expect(rateEdit(vehicle, 'dailyRentalRate', 'none').send).toBe(false);
  });

  it('shows a stored rate with separators, and a rate not offered as an empty cell', () => {
    expect(rateText(1_250_000)).toBe('1,250,000');
    expect(rateText(null)).toBe('');
  });
});

const NOW = new Date('2026-11-24T10:00:00Z');

const complete: RentalVehicleFormValues = {
  ...EMPTY_RENTAL_VEHICLE,
  title: '  2024 BYD Atto 3 for rent ',
  description: 'Clean, charged and ready.',
  brand: 'BYD',
  model: 'Atto 3',
  year: '2024',
  price: '38,500,000',
  dailyRentalRate: '45000',
  weeklyRentalRate: '280,000',
  monthlyRentalRate: '',
  location: 'Lagos',
  mileage: '12,400',
  range: '420',
  batteryCapacity: '',
  chargingType: 'DC',
  bodyType: 'SUV',
  seats: '5',
  features: [' Fast charging ', 'Sunroof', 'fast charging', ''],
  imageUrls: ['/uploads/2026/11/a.webp'],
};

describe('the Create Rental Vehicle form', () => {
  it('asks for every required field, each with its own message', () => {
    expect(rentalVehicleProblems(EMPTY_RENTAL_VEHICLE, NOW)).toEqual({
      title: 'Title is required',
      brand: 'Brand is required',
      model: 'Model is required',
      year: 'Year is required',
      price: 'Sale price is required',
      dailyRentalRate: 'Daily rate is required',
      location: 'Location is required',
      range: 'Range is required',
      imageUrls: 'At least one image is required',
    });
  });

  it('takes a react-admin form whose cleared inputs are null', () => {
    const cleared = { ...complete, title: null, weeklyRentalRate: null, batteryCapacity: null, features: null };
    expect(rentalVehicleProblems(cleared, NOW)).toEqual({ title: 'Title is required' });
  });

  it('passes a complete vehicle', () => {
    expect(rentalVehicleProblems(complete, NOW)).toEqual({});
  });

  it('keeps the year between 2010 and next year, and price, daily rate and range above 0', () => {
    const problems = (change: RentalVehicleFormValues) => rentalVehicleProblems({ ...complete, ...change }, NOW);
    expect(problems({ year: '2009' }).year).toBe('Year must be at least 2010');
    expect(problems({ year: '2027' })).toEqual({});
    expect(problems({ year: '2028' }).year).toBe('Year must be at most 2,027');
    expect(problems({ year: '20x4' }).year).toBe('Year must be a whole number');
    expect(problems({ price: '0' }).price).toBe('Sale price must be at least ₦1');
    expect(problems({ price: 'abc' }).price).toBe('Sale price must be an amount in naira, such as 25000');
    expect(problems({ dailyRentalRate: '0' }).dailyRentalRate).toBe('Daily rate must be at least ₦1');
    expect(problems({ weeklyRentalRate: '12.5' }).weeklyRentalRate).toBe('Weekly rate must be whole naira, without kobo');
    expect(problems({ range: '0' }).range).toBe('Range must be at least 1');
    expect(problems({ batteryCapacity: 'big' }).batteryCapacity).toBe('Battery capacity must be a number of kWh, such as 75.5');
    expect(problems({ batteryCapacity: '0' }).batteryCapacity).toBe('Battery capacity must be more than 0 kWh');
    expect(problems({ seats: '0' }).seats).toBe('Seats must be at least 1');
    expect(problems({ imageUrls: Array.from({ length: 11 }, (_, i) => `/uploads/${i}.webp`) }).imageUrls).toBe('At most 10 images');
    expect(problems({ features: ['x'.repeat(61)] }).features).toMatch(/keep each feature under 60 characters/);
  });

  it('sends numbers as numbers, blanks as null (a blank battery is unknown, not 0), and always a live rental EV', () => {
    expect(toRentalVehicleInput(complete, NOW)).toEqual({
      title: '2024 BYD Atto 3 for rent',
      description: 'Clean, charged and ready.',
      brand: 'BYD',
      model: 'Atto 3',
      year: 2024,
      price: 38_500_000,
      dailyRentalRate: 45_000,
      weeklyRentalRate: 280_000,
      monthlyRentalRate: null,
      location: 'Lagos',
      mileage: 12_400,
      range: 420,
      batteryCapacity: null,
      chargingType: 'DC',
      bodyType: 'SUV',
      seats: 5,
      features: ['Fast charging', 'Sunroof'],
      imageUrls: ['/uploads/2026/11/a.webp'],
      isRentalAvailable: true,
      vehicleType: 'EV',
    });
  });

  it('sends a battery capacity with its decimals, and leaves an unset body type out', () => {
    const input = toRentalVehicleInput({ ...complete, batteryCapacity: '60.48', bodyType: '', mileage: '', seats: '' }, NOW);
    expect(input.batteryCapacity).toBe(60.48);
    expect(input).not.toHaveProperty('bodyType');
    expect(input.mileage).toBeNull();
    expect(input.seats).toBeNull();
  });

  it('never turns a missing required number into 0', () => {
    expect(() => toRentalVehicleInput({ ...complete, dailyRentalRate: '' }, NOW)).toThrow();
  });

  it('is offered to administrators only', () => {
    expect(staffMayDo(admin, 'create', 'rental-vehicles')).toBe(true);
    expect(staffMayDo(support, 'create', 'rental-vehicles')).toBe(false);
    expect(staffMayDo(plain, 'create', 'rental-vehicles')).toBe(false);
  });
});

const ALL_ACTIONS: RentalAction[] = ['confirm', 'cancel', 'start', 'complete'];

describe('the moves offered on a booking', () => {
  it('offers exactly the actions the server lists, the way forward first and Cancel last', () => {
    expect(offeredRentalActions(admin, ['cancel', 'confirm'])).toEqual(['confirm', 'cancel']);
    expect(offeredRentalActions(admin, ['cancel', 'start'])).toEqual(['start', 'cancel']);
    expect(offeredRentalActions(admin, ['complete'])).toEqual(['complete']);
    expect(offeredRentalActions(admin, [])).toEqual([]);
    expect(offeredRentalActions(admin, undefined)).toEqual([]);
  });

  it('offers support the same moves as administrators (support moderates bookings), and nobody else any', () => {
    for (const actions of [['confirm', 'cancel'], ['start', 'cancel'], ['complete'], []] as RentalAction[][]) {
      expect(offeredRentalActions(support, actions)).toEqual(offeredRentalActions(admin, actions));
    }
    expect(offeredRentalActions(plain, ALL_ACTIONS)).toEqual([]);
    expect(offeredRentalActions(undefined, ALL_ACTIONS)).toEqual([]);
    expect(staffMayDo(support, 'rental-settings', 'rental-vehicles')).toBe(true);
  });

  it('asks for the status each button stands for, with the reason only on a cancellation', () => {
    expect(statusRequestFor('confirm')).toEqual({ status: 'confirmed' });
    expect(statusRequestFor('start')).toEqual({ status: 'active' });
    expect(statusRequestFor('complete')).toEqual({ status: 'completed' });
    expect(statusRequestFor('cancel', '  Vehicle failed inspection ')).toEqual({ status: 'cancelled', reason: 'Vehicle failed inspection' });
    expect(statusRequestFor('confirm', 'ignored')).toEqual({ status: 'confirmed' });
  });

  it('asks a cancellation for a reason the renter will read', () => {
    expect(cancelReasonProblem('  ')).toBe('Say why the booking is cancelled; the renter will see it.');
    expect(cancelReasonProblem('x'.repeat(2001))).toBe('Keep the reason under 2000 characters (it has 2001).');
    expect(cancelReasonProblem('Renter asked by phone')).toBeNull();
  });
});

describe('the booking status badge', () => {
  it('uses the spec colours (active blue, pending yellow, completed green, cancelled red) and its own colour for confirmed', () => {
    expect(RENTAL_STATUS_HUES).toEqual({ active: 'blue', pending: 'yellow', completed: 'green', cancelled: 'red', confirmed: 'purple' });
    const statuses: RentalStatus[] = ['pending', 'confirmed', 'active', 'completed', 'cancelled'];
    const backgrounds = statuses.map((s) => rentalStatusColours(s).bg);
    expect(new Set(backgrounds).size).toBe(statuses.length);
    expect(rentalStatusColours('active')).toBe(BADGE_COLOURS.blue);
  });
});

describe('booking days', () => {
  it('shows Lagos calendar days as they are, whatever the reader’s time zone', () => {
    expect(formatRentalDay('2026-11-24')).toBe('24 Nov 2026');
    expect(formatRentalDays('2026-11-24', '2026-11-27')).toBe('24 Nov → 27 Nov 2026');
    expect(formatRentalDays('2026-12-30', '2027-01-02')).toBe('30 Dec 2026 → 2 Jan 2027');
    expect([dayCount(1), dayCount(3)]).toEqual(['1 day', '3 days']);
  });
});

vi.mock('../../src/auth/firebase', () => ({ currentIdToken: async () => 'staff-token' }));

describe('the requests the Rentals screens send', () => {
  const calls: { url: string; method: string; body: unknown; auth: string | null }[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };

  beforeEach(() => {
    calls.length = 0;
    answer = { status: 200, body: {} };
    vi.stubGlobal('fetch', async (input: string | Request, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      calls.push({ url: String(input), method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined, auth: headers.get('Authorization') });
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const provider = async () => (await import('../../src/data/data-provider')).dataProvider;
  // Its first import (react-admin's data layer) can take seconds on a busy CI machine: paid once
  // here, not inside the first test's 5 s, whose calls would then spill into the next test.
  beforeAll(async () => {
    await provider();
  }, 60_000);

  it('sends PATCH /api/admin/rentals/:id/status with the status each button stands for', async () => {
    const dataProvider = await provider();
    const buttons: [RentalAction, string | undefined][] = [['confirm', undefined], ['start', undefined], ['complete', undefined], ['cancel', 'Renter cancelled by phone']];
    for (const [action, reason] of buttons) await dataProvider.changeRentalStatus(12, statusRequestFor(action, reason));
    expect(calls.map((c) => [c.method, c.url])).toEqual(Array(4).fill(['PATCH', '/api/admin/rentals/12/status']));
    expect(calls.map((c) => c.body)).toEqual([
      { status: 'confirmed' },
      { status: 'active' },
      { status: 'completed' },
      { status: 'cancelled', reason: 'Renter cancelled by phone' },
    ]);
    expect(calls.every((c) => c.auth === 'Bearer staff-token')).toBe(true);
  });

  it('sends rates and availability to PATCH /api/admin/vehicles/:id/rental-settings, and reads the counters', async () => {
    const dataProvider = await provider();
    await dataProvider.updateRentalSettings(7, { dailyRentalRate: 30_000 });
    await dataProvider.updateRentalSettings(7, { weeklyRentalRate: null });
    await dataProvider.updateRentalSettings(7, { isRentalAvailable: false });
    await dataProvider.getRentalSummary();
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PATCH', '/api/admin/vehicles/7/rental-settings', { dailyRentalRate: 30_000 }],
      ['PATCH', '/api/admin/vehicles/7/rental-settings', { weeklyRentalRate: null }],
      ['PATCH', '/api/admin/vehicles/7/rental-settings', { isRentalAvailable: false }],
      ['GET', '/api/admin/rental-summary', undefined],
    ]);
  });

  it('puts the server’s reason for a refused move in the toast, after the spec’s title', async () => {
    const dataProvider = await provider();
    answer = { status: 409, body: { error: { code: 'BOOKING_ILLEGAL_TRANSITION', message: 'A cancelled booking cannot be confirmed.', details: [] } } };
    const refused = await dataProvider.changeRentalStatus(12, { status: 'confirmed' }).catch((e: unknown) => e);
    expect(failureToast(STATUS_FAILURE, refused)).toBe('Error: Failed to update rental status: A cancelled booking cannot be confirmed.');
    answer = { status: 422, body: { error: { code: 'BOOKING_NOT_STARTED', message: 'This booking starts on 2026-11-27.', details: [] } } };
    const early = await dataProvider.changeRentalStatus(12, { status: 'active' }).catch((e: unknown) => e);
    expect(failureToast(STATUS_FAILURE, early)).toBe('Error: Failed to update rental status: This booking starts on 2026-11-27.');
    expect(failureToast(STATUS_FAILURE, new Error(''))).toBe('Error: Failed to update rental status');
  });

  it('creates a rental vehicle with POST /api/admin/rental-vehicles and puts the server’s field problems under their inputs', async () => {
    const dataProvider = await provider();
    answer = { status: 201, body: { id: 41, title: '2024 BYD Atto 3 for rent' } };
    const created = await dataProvider.create('rental-vehicles', { data: toRentalVehicleInput(complete, NOW) });
    expect(created.data.id).toBe(41);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url).toBe('/api/admin/rental-vehicles');
    expect(calls[0]?.body).toMatchObject({ dailyRentalRate: 45_000, batteryCapacity: null, vehicleType: 'EV', isRentalAvailable: true });

    answer = {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields need attention.',
          details: [
            { field: 'body.dailyRentalRate', message: 'Daily rate must be at least ₦1' },
            { field: 'imageUrls.0', message: 'Not an uploaded image' },
          ],
        },
      },
    };
    const refused = (await dataProvider.create('rental-vehicles', { data: {} }).catch((e: unknown) => e)) as { body: { errors: Record<string, string> } };
    expect(refused.body.errors).toEqual({ dailyRentalRate: 'Daily rate must be at least ₦1', imageUrls: 'Not an uploaded image' });
    expect(serverTextOr('Creation Failed', 'Could not create the rental vehicle.', refused)).toBe('Creation Failed: Some fields need attention.');
    expect(serverTextOr('Creation Failed', 'Could not create the rental vehicle.', new Error(''))).toBe('Creation Failed: Could not create the rental vehicle.');
  });
});
