import { DomainError, FieldIssues } from '../shared/domain-error.js';
import { cleanLine, cleanText } from '../shared/text.js';
import { type Actor, isStaff } from '../identity/actor.js';
import { addDays, type CalendarDay, daysBetween, isCalendarDay, lagosDay, startOfLagosDay } from './rental-dates.js';
import { priceStay, type RentalRates, type StayPrice } from './rental-pricing.js';

export const RENTAL_STATUSES = ['pending', 'confirmed', 'active', 'completed', 'cancelled'] as const;
export type RentalStatus = (typeof RENTAL_STATUSES)[number];

export const RENTAL_ACTIONS = ['confirm', 'cancel', 'start', 'complete'] as const;
export type RentalAction = (typeof RENTAL_ACTIONS)[number];

/** Who is asking, as far as one booking is concerned. */
export type RentalRole = 'renter' | 'owner' | 'staff' | 'other';
export type CancelledBy = 'renter' | 'owner' | 'staff' | 'system';

/** Where each action leads, and from which states it may be taken. */
const MOVES: Record<RentalAction, { from: readonly RentalStatus[]; to: RentalStatus }> = {
  confirm: { from: ['pending'], to: 'confirmed' },
  cancel: { from: ['pending', 'confirmed'], to: 'cancelled' },
  start: { from: ['confirmed'], to: 'active' },
  complete: { from: ['active'], to: 'completed' },
};

/** Who may take each action: the renter may only withdraw; the owner and staff run the booking. */
const ALLOWED: Record<RentalRole, readonly RentalAction[]> = {
  renter: ['cancel'],
  owner: ['confirm', 'cancel', 'start', 'complete'],
  staff: ['confirm', 'cancel', 'start', 'complete'],
  other: [],
};

/** The action that moves a booking to `status` (the spec's clients send the target status). */
export const ACTION_TO: Record<Exclude<RentalStatus, 'pending'>, RentalAction> = {
  confirmed: 'confirm', cancelled: 'cancel', active: 'start', completed: 'complete',
};

export const RENTAL_LIMITS = {
  /** A request lapses when nobody answers it within this many hours (or by the end of its start day). */
  answerHours: 48,
  /** How far ahead a stay may be booked. */
  daysAhead: 365,
  locationMax: 120,
  notesMax: 1000,
  reasonMax: 500,
} as const;

export const EXPIRED_REASON = 'expired';
export const DATES_TAKEN_REASON = 'These dates are no longer available';
/** What a renter's withdrawal records when they give no reason. */
export const WITHDRAWN_REASON = 'Cancelled by the renter';

export const datesTaken = () => new DomainError('conflict', 'DATES_UNAVAILABLE', DATES_TAKEN_REASON);
export const rentalNotFound = (id: number) => new DomainError('not_found', 'RENTAL_NOT_FOUND', `No booking ${id}.`);

export interface StayInput {
  startDate: string;
  endDate: string;
}

/** Checks a stay's days against today in Lagos: today or later, end after start, at most a year ahead. */
export function checkStay(input: StayInput, now: Date): { startDate: CalendarDay; endDate: CalendarDay; days: number } {
  const issues = new FieldIssues();
  const today = lagosDay(now);
  const last = addDays(today, RENTAL_LIMITS.daysAhead);
  const start = isCalendarDay(input.startDate) ? input.startDate : null;
  const end = isCalendarDay(input.endDate) ? input.endDate : null;
  if (!start) issues.add('startDate', 'Choose a start date');
  else if (start < today) issues.add('startDate', 'Start date cannot be in the past');
  else if (start > last) issues.add('startDate', 'Start date must be within a year from today');
  if (!end) issues.add('endDate', 'Choose an end date');
  else if (start && end <= start) issues.add('endDate', 'End date must be after the start date');
  else if (end > last) issues.add('endDate', 'End date must be within a year from today');
  issues.throwIfAny();
  return { startDate: start!, endDate: end!, days: daysBetween(start!, end!) };
}

