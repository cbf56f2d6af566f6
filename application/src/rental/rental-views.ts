import {
  type Actor, type CalendarDay, priceStay, RentalBooking, type RentalRates, type StayPrice,
} from '@voltmarket/domain';
import type { AdminRentalView, BookedRange, RentalRecord, RentalVehicleRecord, RentalView } from './rental-reads.js';

export interface RentalQuoteView extends StayPrice {
  vehicleId: number;
  startDate: CalendarDay;
  endDate: CalendarDay;
  available: boolean;
}

/**
 * The rates under the names listings give them (dailyRentalRate...). Rentals answered dailyRate,
 * weeklyRate and monthlyRate before the contract's 0.2.0; those stay, deprecated, with the same values.
 */
export interface RentalRateNames {
  dailyRentalRate: number;
  weeklyRentalRate: number | null;
  monthlyRentalRate: number | null;
}

const rateNames = (r: Pick<RentalRecord, 'dailyRate' | 'weeklyRate' | 'monthlyRate'>): RentalRateNames => ({
  dailyRentalRate: r.dailyRate, weeklyRentalRate: r.weeklyRate, monthlyRentalRate: r.monthlyRate,
});

export type RentalVehicleView = Omit<RentalVehicleRecord, 'description' | 'mileage' | 'batteryHealth' | 'bookedRanges'> & RentalRateNames & {
  availability: 'available' | 'rented' | 'unavailable';
  freeFrom: CalendarDay | null;
  quote: RentalQuoteView | null;
};

export type RentalVehicleDetailView = RentalVehicleView & Pick<RentalVehicleRecord, 'description' | 'mileage' | 'batteryHealth' | 'bookedRanges'>;

export const ratesOf = (v: Pick<RentalVehicleRecord, 'dailyRate' | 'weeklyRate' | 'monthlyRate'>): RentalRates => ({ daily: v.dailyRate, weekly: v.weeklyRate, monthly: v.monthlyRate });

const holdsAny = (ranges: readonly BookedRange[], stay: BookedRange) => ranges.some((r) => r.startDate < stay.endDate && stay.startDate < r.endDate);

/** The first day from `today` that no held range covers (ranges sorted by start). */
function firstFreeDay(ranges: readonly BookedRange[], today: CalendarDay): CalendarDay {
  let day = today;
  for (const r of ranges) if (r.startDate <= day && day < r.endDate) day = r.endDate;
  return day;
}

export function quoteFor(vehicle: RentalVehicleRecord, stay: BookedRange & { days: number }): RentalQuoteView {
  return {
    vehicleId: vehicle.id, startDate: stay.startDate, endDate: stay.endDate, ...priceStay(ratesOf(vehicle), stay.days),
    available: vehicle.isRentalAvailable && !holdsAny(vehicle.bookedRanges, stay),
  };
}

export function toRentalVehicleView(v: RentalVehicleRecord, today: CalendarDay, stay: (BookedRange & { days: number }) | null): RentalVehicleView {
  const { description: _d, mileage: _m, batteryHealth: _b, bookedRanges, ...card } = v;
  const freeFrom = firstFreeDay(bookedRanges, today);
  const availability = !v.isRentalAvailable ? 'unavailable' : freeFrom > today ? 'rented' : 'available';
  return { ...card, ...rateNames(v), availability, freeFrom: availability === 'rented' ? freeFrom : null, quote: stay ? quoteFor(v, stay) : null };
}

export function toRentalVehicleDetail(v: RentalVehicleRecord, today: CalendarDay): RentalVehicleDetailView {
  return { ...toRentalVehicleView(v, today, null), description: v.description, mileage: v.mileage, batteryHealth: v.batteryHealth, bookedRanges: v.bookedRanges };
}

/** The booking the record describes, so the domain decides its status now and who may do what. */
export function bookingOf(r: RentalRecord): RentalBooking {
  return Object.assign(new RentalBooking(), {
    id: r.id, vehicleId: r.vehicleId, renterId: r.renterId, ownerId: r.ownerId, startDate: r.startDate, endDate: r.endDate, days: r.days,
    totalPrice: r.totalPrice, dailyRate: r.dailyRate, weeklyRate: r.weeklyRate, monthlyRate: r.monthlyRate, status: r.status,
    pickupLocation: r.pickupLocation, dropoffLocation: r.dropoffLocation, notes: r.notes, cancelReason: r.cancelReason,
    cancelledBy: r.cancelledBy, expiresAt: r.expiresAt, createdAt: r.createdAt, updatedAt: r.updatedAt,
  });
}

/** A booking as its renter, its owner or staff read it: a lapsed request reads as cancelled ("expired"). */
export function toRentalView(r: RentalRecord, actor: Actor, now: Date): RentalView {
  const booking = bookingOf(r);
  const lapsed = booking.isLapsed(now);
  const role = booking.roleOf(actor);
  const status = booking.statusAt(now);
  return {
    ...r,
    ...rateNames(r),
    status,
    cancelReason: lapsed ? 'expired' : r.cancelReason,
    cancelledBy: lapsed ? 'system' : r.cancelledBy,
    renter: role === 'renter' ? { id: r.renter.id, name: r.renter.name, phone: r.renter.phone } : r.renter,
    owner: { id: r.owner.id, name: r.owner.name, phone: r.owner.phone },
    expiresAt: status === 'pending' ? r.expiresAt.toISOString() : null,
    actions: booking.actionsFor(role, now),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toAdminRentalView(r: RentalRecord, now: Date): AdminRentalView {
  const booking = bookingOf(r);
  const lapsed = booking.isLapsed(now);
  const status = booking.statusAt(now);
  return {
    id: r.id, status, startDate: r.startDate, endDate: r.endDate, days: r.days, totalPrice: r.totalPrice, dailyRate: r.dailyRate,
    dailyRentalRate: r.dailyRate, vehicleId: r.vehicleId, vehicle: { id: r.vehicle.id, title: r.vehicle.title },
    renterId: r.renterId, renter: { id: r.renter.id, name: r.renter.name, email: r.renter.email },
    ownerId: r.ownerId, owner: { id: r.owner.id, name: r.owner.name, email: r.owner.email },
    pickupLocation: r.pickupLocation, dropoffLocation: r.dropoffLocation, notes: r.notes,
    cancelReason: lapsed ? 'expired' : r.cancelReason, cancelledBy: lapsed ? 'system' : r.cancelledBy,
    expiresAt: status === 'pending' ? r.expiresAt.toISOString() : null,
    actions: booking.actionsFor('staff', now),
    createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
  };
}
