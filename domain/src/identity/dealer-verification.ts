import { DomainError, FieldIssues } from '../shared/domain-error.js';
import { cleanLine } from '../shared/text.js';

export const DEALER_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type DealerStatus = (typeof DEALER_STATUSES)[number];

export const BUSINESS_NAME_MAX = 100;
export const DEALER_REASON_MAX = 500;
/**
 * A Corporate Affairs Commission number: RC (a registered company) or BN (a business name), then
 * its digits. People write it "RC 123456", "rc-123456" or "RC123456"; it is kept as "RC123456".
 */
const CAC = /^(RC|BN)[\s-]*(\d{1,8})$/;
export const CAC_HINT = 'Your CAC number: RC and digits for a company (RC 1234567), BN and digits for a business name (BN 3456789)';

/** A seller's claim to be a dealer, as staff last decided it. */
export interface DealerVerification {
  businessName: string;
  cacNumber: string;
  status: DealerStatus;
  /** Why staff turned it down; null unless rejected. */
  rejectionReason: string | null;
  submittedAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
}

/** The CAC number as stored ("RC123456"), or null when it is not one. */
export function normaliseCacNumber(typed: string): string | null {
  const match = CAC.exec(cleanLine(typed).toUpperCase());
  return match ? `${match[1]}${match[2]}` : null;
}

export function checkDealerDetails(input: { businessName: unknown; cacNumber: unknown }): { businessName: string; cacNumber: string } {
  const issues = new FieldIssues();
  const businessName = typeof input.businessName === 'string' ? cleanLine(input.businessName) : '';
  issues.check(businessName.length >= 2, 'businessName', 'Enter your business name as registered with the CAC');
  issues.check(businessName.length <= BUSINESS_NAME_MAX, 'businessName', `Business name must be at most ${BUSINESS_NAME_MAX} characters`);
  const cacNumber = typeof input.cacNumber === 'string' ? normaliseCacNumber(input.cacNumber) : null;
  issues.check(cacNumber !== null, 'cacNumber', 'Enter RC or BN followed by the digits of your registration, like RC 1234567');
  issues.throwIfAny();
  return { businessName, cacNumber: cacNumber! };
}

/**
 * Submitting (or changing) the details: new details wait for staff again, even a verified
 * dealer's; the same details sent again change nothing, so a verified dealer stays verified.
 */
export function submitDealerDetails(
  current: DealerVerification | null, input: { businessName: unknown; cacNumber: unknown }, now: Date,
): DealerVerification {
  const details = checkDealerDetails(input);
  if (current && current.businessName === details.businessName && current.cacNumber === details.cacNumber && current.status !== 'rejected') {
    return current;
  }
  return { ...details, status: 'pending', rejectionReason: null, submittedAt: now, decidedAt: null, decidedBy: null };
}

export const dealerRequestNotFound = (userId: string): DomainError =>
  new DomainError('not_found', 'DEALER_REQUEST_NOT_FOUND', `No dealer verification request from ${userId}.`);

/** Staff decide a waiting request only: a decided one was already answered (or changed since). */
export function decideDealer(
  current: DealerVerification, decision: { verdict: 'verify' } | { verdict: 'reject'; reason: unknown }, staffId: string, now: Date,
): DealerVerification {
  if (current.status !== 'pending') {
    throw new DomainError('conflict', 'DEALER_REQUEST_DECIDED', `This request was already ${current.status === 'verified' ? 'verified' : 'rejected'}.`);
  }
  if (decision.verdict === 'verify') return { ...current, status: 'verified', rejectionReason: null, decidedAt: now, decidedBy: staffId };
  return { ...current, status: 'rejected', rejectionReason: checkDealerReason(decision.reason), decidedAt: now, decidedBy: staffId };
}

export function checkDealerReason(reason: unknown): string {
  const cleaned = typeof reason === 'string' ? cleanLine(reason) : '';
  const issues = new FieldIssues();
  issues.check(cleaned.length >= 3, 'reason', 'Tell the seller why, so they can put it right');
  issues.check(cleaned.length <= DEALER_REASON_MAX, 'reason', `Reason must be at most ${DEALER_REASON_MAX} characters`);
  issues.throwIfAny();
  return cleaned;
}
