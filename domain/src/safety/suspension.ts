import { type Actor, isAdmin, isStaff } from '../identity/actor.js';
import { DomainError, FieldIssues } from '../shared/domain-error.js';
import { cleanLine } from '../shared/text.js';

/** Support may suspend an account for up to a week; longer, or until lifted, is an admin's decision. */
export const SUPPORT_SUSPENSION_MAX_DAYS = 7;
export const SUSPENSION_MAX_DAYS = 365;
export const SUSPENSION_REASON_MAX = 500;

const DAY_MS = 86_400_000;

/** An account's suspension as the account and the rules see it: why, and until when (null: until lifted). */
export interface SuspensionState {
  readonly reason: string;
  readonly until: Date | null;
}

/** What staff ask for: a reason, and a length in days (none: until an admin lifts it). */
export interface SuspensionRequest {
  reason: string;
  days: number | null;
}

/** Checks a suspension request against the staff member's role, and gives its end. */
export function decideSuspension(staff: Actor, request: SuspensionRequest, now: Date): SuspensionState {
  const issues = new FieldIssues();
  const reason = cleanLine(request.reason ?? '');
  issues.check(reason.length > 0, 'reason', 'Say why the account is suspended: the person is shown this.');
  issues.check(reason.length <= SUSPENSION_REASON_MAX, 'reason', `Reason must be at most ${SUSPENSION_REASON_MAX} characters`);
  const { days } = request;
  if (days !== null) issues.check(Number.isInteger(days) && days >= 1 && days <= SUSPENSION_MAX_DAYS, 'days', `Days must be a whole number from 1 to ${SUSPENSION_MAX_DAYS}`);
  issues.throwIfAny();
  if (!isAdmin(staff) && (days === null || days > SUPPORT_SUSPENSION_MAX_DAYS)) {
    throw new DomainError('forbidden', 'SUSPENSION_TOO_LONG', `Support may suspend an account for up to ${SUPPORT_SUSPENSION_MAX_DAYS} days; ask an admin for longer.`);
  }
  return { reason, until: days === null ? null : new Date(now.getTime() + days * DAY_MS) };
}

export function isSuspendedAt(state: SuspensionState | null | undefined, now: Date): boolean {
  return state != null && (state.until === null || state.until > now);
}

/** Staff accounts are not suspended: an admin changes their role instead. */
export const cannotSuspendStaff = (): DomainError =>
  new DomainError('conflict', 'CANNOT_SUSPEND_STAFF', 'Staff accounts cannot be suspended; change their role first.');

export const notSuspended = (): DomainError =>
  new DomainError('conflict', 'NOT_SUSPENDED', 'This account is not suspended.');

/** The day a suspension ends, as people read it (Lagos time). */
export function suspensionEnd(until: Date | null): string {
  if (until === null) return 'until further notice';
  return `until ${until.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' })}`;
}

/**
 * A suspended account may still read, and answer staff, but not list, write or pay: every use case
 * that does one of these asks here first.
 */
export function requireNotSuspended(actor: Actor): void {
  if (isStaff(actor) || !actor.suspension) return;
  const { reason, until } = actor.suspension;
  throw new DomainError('forbidden', 'ACCOUNT_SUSPENDED',
    `Your account is suspended ${suspensionEnd(until)}: ${reason}. You cannot list, write or pay while it is suspended.`);
}

export const sellerSuspended = (): DomainError =>
  new DomainError('conflict', 'SELLER_SUSPENDED', 'The seller’s account is suspended: approve this listing after the suspension ends.');
