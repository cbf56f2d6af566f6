import { createHmac, randomBytes } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import type pg from 'pg';
import { PAYSTACK_REFERENCE } from './paystack-payment-gateway.js';

export interface SandboxOptions {
  /** The key the sandbox accepts and signs webhooks with (sk_test_sandbox). */
  secretKey: string;
  /** Our own address: where webhooks go and where Abandon returns to. */
  publicUrl: string;
  pool: pg.Pool;
  logger: Logger;
}

interface SandboxRow {
  reference: string; access_code: string; email: string; amount_kobo: string; currency: string; callback_url: string;
  channels: string[]; metadata: Record<string, unknown>; status: 'abandoned' | 'success' | 'failed' | 'reversed';
  channel: string | null; paid_at: Date | null; created_at: Date;
}

const CHANNELS = new Set(['card', 'bank', 'ussd', 'qr', 'mobile_money', 'bank_transfer', 'eft', 'apple_pay']);

/** Paystack's transaction object, as verify and the webhook carry it. */
function transaction(row: SandboxRow) {
  const paid = row.paid_at ? new Date(row.paid_at).toISOString() : null;
  const created = new Date(row.created_at).toISOString();
  return {
    id: Number.parseInt(row.access_code.slice(0, 8), 36),
    domain: 'test',
    status: row.status,
    reference: row.reference,
    amount: Number(row.amount_kobo),
    message: null,
    gateway_response: row.status === 'success' ? 'Successful' : row.status === 'failed' ? 'Declined' : row.status === 'reversed' ? 'Reversed' : 'The transaction was not completed',
    paid_at: paid,
    paidAt: paid,
    created_at: created,
    createdAt: created,
    channel: row.channel ?? row.channels[0] ?? 'card',
    currency: row.currency,
    ip_address: '127.0.0.1',
    metadata: row.metadata,
    fees: Math.min(Math.round(Number(row.amount_kobo) * 0.015) + (Number(row.amount_kobo) >= 250_000 ? 10_000 : 0), 200_000),
    customer: { email: row.email, customer_code: `CUS_sandbox${row.email.length}` },
    authorization: row.status === 'success'
      ? { authorization_code: `AUTH_${row.access_code}`, bin: '408408', last4: '4081', exp_month: '12', exp_year: '2030', channel: 'card', card_type: 'visa', bank: 'TEST BANK', country_code: 'NG', brand: 'visa', reusable: true }
      : {},
    requested_amount: Number(row.amount_kobo),
  };
}

const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A local stand-in for Paystack when no PAYSTACK_SECRET_KEY is set: the same REST shapes
 * (initialize, verify, refund), a checkout page with Pay / Decline / Abandon, the redirect to the
 * callback and a webhook signed with the sandbox key. Its transactions live in Postgres, so every
 * API replica serves the same checkout. Our gateway adapter talks to it over HTTP like to Paystack.
 */
