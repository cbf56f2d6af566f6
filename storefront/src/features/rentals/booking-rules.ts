import type { Rental, RentalAction, RentalStatus, RentalStatusInput } from '../../lib/api-types';
import { asSentence } from '../../lib/sentence';
import type { RentalSide } from './api/get-my-rentals';

export const STATUS_LABELS: Record<RentalStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The reason the server gives a request that lapsed unanswered. */
const EXPIRED = 'expired';

/** Why a booking was cancelled and by whom, in the reader's terms. */
export function cancelledText(rental: Pick<Rental, 'cancelReason' | 'cancelledBy'>, side: RentalSide): string {
  const reason = rental.cancelReason?.trim();
  if (reason === EXPIRED) return side === 'renter' ? 'Expired: the owner did not answer in time.' : 'Expired: the request was not answered in time.';
  const by = { renter: side === 'renter' ? 'you' : 'the renter', owner: side === 'owner' ? 'you' : 'the owner', staff: 'Voltmarket', system: null };
  const who = rental.cancelledBy ? by[rental.cancelledBy] : null;
  const lead = who ? `Cancelled by ${who}` : 'Cancelled';
  return reason ? `${lead}: ${asSentence(reason)}` : `${lead}.`;
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
