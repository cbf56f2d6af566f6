import type { Rental, RentalAction, RentalStatus, RentalStatusInput } from '../../lib/api-types';
import { asSentence } from '../../lib/sentence';
import type { RentalSide } from './api/get-my-rentals';
import { addDays } from './rental-dates';

export const STATUS_LABELS: Record<RentalStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

// Reasons the server writes itself (docs/rentals.md): "expired" for a request that lapsed unanswered,
// and the dates-taken one for a request whose days went to another booking. The stand-ins it writes
// (or wrote) when nobody gave a reason say only who called the booking off, as our sentence does already.
const EXPIRED = 'expired';
const DATES_TAKEN = 'These dates are no longer available';
const STAND_INS = new Set(['Cancelled by the renter', 'Declined by the owner', 'Cancelled by Voltmarket support']);
const ANSWER_HOURS = 48;

type CancelledRental = Pick<Rental, 'cancelReason' | 'cancelledBy' | 'createdAt' | 'startDate'>;

/** A request lapses 48 hours after it is made, or at the end of its start day in Lagos if that comes first. */
function lapsedOnStartDay(rental: CancelledRental): boolean {
  const answerBy = Date.parse(rental.createdAt) + ANSWER_HOURS * 3_600_000;
  return Date.parse(`${addDays(rental.startDate, 1)}T00:00:00+01:00`) < answerBy;
}

/** Who called it off, in the reader's terms: the owner declines, the renter cancels, Voltmarket's staff cancel. */
function cancelledLead(by: Rental['cancelledBy'], side: RentalSide): string {
  if (by === 'owner') return side === 'owner' ? 'You declined this request' : 'Declined by the owner';
  if (by === 'renter') return side === 'renter' ? 'You cancelled this request' : 'Cancelled by the renter';
  if (by === 'staff') return 'Cancelled by Voltmarket';
  return 'Cancelled';
}

/** Why a booking was cancelled and by whom, as its renter or its owner reads it. */
export function cancelledText(rental: CancelledRental, side: RentalSide): string {
  const reason = rental.cancelReason?.trim() ?? '';
  if (reason === EXPIRED) {
    const when = lapsedOnStartDay(rental) ? 'by its start day' : `within ${ANSWER_HOURS} hours`;
    return side === 'renter' ? `Expired: the owner did not answer ${when}.` : `Expired: you did not answer ${when}.`;
  }
  if (reason === DATES_TAKEN) return 'Cancelled: another booking took these dates.';
  const lead = cancelledLead(rental.cancelledBy, side);
  return reason && !STAND_INS.has(reason) ? `${lead}: ${asSentence(reason)}` : `${lead}.`;
}

/** A move the owner makes in one press, and how the button and its toast read. */
export interface DirectMove {
  action: Exclude<RentalAction, 'cancel'>;
  label: string;
  done: string;
  input: RentalStatusInput;
}

export const DIRECT_MOVES: readonly DirectMove[] = [
  { action: 'confirm', label: 'Accept', done: 'Request accepted', input: { status: 'confirmed' } },
  { action: 'start', label: 'Start rental', done: 'Rental started', input: { status: 'active' } },
  { action: 'complete', label: 'Complete', done: 'Rental completed', input: { status: 'completed' } },
];

/** How cancelling reads for each side: the owner declines a request (with a reason for the renter); the renter withdraws it. */
export function cancelWording(rental: Pick<Rental, 'status'>, side: RentalSide) {
  const request = rental.status === 'pending';
  if (side === 'owner') {
    return request
      ? { button: 'Decline', title: 'Decline this request?', confirm: 'Decline', done: 'Request declined', reasonRequired: true }
      : { button: 'Cancel booking', title: 'Cancel this booking?', confirm: 'Cancel booking', done: 'Booking cancelled', reasonRequired: true };
  }
  return request
    ? { button: 'Cancel request', title: 'Cancel your request?', confirm: 'Cancel request', done: 'Request cancelled', reasonRequired: false }
    : { button: 'Cancel booking', title: 'Cancel your booking?', confirm: 'Cancel booking', done: 'Booking cancelled', reasonRequired: false };
}