/** Whether two stays share a day (the drop-off day is free for the next renter). */
export const staysOverlap = (a: StayInput, b: StayInput): boolean => a.startDate < b.endDate && b.startDate < a.endDate;

export interface RentalRequestInput extends StayInput {
  vehicleId: number;
  renterId: string;
  ownerId: string;
  rates: RentalRates;
  pickupLocation: string;
  dropoffLocation: string;
  notes: string;
}

/** A request to rent a vehicle for some days, and its life: pending, confirmed, active, completed (or cancelled). */
export class RentalBooking {
  id!: number;
  vehicleId!: number;
  renterId!: string;
  ownerId!: string;
  startDate!: CalendarDay;
  endDate!: CalendarDay;
  days!: number;
  totalPrice!: number;
  dailyRate!: number;
  weeklyRate!: number | null;
  monthlyRate!: number | null;
  status!: RentalStatus;
  pickupLocation!: string;
  dropoffLocation!: string;
  notes!: string;
  cancelReason!: string | null;
  cancelledBy!: CancelledBy | null;
  /** When a pending request lapses unanswered. */
  expiresAt!: Date;
  createdAt!: Date;
  updatedAt!: Date;

  /** A renter asks; the price is ours (the server's quote at this moment), whatever a client sends. */
  static request(input: RentalRequestInput, now: Date): RentalBooking {
    const stay = checkStay(input, now);
    const pickupLocation = cleanLine(input.pickupLocation);
    const dropoffLocation = cleanLine(input.dropoffLocation);
    const notes = cleanText(input.notes);
    const issues = new FieldIssues();
    const L = RENTAL_LIMITS;
    issues.check(pickupLocation.length >= 1, 'pickupLocation', 'Pickup location is required');
    issues.check(pickupLocation.length <= L.locationMax, 'pickupLocation', `Pickup location must be at most ${L.locationMax} characters`);
    issues.check(dropoffLocation.length >= 1, 'dropoffLocation', 'Drop-off location is required');
    issues.check(dropoffLocation.length <= L.locationMax, 'dropoffLocation', `Drop-off location must be at most ${L.locationMax} characters`);
    issues.check(notes.length <= L.notesMax, 'notes', `Notes must be at most ${L.notesMax} characters`);
    issues.throwIfAny();
    if (input.renterId === input.ownerId) throw new DomainError('rule', 'OWN_VEHICLE', 'You cannot rent your own vehicle.');
    const price: StayPrice = priceStay(input.rates, stay.days);
    const booking = new RentalBooking();
    Object.assign(booking, {
      vehicleId: input.vehicleId, renterId: input.renterId, ownerId: input.ownerId,
      startDate: stay.startDate, endDate: stay.endDate, days: price.days, totalPrice: price.total,
      dailyRate: input.rates.daily, weeklyRate: input.rates.weekly, monthlyRate: input.rates.monthly,
      status: 'pending', pickupLocation, dropoffLocation, notes, cancelReason: null, cancelledBy: null,
      expiresAt: requestExpiry(now, stay.startDate), createdAt: now, updatedAt: now,
    });
    return booking;
  }

  roleOf(actor: Actor | null | undefined): RentalRole {
    if (!actor) return 'other';
    if (actor.userId === this.renterId) return 'renter';
    if (actor.userId === this.ownerId) return 'owner';
    return isStaff(actor) ? 'staff' : 'other';
  }

  /** A pending request past its answer time reads as cancelled, before any job has marked it. */
  isLapsed(now: Date): boolean {
    return this.status === 'pending' && this.expiresAt <= now;
  }

  statusAt(now: Date): RentalStatus {
    return this.isLapsed(now) ? 'cancelled' : this.status;
  }

  /** What `role` may do with this booking now. */
  actionsFor(role: RentalRole, now: Date): RentalAction[] {
    const status = this.statusAt(now);
    return ALLOWED[role].filter((action) => MOVES[action].from.includes(status));
  }

