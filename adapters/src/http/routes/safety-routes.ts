import type { Router } from 'express';
import type { Container } from 'inversify';
import { ListContactReveals, RenewListing, ReportContent, RevealContact } from '@voltmarket/application';
import type { components } from '@voltmarket/contract';
import { visitorKey } from '../auth.js';
import { listingIdParam } from '../input-guards.js';
import { apiRouter } from '../router.js';

type ReportInput = components['schemas']['ReportInput'];

/** Members' side of trust and safety: reports, counted contact reveals, and keeping a listing live. */
export function safetyRoutes(c: Container): Router {
  const router = apiRouter();
  const report = c.get(ReportContent);
  const reveal = c.get(RevealContact);
  const reveals = c.get(ListContactReveals);
  const renew = c.get(RenewListing);

  router.post('/reports', async (req, res) => {
    const body = req.body as ReportInput;
    const receipt = await report.execute({ target: body.target, targetId: body.targetId, reason: body.reason, note: body.note ?? null }, req.actor);
    res.status(201).json(receipt);
  });

  router.post('/vehicles/:id/contact', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await reveal.execute({ listingId: listingIdParam(req.params), networkKey: visitorKey(req) }, req.actor));
  });

  router.get('/vehicles/:id/contact-reveals', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await reveals.execute({ listingId: listingIdParam(req.params) }, req.actor));
  });

  router.post('/vehicles/:id/renew', async (req, res) => {
    res.json(await renew.execute({ id: listingIdParam(req.params) }, req.actor));
  });

  return router;
}
