import { type AdvertisingPackageRepository, type PaymentRepository, REFERENCE_PATTERN } from '@voltmarket/domain';
import { PaymentGatewayError } from './payment-gateway.js';
import type { ConfirmPayment } from './confirm-payment.js';

/** Where the payment result overlay starts: what the server knows once it has asked the gateway. */
export interface CheckoutResult {
  payment: 'success' | 'failed' | 'pending' | 'error';
  package?: string;
  vehicle?: number;
  reference?: string;
}

/**
 * The buyer is back from the checkout. The redirect itself proves nothing, so this asks the gateway
 * (the same confirmation as the webhook's) and answers what the payment now is.
 */
export class FinishCheckout {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly packages: AdvertisingPackageRepository,
    private readonly confirm: ConfirmPayment,
  ) {}

  async execute(input: { reference: string | undefined }): Promise<CheckoutResult> {
    const reference = input.reference?.trim() ?? '';
    if (!REFERENCE_PATTERN.test(reference)) return { payment: 'error' };
    let payment = await this.payments.findByReference(reference);
    if (!payment) return { payment: 'error' };
    try {
      payment = (await this.confirm.execute({ reference })).payment ?? payment;
    } catch (err) {
      // Paystack is unreachable: the webhook or the reconciliation job will settle it; say what we know.
      if (!(err instanceof PaymentGatewayError)) throw err;
      payment = (await this.payments.findByReference(reference)) ?? payment;
    }
    const pkg = await this.packages.findByPayment(payment.id);
    const status = payment.status === 'success' ? 'success' : payment.status === 'pending' ? 'pending' : 'failed';
    return { payment: status, ...(pkg ? { package: pkg.packageName } : {}), vehicle: payment.vehicleId, reference };
  }
}
