import express, { type Router } from 'express';
import type { Container } from 'inversify';
import { ConfirmPayment } from '@voltmarket/application';
import type { GatewayCharge } from '@voltmarket/domain';
import { TOKENS } from '../../main/container.js';
import { requestScope } from '../../postgres/orm.js';
import { sendError } from '../errors.js';
import { apiRouter } from '../router.js';

interface ChargeEvent {
  event?: unknown;
  data?: { reference?: unknown; status?: unknown; amount?: unknown; currency?: unknown; domain?: unknown; paid_at?: unknown; gateway_response?: unknown; channel?: unknown };
}

/** Paystack's references: letters, digits, '-', '.' and '='. */
const REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;
/** A short text of the event, without what Postgres cannot keep (NUL) or a log should not carry. */
const text = (value: unknown): string | null => (typeof value === 'string' ? value.replace(/\p{Cc}/gu, '').slice(0, 500) : null);

/** A charge.success event's transaction, read as strictly as a verify answer; null when it is not one (or no object at all). */
function chargeOf(body: ChargeEvent | null): GatewayCharge | null {
  if (typeof body !== 'object' || body === null) return null;
  const d = body.data;
  if (body.event !== 'charge.success' || typeof d !== 'object' || d === null || typeof d.reference !== 'string' || !REFERENCE.test(d.reference)
    || !Number.isSafeInteger(d.amount) || typeof d.currency !== 'string' || !/^[A-Z]{3}$/.test(d.currency)) return null;
  return {
    reference: d.reference,
    status: d.status === 'success' ? 'success' : 'failed',
    amountKobo: d.amount as number,
    currency: d.currency,
    mode: d.domain === 'live' ? 'live' : 'test',
    paidAt: typeof d.paid_at === 'string' && !Number.isNaN(Date.parse(d.paid_at)) ? new Date(d.paid_at) : null,
    gatewayResponse: text(d.gateway_response),
    channel: text(d.channel),
  };
}

/**
 * Paystack's webhook. Its signature is the HMAC-SHA512 of the raw bytes, so this route reads them
 * before any JSON parsing. A bad or missing signature is a 401 and changes nothing; a good one is
 * answered 200 once its charge is recorded (Paystack retries anything else for 72 hours).
 */
export function paystackWebhook(c: Container): Router {
  const router = apiRouter();
  const gateway = c.get(TOKENS.PaymentGateway);
  const confirm = c.get(ConfirmPayment);
  const logger = c.get(TOKENS.Logger);
  const senders = new Set(c.get(TOKENS.Config).paystackWebhookIps);
  // Answered here like every other path (204 with Allow), not by the router's own OPTIONS reply.
  router.options('/payments/paystack/webhook', (_req, res) => {
    res.setHeader('Allow', 'POST');
    res.status(204).end();
  });
  router.post('/payments/paystack/webhook', express.raw({ type: () => true, limit: '100kb' }), requestScope, async (req, res) => {
    // The address as express reads it (TRUST_PROXY decides whose X-Forwarded-For counts); IPv4 may come mapped into IPv6.
    const from = (req.ip ?? '').replace(/^::ffff:/, '');
    if (senders.size > 0 && !senders.has(from)) {
      logger.warn({ from }, 'paystack webhook from an address not in PAYSTACK_WEBHOOK_IPS');
      return sendError(res, 403, 'WEBHOOK_SENDER_REFUSED', 'Webhooks are accepted from Paystack\'s addresses only.');
    }
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signature = req.headers['x-paystack-signature'];
    if (!gateway.verifySignature(raw, typeof signature === 'string' ? signature : undefined)) {
      return sendError(res, 401, 'BAD_SIGNATURE', 'The webhook signature does not match.');
    }
    let body: ChargeEvent | null;
    try {
      body = JSON.parse(raw.toString('utf8')) as ChargeEvent | null;
    } catch {
      return sendError(res, 400, 'MALFORMED_JSON', 'The request body is not valid JSON.');
    }
    const charge = chargeOf(body);
    if (charge) {
      const { outcome } = await confirm.execute({ reference: charge.reference, charge });
      logger.info({ reference: charge.reference, outcome }, 'paystack webhook');
    }
    res.json({ received: true });
  });
  return router;
}