export function paystackSandbox(options: SandboxOptions): Router {
  const { pool, secretKey, logger } = options;
  const router = express.Router({ caseSensitive: true });
  const api = express.Router({ caseSensitive: true });
  api.use(express.json({ limit: '50kb' }));
  api.use((req, res, next) => {
    if (req.headers.authorization !== `Bearer ${secretKey}`) return res.status(401).json({ status: false, message: 'Invalid key' });
    // Postgres keeps no NUL in text: refused here, as a bad request, not failed on the way in.
    if (hasNul(req.body)) return res.status(400).json({ status: false, message: 'Invalid characters in request' });
    next();
  });

  const find = async (column: 'reference' | 'access_code', value: string): Promise<SandboxRow | null> =>
    (await pool.query<SandboxRow>(`select * from sandbox_transactions where ${column} = $1`, [value])).rows[0] ?? null;

  api.post('/transaction/initialize', async (req, res) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const amount = Number(b.amount);
    if (typeof b.email !== 'string' || !b.email.includes('@')) return res.status(400).json({ status: false, message: 'Invalid Email Address Passed' });
    if (!Number.isSafeInteger(amount) || amount < 100) return res.status(400).json({ status: false, message: 'Invalid Amount Sent' });
    const reference = typeof b.reference === 'string' ? b.reference : randomBytes(8).toString('hex');
    if (!PAYSTACK_REFERENCE.test(reference)) return res.status(400).json({ status: false, message: 'Invalid reference: only -, ., = and alphanumeric characters allowed' });
    const channels = Array.isArray(b.channels) ? b.channels.filter((c): c is string => typeof c === 'string' && CHANNELS.has(c)) : [];
    let metadata: unknown = b.metadata ?? {};
    if (typeof metadata === 'string') {
      try {
        metadata = JSON.parse(metadata) as unknown;
      } catch {
        return res.status(400).json({ status: false, message: 'Invalid metadata: must be JSON' });
      }
      if (hasNul(metadata)) return res.status(400).json({ status: false, message: 'Invalid characters in request' });
    }
    const callback = typeof b.callback_url === 'string' && /^https?:\/\//.test(b.callback_url) ? b.callback_url : `${options.publicUrl}/`;
    const accessCode = randomBytes(9).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, 'x');
    const inserted = await pool.query(
      `insert into sandbox_transactions (reference, access_code, email, amount_kobo, currency, callback_url, channels, metadata, status)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, 'abandoned') on conflict (reference) do nothing`,
      [reference, accessCode, b.email, amount, typeof b.currency === 'string' ? b.currency : 'NGN', callback, JSON.stringify(channels), JSON.stringify(metadata ?? {})],
    );
    if (inserted.rowCount === 0) return res.status(400).json({ status: false, message: 'Duplicate Transaction Reference' });
    res.json({
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: `${options.publicUrl}/sandbox/paystack/checkout/${accessCode}`, access_code: accessCode, reference },
    });
  });

  api.get('/transaction/verify/:reference', async (req, res) => {
    const row = await find('reference', String(req.params.reference));
    if (!row) return res.status(400).json({ status: false, message: 'Transaction reference not found' });
    res.json({ status: true, message: 'Verification successful', data: transaction(row) });
  });

  api.post('/refund', async (req, res) => {
    const ref = (req.body as { transaction?: unknown } | undefined)?.transaction;
    const row = typeof ref === 'string' || typeof ref === 'number' ? await find('reference', String(ref)) : null;
    if (!row) return res.status(404).json({ status: false, message: 'Transaction not found' });
    if (row.status !== 'success') return res.status(400).json({ status: false, message: 'Transaction has been fully reversed' });
    await pool.query(`update sandbox_transactions set status = 'reversed' where reference = $1`, [row.reference]);
    const now = new Date().toISOString();
    res.json({
      status: true,
      message: 'Refund has been queued for processing',
      data: {
        transaction: transaction(row), integration: 100_000, deducted_amount: 0, channel: null, merchant_note: 'Refund for transaction', customer_note: 'Refund for transaction',
        status: 'pending', refunded_by: 'sandbox', expected_at: now, currency: row.currency, domain: 'test', amount: Number(row.amount_kobo), fully_deducted: false,
        id: Number.parseInt(row.access_code.slice(0, 6), 36), createdAt: now, updatedAt: now,
      },
    });
  });

  // The checkout is for people: HTML, no key. Its forms post back here.
  router.get('/checkout/:code', async (req, res) => {
    const row = await find('access_code', String(req.params.code));
    if (!row) return res.status(404).type('html').send(page('Checkout not found', '<p>This payment link is not valid or has expired.</p>'));
    if (row.status !== 'abandoned') {
      // Back on a checkout already settled (the browser's Back button): say what happened, in words.
      const [title, said] = SETTLED[row.status] ?? ['Payment closed', 'This payment can no longer be made.'];
      return res.type('html').send(page(title, `<p>${said}</p>
        <p class="amount">${escapeHtml(naira(Number(row.amount_kobo)))}</p>
        <dl><dt>Reference</dt><dd>${escapeHtml(row.reference)}</dd></dl>
        <p><a class="button" href="${escapeHtml(withReference(row.callback_url, row.reference, options.publicUrl))}">Return to Voltmarket</a></p>`));
    }
    const pkg = typeof row.metadata.package === 'string' ? row.metadata.package : null;
    res.type('html').send(page('Pay with the Voltmarket sandbox', `
      <p class="note">Sandbox checkout: no real money moves. It behaves like Paystack's checkout.</p>
      <p class="amount" data-testid="amount">${escapeHtml(row.currency)} ${escapeHtml(naira(Number(row.amount_kobo)).slice(1))}</p>
      <dl>
        <dt>Email</dt><dd>${escapeHtml(row.email)}</dd>
        ${pkg ? `<dt>Package</dt><dd>${escapeHtml(pkg)}</dd>` : ''}
        <dt>Reference</dt><dd>${escapeHtml(row.reference)}</dd>
        <dt>Method</dt><dd>${escapeHtml((row.channels[0] ?? 'card').replace('_', ' '))}</dd>
      </dl>
      <form method="post" action="${escapeHtml(row.access_code)}/pay"><button class="button pay" type="submit">Pay ${escapeHtml(naira(Number(row.amount_kobo)))}</button></form>
      <form method="post" action="${escapeHtml(row.access_code)}/decline"><button class="button" type="submit">Decline</button></form>
      <form method="post" action="${escapeHtml(row.access_code)}/abandon"><button class="button quiet" type="submit">Abandon</button></form>`));
  });

  const settle = (status: 'success' | 'failed') => async (req: Request, res: Response) => {
    const updated = await pool.query<SandboxRow>(
      `update sandbox_transactions set status = $2, paid_at = case when $2 = 'success' then now() else null end, channel = coalesce(channels ->> 0, 'card')
       where access_code = $1 and status = 'abandoned' returning *`,
      [String(req.params.code), status],
    );
    const row = updated.rows[0] ?? (await find('access_code', String(req.params.code)));
    if (!row) return res.status(404).type('html').send(page('Checkout not found', '<p>This payment link is not valid.</p>'));
    if (updated.rows[0] && status === 'success') await sendWebhook(row);
    res.redirect(303, withReference(row.callback_url, row.reference, options.publicUrl));
  };
  router.post('/checkout/:code/pay', settle('success'));
  router.post('/checkout/:code/decline', settle('failed'));
  // Closing Paystack's checkout sends nobody anywhere: the buyer just comes back. The payment stays
  // pending until the reconciliation job gives up on it.
  router.post('/checkout/:code/abandon', (_req, res) => res.redirect(303, `${options.publicUrl}/advertise`));
  router.use('/', api);

  /** Paystack's charge.success, signed like Paystack signs it; a failed delivery is logged (verify still settles it). */
  async function sendWebhook(row: SandboxRow): Promise<void> {
    const body = JSON.stringify({ event: 'charge.success', data: transaction(row) });
    const signature = createHmac('sha512', secretKey).update(body).digest('hex');
    try {
      const res = await fetch(`${options.publicUrl}/api/payments/paystack/webhook`, {
        method: 'POST', headers: { 'Content-Type': 'application/json', 'x-paystack-signature': signature }, body, signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) logger.warn({ status: res.status, reference: row.reference }, 'sandbox webhook refused');
    } catch (err) {
      logger.warn({ err, reference: row.reference }, 'sandbox webhook not delivered');
    }
  }

  return router;
}

