import { createHmac, timingSafeEqual } from 'node:crypto';
import { type CheckoutRequest, type PaymentGateway, PaymentGatewayError } from '@voltmarket/application';
import type { GatewayCharge, PaymentMode } from '@voltmarket/domain';

export interface PaystackOptions {
  secretKey: string;
  /** https://api.paystack.co, or the local sandbox. */
  baseUrl?: string;
  timeoutMs?: number;
}

interface PaystackEnvelope<T> {
  status: boolean;
  message: string;
  data?: T;
}

interface PaystackTransaction {
  reference: string;
  status: string;
  amount: number;
  currency: string;
  domain: string;
  paid_at: string | null;
  gateway_response: string | null;
  channel: string | null;
}

/** Paystack statuses for a charge still under way. */
/** What Paystack accepts as a transaction reference: letters, digits, '-', '.' and '=', at most 100. */
export const PAYSTACK_REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;

const UNDER_WAY = new Set(['pending', 'ongoing', 'processing', 'queued', 'send_birthday', 'send_otp', 'send_pin', 'send_phone', 'send_address', 'open_url']);
const SETTLED = new Set(['success', 'failed', 'abandoned', 'reversed']);

/**
 * Paystack's REST API with our secret key: initialize, verify, refund, and webhook signatures
 * (HMAC-SHA512 of the raw body). A network failure is tried once more; anything else is a clear error.
 */
export class PaystackPaymentGateway implements PaymentGateway {
  readonly mode: PaymentMode;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: PaystackOptions) {
    this.mode = options.secretKey.startsWith('sk_live_') ? 'live' : 'test';
    this.baseUrl = (options.baseUrl ?? 'https://api.paystack.co').replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async initialize(request: CheckoutRequest): Promise<{ authorizationUrl: string; reference: string }> {
    const data = await this.call<{ authorization_url: string; reference: string }>('POST', '/transaction/initialize', {
      email: request.email,
      amount: request.amountKobo,
      reference: request.reference,
      callback_url: request.callbackUrl,
      channels: [...request.methods],
      metadata: JSON.stringify(request.metadata),
    });
    if (typeof data.authorization_url !== 'string') throw new PaymentGatewayError('Paystack gave no authorization URL.', true);
    return { authorizationUrl: data.authorization_url, reference: data.reference ?? request.reference };
  }

  async verify(reference: string): Promise<GatewayCharge> {
    const t = await this.call<PaystackTransaction>('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
    const status = SETTLED.has(t.status) ? (t.status as GatewayCharge['status']) : UNDER_WAY.has(t.status) ? 'pending' : null;
    if (!status || !Number.isSafeInteger(t.amount) || typeof t.currency !== 'string') {
      throw new PaymentGatewayError(`Paystack answered a verify with a transaction we cannot read (status ${t.status}).`, true);
    }
    return {
      reference: t.reference,
      status,
      amountKobo: t.amount,
      currency: t.currency,
      mode: t.domain === 'live' ? 'live' : 'test',
      paidAt: t.paid_at ? new Date(t.paid_at) : null,
      gatewayResponse: t.gateway_response ?? null,
      channel: t.channel ?? null,
    };
  }

  async refund(reference: string): Promise<void> {
    await this.call('POST', '/refund', { transaction: reference });
  }

  verifySignature(rawBody: Buffer, signature: string | undefined): boolean {
    if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
    const expected = createHmac('sha512', this.options.secretKey).update(rawBody).digest();
    return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(`${this.baseUrl}${path}`, {
          method,
          headers: { Authorization: `Bearer ${this.options.secretKey}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (err) {
        // No answer at all (refused, reset, timed out): once more, then give up.
        if (attempt < 2) continue;
        const timedOut = (err as Error).name === 'TimeoutError';
        throw new PaymentGatewayError(timedOut ? `Paystack did not answer within ${this.timeoutMs} ms.` : 'Paystack could not be reached.', true);
      }
      const envelope = (await res.json().catch(() => null)) as PaystackEnvelope<T> | null;
      if (!res.ok || !envelope || envelope.status !== true || envelope.data === undefined) {
        const said = envelope?.message ? `: ${envelope.message}` : '';
        throw new PaymentGatewayError(`Paystack refused ${method} ${path.split('/').slice(0, 3).join('/')} (${res.status})${said}`, res.status >= 500 || res.status === 429);
      }
      return envelope.data;
    }
  }
}
