import express, { type Router } from 'express';
import type { Container } from 'inversify';
import { ConfirmPayment } from '@voltmarket/application';
import { TOKENS } from '../../main/container.js';
import { PAYSTACK_REFERENCE } from '../../paystack/paystack-payment-gateway.js';
import { requestScope } from '../../postgres/orm.js';
import { sendError } from '../errors.js';
import { apiRouter } from '../router.js';

interface ChargeEvent {
  event?: unknown;
  data?: { reference?: unknown };
}

/** The payment a charge.success event is about; null for any other event, or a body that is none. */
function chargedReference(body: ChargeEvent | null): string | null {
  if (typeof body !== 'object' || body === null || body.event !== 'charge.success') return null;
  const reference = typeof body.data === 'object' && body.data !== null ? body.data.reference : undefined;
  return typeof reference === 'string' && PAYSTACK_REFERENCE.test(reference) ? reference : null;
}

/**
 * Paystack's webhook. Its signature is the HMAC-SHA512 of the raw bytes, so this route reads them
 * before any JSON parsing. A bad or missing signature is a 401 and changes nothing; a good one is
 * answered 200 once the charge, as Paystack's verify reports it, is recorded (Paystack retries
 * anything else, such as a 503 while it cannot be asked, for 72 hours).
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
    const reference = chargedReference(body);
    if (reference) {
      // The event says which payment to look at; what it was is asked of Paystack (verify), as Paystack
      // advises before giving value: a leaked secret key (or the demo's published sandbox key) signs any
      // event, but cannot make a charge that never happened say success.
      const { outcome } = await confirm.execute({ reference });
      logger.info({ reference, outcome }, 'paystack webhook');
    }
    res.json({ received: true });
  });
  return router;
}