/** What a settled checkout says when it is opened again. */
const SETTLED: Record<string, [string, string]> = {
  success: ['Payment made', 'You have already paid: nothing more is taken.'],
  failed: ['Payment declined', 'This payment was declined, and nothing was taken. Start again from Voltmarket to try once more.'],
  reversed: ['Payment refunded', 'This payment was refunded.'],
};

const hasNul = (value: unknown): boolean => (JSON.stringify(value) ?? '').includes('\\u0000');

/** The callback with the reference added; a path (as the demo's purchases keep) is on our own site. */
function withReference(callbackUrl: string, reference: string, site: string): string {
  const url = new URL(callbackUrl, site);
  url.searchParams.set('trxref', reference);
  url.searchParams.set('reference', reference);
  return url.toString();
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Crect width='24' height='24' rx='6' fill='%230f6b47'/%3E%3Cpath d='M13 3 5 14h6l-1 7 8-11h-6z' fill='white'/%3E%3C/svg%3E">
<style>
  body { font-family: system-ui, sans-serif; background: #f3f6f4; margin: 0; padding: 24px 12px; color: #10231a; }
  main { max-width: 420px; margin: 0 auto; background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1.25rem; margin-top: 0; } .note { color: #5a6b62; font-size: .875rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: 8px 0 16px; } dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; overflow-wrap: anywhere; }
  dt { color: #5a6b62; } dd { margin: 0; } form { margin: 8px 0 0; }
  .button { display: block; width: 100%; box-sizing: border-box; padding: 12px; border-radius: 8px; border: 1px solid #0b7a4b; background: #fff; color: #0b7a4b;
    font-size: 1rem; font-weight: 600; text-align: center; text-decoration: none; cursor: pointer; }
  .button.pay { background: #0b7a4b; color: #fff; } .button.quiet { border-color: #c5d0ca; color: #5a6b62; }
  .button:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
