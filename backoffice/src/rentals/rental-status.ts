import { staffMayDo, type StaffPermissions } from '../auth/permissions';
import type { AdminRentalStatusInput, RentalAction, RentalStatus } from '../data/api-types';

export const RENTAL_STATUS_LABELS: Record<RentalStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const rentalStatusChoices = (Object.keys(RENTAL_STATUS_LABELS) as RentalStatus[]).map((id) => ({ id, name: RENTAL_STATUS_LABELS[id] }));

export type BadgeHue = 'yellow' | 'purple' | 'blue' | 'green' | 'red';

/** The spec's colours (active blue, pending yellow, completed green, cancelled red); confirmed gets its own purple. */
export const RENTAL_STATUS_HUES: Record<RentalStatus, BadgeHue> = {
  pending: 'yellow',
  confirmed: 'purple',
  active: 'blue',
  completed: 'green',
  cancelled: 'red',
};

// Soft backgrounds with dark text, like the other badges, keep every one above WCAG AA contrast.
export const BADGE_COLOURS: Record<BadgeHue, { bg: string; fg: string }> = {
  yellow: { bg: '#fff1c2', fg: '#5c3d00' },
  purple: { bg: '#e6e3f7', fg: '#2e2168' },
  blue: { bg: '#dbe8ff', fg: '#12315e' },
  green: { bg: '#dff3e8', fg: '#0b3d2c' },
  red: { bg: '#fde3e0', fg: '#7a1a12' },
};

export const rentalStatusColours = (status: RentalStatus) => BADGE_COLOURS[RENTAL_STATUS_HUES[status] ?? 'yellow'];

/** The order the buttons appear in: the way forward first, cancelling last. */
const ACTION_ORDER: RentalAction[] = ['confirm', 'start', 'complete', 'cancel'];

/**
 * The moves to offer on a booking: exactly those the server lists in `actions` (it knows the booking's
 * state and the clock), to staff who may move bookings at all. The server checks both again.
 */
export function offeredRentalActions(permissions: StaffPermissions | undefined, actions: readonly RentalAction[] | undefined): RentalAction[] {
  if (!staffMayDo(permissions, 'change-status', 'rentals') || !actions) return [];
  return ACTION_ORDER.filter((action) => actions.includes(action));
}

const TARGET: Record<RentalAction, AdminRentalStatusInput['status']> = {
  confirm: 'confirmed',
  cancel: 'cancelled',
  start: 'active',
  complete: 'completed',
};

/** The body of PATCH /api/admin/rentals/:id/status for a button; only a cancellation carries a reason. */
export function statusRequestFor(action: RentalAction, reason?: string): AdminRentalStatusInput {
  const status = TARGET[action];
  const why = reason?.trim();
  return action === 'cancel' && why ? { status, reason: why } : { status };
}

export const MAX_CANCEL_REASON = 2000;

/** Why a cancellation reason cannot be sent yet, or null. The renter reads it, so it is asked for. */
export function cancelReasonProblem(reason: string): string | null {
  const why = reason.trim();
  if (!why) return 'Say why the booking is cancelled; the renter will see it.';
  if (why.length > MAX_CANCEL_REASON) return `Keep the reason under ${MAX_CANCEL_REASON} characters (it has ${why.length}).`;
  return null;
}

export interface ActionWording {
  label: string;
  done: string;
  colour: 'success' | 'error' | 'primary';
}

export const RENTAL_ACTION_WORDING: Record<RentalAction, ActionWording> = {
  confirm: { label: 'Confirm', done: 'confirmed', colour: 'success' },
  start: { label: 'Start', done: 'started', colour: 'primary' },
  complete: { label: 'Complete', done: 'completed', colour: 'success' },
  cancel: { label: 'Cancel', done: 'cancelled', colour: 'error' },
};

export const STATUS_FAILURE = 'Failed to update rental status';
