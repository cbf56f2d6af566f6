import { DomainError } from '../shared/domain-error.js';

export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'abandoned', 'reversed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentMode = 'test' | 'live';
export const PAYMENT_METHODS = ['card', 'bank_transfer', 'mobile_money'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A payment still unpaid this long after it started is abandoned. */
export const ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;
/** The spec's satisfaction guarantee: a refund is possible this long after payment. */
export const REFUND_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** What the gateway itself says about a charge (a verify call's answer, or a signed webhook's). */
export interface GatewayCharge {
  readonly reference: string;
  readonly status: 'success' | 'failed' | 'abandoned' | 'pending' | 'reversed';
  readonly amountKobo: number;
  readonly currency: string;
  readonly mode: PaymentMode;
  readonly paidAt: Date | null;
  readonly gatewayResponse: string | null;
  readonly channel: string | null;
}

export type ConfirmOutcome = 'activated' | 'unchanged' | 'refused' | 'failed' | 'still_pending';

/** Successful and paid within the satisfaction guarantee (read models use it on rows too). */
export function isRefundableAt(status: PaymentStatus, paidAt: Date | null, now: Date): boolean {
  return status === 'success' && paidAt !== null && now.getTime() - paidAt.getTime() <= REFUND_WINDOW_MS;
}

/** After it starts, a pending payment is checked with the gateway this many minutes in, then hourly. */
export const RECHECK_MINUTES = [1, 5, 15, 60] as const;

/** When the check after `checksDone` checks is due, counted from the payment's start. */
export function recheckDue(createdAt: Date, checksDone: number): Date {
  const last = RECHECK_MINUTES.length - 1;
  const minutes = checksDone <= last ? RECHECK_MINUTES[checksDone]! : RECHECK_MINUTES[last]! + 60 * (checksDone - last);
  return new Date(createdAt.getTime() + minutes * 60_000);
}

/** Letters, digits and "-.=" only, as Paystack allows; ours are "vm-" and a random id. */
export const REFERENCE_PATTERN = /^[A-Za-z0-9\-.=]{6,100}$/;

export class Payment {
  id!: number;
  reference!: string;
  userId!: string;
  vehicleId!: number;
  amountKobo!: number;
  currency!: string;
  mode!: PaymentMode;
  method!: PaymentMethod;
  status!: PaymentStatus;
  gatewayResponse!: string | null;
  channel!: string | null;
  /** Why a charge the gateway reported did not activate anything (wrong amount, currency or mode). */
  failureReason!: string | null;
  paidAt!: Date | null;
  refundedAt!: Date | null;
  /** Gateway checks the reconciliation job made, and when the next is due (null once settled). */
  checksDone!: number;
  nextCheckAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;

  static start(input: { reference: string; userId: string; vehicleId: number; amountKobo: number; mode: PaymentMode; method: PaymentMethod }, now: Date): Payment {
    if (!REFERENCE_PATTERN.test(input.reference)) throw new Error(`not a payment reference: ${input.reference}`);
    if (!Number.isSafeInteger(input.amountKobo) || input.amountKobo <= 0) throw new Error('a payment amount is a positive whole number of kobo');
    return Object.assign(new Payment(), {
      ...input, currency: 'NGN', status: 'pending', gatewayResponse: null, channel: null, failureReason: null,
      paidAt: null, refundedAt: null, checksDone: 0, nextCheckAt: recheckDue(now, 0), createdAt: now, updatedAt: now,
    });
  }

  /**
   * The reconciliation job asked the gateway and it is still unpaid: the next check is due by the
   * schedule (1, 5, 15, 60 minutes, then hourly), never in the past, so a late job does not spin.
   */
  recordCheck(now: Date): void {
    if (this.status !== 'pending') return;
    let checks = this.checksDone + 1;
    while (recheckDue(this.createdAt, checks) <= now) checks++;
    this.checksDone = checks;
    this.nextCheckAt = recheckDue(this.createdAt, checks);
    this.updatedAt = now;
  }

  /** Successful and paid within the satisfaction guarantee. */
  isRefundable(now: Date): boolean {
    return isRefundableAt(this.status, this.paidAt, now);
  }

  /**
   * Takes the gateway's word about this payment. Only a pending payment can change, so a second
   * confirmation of the same reference (in any order) changes nothing. A success counts only with
   * exactly our reference, amount, currency and mode; anything else fails it and says why.
   */
  confirm(charge: GatewayCharge, now: Date): ConfirmOutcome {
    if (this.status !== 'pending') return 'unchanged';
    if (charge.reference !== this.reference) return 'refused';
    if (charge.status === 'pending' || charge.status === 'abandoned') {
      if (now.getTime() - this.createdAt.getTime() >= ABANDON_AFTER_MS) {
        this.settle('abandoned', now, charge.gatewayResponse);
        return 'failed';
      }
      return 'still_pending';
    }
    if (charge.status !== 'success') {
      this.settle('failed', now, charge.gatewayResponse);
      return 'failed';
    }
    const mismatch = this.mismatch(charge);
    if (mismatch) {
      this.settle('failed', now, charge.gatewayResponse);
      this.failureReason = mismatch;
      return 'failed';
    }
    this.settle('success', now, charge.gatewayResponse);
    this.paidAt = charge.paidAt ?? now;
    this.channel = charge.channel;
    return 'activated';
  }

  /** The checkout could not even start: nothing can be paid on this reference. */
  failToStart(now: Date): void {
    if (this.status !== 'pending') return;
    this.settle('failed', now, 'Checkout could not start');
  }

  /** Still unpaid a day after it started: abandoned (the reconciliation job's last word). */
  abandonIfStale(now: Date): boolean {
    if (this.status !== 'pending' || now.getTime() - this.createdAt.getTime() < ABANDON_AFTER_MS) return false;
    this.settle('abandoned', now, null);
    return true;
  }

  /** An admin's refund within the satisfaction guarantee. */
  refund(now: Date): void {
    if (this.status !== 'success' || !this.paidAt) {
      throw new DomainError('conflict', 'PAYMENT_NOT_REFUNDABLE', `Only a successful payment can be refunded; this one is ${this.status}.`);
    }
    if (now.getTime() - this.paidAt.getTime() > REFUND_WINDOW_MS) {
      throw new DomainError('rule', 'REFUND_WINDOW_PASSED', 'Refunds are possible within 7 days of payment.');
    }
    this.status = 'reversed';
    this.refundedAt = now;
    this.nextCheckAt = null;
    this.updatedAt = now;
  }

  private mismatch(charge: GatewayCharge): string | null {
    if (charge.currency !== this.currency) return `Currency ${charge.currency} instead of ${this.currency}`;
    if (charge.amountKobo !== this.amountKobo) return `Paid ${charge.amountKobo} kobo instead of ${this.amountKobo}`;
    if (charge.mode !== this.mode) return `A ${charge.mode}-mode charge for a ${this.mode}-mode payment`;
    return null;
  }

  private settle(status: PaymentStatus, now: Date, gatewayResponse: string | null): void {
    this.status = status;
    this.nextCheckAt = null;
    this.gatewayResponse = gatewayResponse;
    this.updatedAt = now;
  }
}
