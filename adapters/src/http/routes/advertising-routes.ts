import type { Router } from 'express';
import type { Container } from 'inversify';
import { FinishCheckout, GetMyPayment, ListMyPackages, ListPackageOffers, PurchaseBoost } from '@voltmarket/application';
import type { components } from '@voltmarket/contract';
import { wholeId } from '../input-guards.js';
import { TOKENS } from '../../main/container.js';
import { rateLimit } from '../rate-limit.js';
import { apiRouter } from '../router.js';

type PurchaseInput = components['schemas']['PurchaseInput'];

/** Boosts on sale, buying one, the seller's own boosts and payments, and Paystack's return to us. */
export function advertisingRoutes(c: Container): Router {
  const router = apiRouter();
  const offers = c.get(ListPackageOffers);
  const purchase = c.get(PurchaseBoost);
  const myPackages = c.get(ListMyPackages);
  const myPayment = c.get(GetMyPayment);
  const finish = c.get(FinishCheckout);
  // Every purchase opens a checkout with Paystack: a handful a minute is plenty for a person.
  const purchaseLimit = rateLimit(c.get(TOKENS.RateLimits), { name: 'boost-purchases', limit: 10, windowMs: 60_000, message: 'You have started several payments in a short time. Try again in {seconds} s.' });

  router.get('/advertising/packages', async (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(await offers.execute());
  });

  router.post('/advertising/purchase', purchaseLimit, async (req, res) => {
    const body = req.body as PurchaseInput;
    const started = await purchase.execute({
      vehicleId: wholeId(body.vehicleId, 'vehicleId', 2_147_483_647),
      packageType: body.packageType,
      method: body.paymentMethod ?? 'card',
      email: body.email ?? null,
    }, req.actor);
    // payment_url is the spec's spelling, kept (deprecated) beside paymentUrl for its client.
    res.status(201).location(`/api/payments/${encodeURIComponent(started.reference)}`).json({ ...started, payment_url: started.paymentUrl });
  });

  router.get('/advertising/my-packages', async (req, res) => {
    res.json(await myPackages.execute(undefined, req.actor));
  });

  // Before /payments/:reference: "paystack" is not a reference.
  router.get('/payments/paystack/callback', async (req, res) => {
    const raw = req.query.reference ?? req.query.trxref;
    const result = await finish.execute({ reference: typeof raw === 'string' ? raw : undefined });
    const params = new URLSearchParams({ payment: result.payment });
    if (result.package) params.set('package', result.package);
    if (result.vehicle) params.set('vehicle', String(result.vehicle));
    if (result.reference) params.set('reference', result.reference);
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, `/?${params.toString()}`);
  });

  router.get('/payments/:reference', async (req, res) => {
    res.json(await myPayment.execute({ reference: String(req.params.reference) }, req.actor));
  });

  return router;
}
