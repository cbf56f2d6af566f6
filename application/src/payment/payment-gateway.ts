import type { GatewayCharge, PaymentMethod, PaymentMode } from '@voltmarket/domain';

export interface CheckoutRequest {
  email: string;
  amountKobo: number;
  reference: string;
  callbackUrl: string;
  methods: readonly PaymentMethod[];
  metadata: Record<string, string | number>;
}

/** A payment provider as the use cases need it (Paystack, or the local sandbox that behaves like it). */
export interface PaymentGateway {
  /** Test or live, from the key: a charge in the other mode never counts. */
  readonly mode: PaymentMode;
  /** Starts a checkout; the buyer pays at `authorizationUrl`. */
  initialize(request: CheckoutRequest): Promise<{ authorizationUrl: string; reference: string }>;
  /** What the gateway says about the charge with our reference. */
  verify(reference: string): Promise<GatewayCharge>;
  refund(reference: string): Promise<void>;
  /** Whether a webhook's signature matches its raw bytes. */
  verifySignature(rawBody: Buffer, signature: string | undefined): boolean;
}

/**
 * The gateway could not be reached or refused the call; `retryable` when trying again later may work.
 * `refund` when it was asked to give money back (so nothing was refunded), else it was about a charge.
 */
export class PaymentGatewayError extends Error {
  constructor(message: string, readonly retryable: boolean, readonly asked: 'charge' | 'refund' = 'charge') {
    super(message);
    this.name = 'PaymentGatewayError';
  }
}
