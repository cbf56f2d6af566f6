import { staffMayDo, type StaffPermissions } from '../auth/permissions';
import type { AdminPayment } from '../data/api-types';
import { formatDateTime } from '../lib/format';

/** The satisfaction guarantee: a boost paid for within this many days can be refunded. */
export const GUARANTEE_DAYS = 7;

type RefundFacts = Pick<AdminPayment, 'status' | 'refundable' | 'paidAt' | 'refundedAt'>;

/**
 * Whether to offer the Refund button: to administrators only, and only on a payment the server
 * calls refundable (successful, paid within the guarantee). The server checks both again.
 */
export function refundOffered(permissions: StaffPermissions | undefined, payment: RefundFacts): boolean {
  return staffMayDo(permissions, 'refund', 'payments') && payment.status === 'success' && payment.refundable;
}

/** When the guarantee on a payment runs out. */
export const guaranteeEndsAt = (paidAt: string): Date => new Date(new Date(paidAt).getTime() + GUARANTEE_DAYS * 24 * 60 * 60 * 1000);

/** Why a payment cannot be refunded (or that it was), for the payment's page; null while it can be. */
export function refundStanding(payment: RefundFacts): string | null {
  if (payment.status === 'reversed') return payment.refundedAt ? `Refunded on ${formatDateTime(payment.refundedAt)}; its boost ended then.` : 'Refunded; its boost has ended.';
  if (payment.status !== 'success') return 'Only a successful payment can be refunded.';
  if (payment.refundable) return null;
  return payment.paidAt
    ? `The ${GUARANTEE_DAYS}-day satisfaction guarantee ended on ${formatDateTime(guaranteeEndsAt(payment.paidAt).toISOString())}; this payment can no longer be refunded.`
    : `This payment is outside the ${GUARANTEE_DAYS}-day satisfaction guarantee and can no longer be refunded.`;
}
