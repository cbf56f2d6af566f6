import type { CalendarDay } from './rental-dates.js';
import type { RentalBooking } from './rental-booking.js';
import type { RentalSpecs } from './rental-vehicle.js';

/** Where bookings live. Lists for screens go through the rental read model instead. */
export interface RentalBookingRepository {
  /** Stores a new booking; throws the `datesTaken` conflict when it would hold days another booking holds. */
  add(booking: RentalBooking): Promise<RentalBooking>;
  findById(id: number): Promise<RentalBooking | null>;
  /** Reads afresh and locks the row until the unit of work ends. */
  findForUpdate(id: number): Promise<RentalBooking | null>;
  /** Throws the `datesTaken` conflict when the booking would now hold days another booking holds. */
  save(booking: RentalBooking): Promise<void>;
  /**
   * Serialises changes to one vehicle's bookings until the unit of work ends, so a confirmation and
   * the requests it cancels are decided one at a time (the database's exclusion constraint stays the backstop).
   */
  lockVehicle(vehicleId: number): Promise<void>;
  /** Whether a confirmed or active booking holds any day of the stay. */
  isHeld(vehicleId: number, startDate: CalendarDay, endDate: CalendarDay): Promise<boolean>;
  /** Pending requests for the vehicle sharing a day with the stay, locked. */
  pendingOverlapping(vehicleId: number, startDate: CalendarDay, endDate: CalendarDay, exceptId: number): Promise<RentalBooking[]>;
  /** The renter's own pending request for these days of this vehicle, if any. */
  findPendingDuplicate(vehicleId: number, renterId: string, startDate: CalendarDay, endDate: CalendarDay): Promise<RentalBooking | null>;
  /** Pending requests whose answer time has passed, locked and skipping rows others hold. */
  claimLapsed(now: Date, limit: number): Promise<RentalBooking[]>;
}

export interface RentalSpecsRepository {
  find(vehicleId: number): Promise<RentalSpecs | null>;
  save(vehicleId: number, specs: RentalSpecs): Promise<void>;
}