  /**
   * Takes an action as `role`. Refused with 403 when the role may never take it, 409 when the booking's
   * state does not allow it, 422 when a booking would start before its first day.
   */
  act(action: RentalAction, role: RentalRole, now: Date, reason?: string): void {
    if (!ALLOWED[role].includes(action)) {
      throw new DomainError('forbidden', 'RENTAL_NOT_ALLOWED', role === 'renter'
        ? 'Only the vehicle\'s owner can do that; you can cancel your request.'
        : 'Only the renter, the vehicle\'s owner or staff can change this booking.');
    }
    if (this.isLapsed(now)) throw new DomainError('conflict', 'RENTAL_EXPIRED', 'This request has expired: nobody answered it in time.');
    const move = MOVES[action];
    if (!move.from.includes(this.status)) throw illegalRentalMove(this.status, action);
    if (action === 'start' && lagosDay(now) < this.startDate) {
      throw new DomainError('rule', 'RENTAL_NOT_STARTED', `This rental starts on ${this.startDate}; it can be started from that day.`);
    }
    if (action === 'cancel') {
      const why = reason === undefined ? '' : cleanLine(reason);
      const issues = new FieldIssues();
      // The renter may just withdraw; whoever else calls a booking off owes the renter a reason.
      issues.check(role === 'renter' || why.length > 0, 'reason', role === 'owner'
        ? 'Tell the renter why you are declining'
        : 'Say why the booking is cancelled; the renter will see it');
      issues.check(why.length <= RENTAL_LIMITS.reasonMax, 'reason', `Reason must be at most ${RENTAL_LIMITS.reasonMax} characters`);
      issues.throwIfAny();
      // Every cancelled booking carries a reason (the database insists): a renter who gives none has withdrawn.
      this.cancelReason = why || WITHDRAWN_REASON;
      this.cancelledBy = role === 'other' ? 'system' : role;
    }
    this.status = move.to;
    this.updatedAt = now;
  }

  /**
   * The renter calls off their request or booking, with a reason if they like. This way out is the
   * renter's alone: the owner and staff decline (`act('cancel', ...)`), with a reason the renter reads,
   * so a decline never reaches the renter unexplained.
   */
  withdraw(role: RentalRole, now: Date, reason?: string): void {
    if (role === 'owner') {
      throw new DomainError('forbidden', 'RENTAL_DECLINE_WITH_REASON',
        'This is how a renter withdraws. As the vehicle\'s owner, decline instead: status "cancelled" with a reason the renter will read.');
    }
    if (role !== 'renter') {
      throw new DomainError('forbidden', 'RENTAL_NOT_ALLOWED', role === 'staff'
        ? 'This is how a renter withdraws. Staff cancel instead: status "cancelled" with a reason the renter will read.'
        : 'Only the renter, the vehicle\'s owner or staff can change this booking.');
    }
    this.act('cancel', role, now, reason);
  }

  /** The system cancels: the request lapsed, or its days went to another booking. */
  cancelBySystem(reason: string, now: Date): void {
    if (this.status !== 'pending') throw illegalRentalMove(this.status, 'cancel');
    this.status = 'cancelled';
    this.cancelReason = reason;
    this.cancelledBy = 'system';
    this.updatedAt = now;
  }

  /** Holds its days against other bookings of the vehicle. */
  holdsDays(): boolean {
    return this.status === 'confirmed' || this.status === 'active';
  }
}

/** 48 hours after the request, or the end of its start day if that comes first. */
export function requestExpiry(now: Date, startDate: CalendarDay): Date {
  const answerBy = new Date(now.getTime() + RENTAL_LIMITS.answerHours * 3_600_000);
  const startDayEnds = startOfLagosDay(addDays(startDate, 1));
  return answerBy < startDayEnds ? answerBy : startDayEnds;
}

const ACTION_VERBS: Record<RentalAction, string> = { confirm: 'confirmed', cancel: 'cancelled', start: 'started', complete: 'completed' };

export function illegalRentalMove(status: RentalStatus, action: RentalAction): DomainError {
  return new DomainError('conflict', 'ILLEGAL_RENTAL_TRANSITION', `A ${status} booking cannot be ${ACTION_VERBS[action]}.`);
}
