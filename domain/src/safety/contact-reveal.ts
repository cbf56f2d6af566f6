import { DomainError } from '../shared/domain-error.js';

/**
 * How many listings' contact details one party may see in 24 hours. A member sees plenty for real
 * shopping; a guest account (free to mint) and a network address (shared by every account behind it)
 * cap what one person can harvest.
 */
export const CONTACT_REVEAL_LIMITS = { member: 20, guest: 3, network: 30 } as const;
export const CONTACT_REVEAL_WINDOW_HOURS = 24;

export interface RevealCounts {
  /** Distinct listings this account revealed in the window. */
  readonly byAccount: number;
  /** Distinct listings revealed from this network address in the window, by any account. */
  readonly byNetwork: number;
}

/** Whether one more listing's contacts may be shown; seeing one already seen again is always allowed. */
export function revealAllowed(counts: RevealCounts, guest: boolean, alreadySeen: boolean): 'ok' | 'account' | 'network' {
  if (alreadySeen) return 'ok';
  if (counts.byAccount >= (guest ? CONTACT_REVEAL_LIMITS.guest : CONTACT_REVEAL_LIMITS.member)) return 'account';
  if (counts.byNetwork >= CONTACT_REVEAL_LIMITS.network) return 'network';
  return 'ok';
}

export const revealLimitReached = (guest: boolean, retryAfterSeconds: number): DomainError =>
  new DomainError('quota', 'CONTACT_LIMIT_REACHED', guest
    ? `Guests can see ${CONTACT_REVEAL_LIMITS.guest} sellers' numbers a day. Create an account to see more, or message the seller in chat.`
    : 'You have seen the contact details of many listings today. You can see more tomorrow, or message the seller in chat now.',
  [], retryAfterSeconds);

export const contactNotAvailable = (): DomainError =>
  new DomainError('conflict', 'CONTACT_NOT_AVAILABLE', 'This listing is no longer for sale, so its seller’s details are not shown. You can still message them in an existing chat.');
