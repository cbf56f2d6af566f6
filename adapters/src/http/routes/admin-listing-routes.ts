import { Router } from 'express';
import type { Container } from 'inversify';
import { DeleteListing, ModerateListing } from '@voltmarket/application';
import type { components } from '@voltmarket/contract';
import { listingIdParam } from '../input-guards.js';
import { toPatch } from './listing-routes.js';

type AdminVehicleEdit = components['schemas']['AdminVehicleEdit'];
type VehicleFields = components['schemas']['VehicleFields'];

/** Moderation for support and admins; every route checks the role on the server (in the use case). */
export function adminListingRoutes(c: Container): Router {
  const router = Router();
  const moderate = c.get(ModerateListing);
  const remove = c.get(DeleteListing);

  router.post('/admin/vehicles/:id/approve', async (req, res) => {
    res.json(await moderate.execute({ id: listingIdParam(req.params), action: { kind: 'approve' } }, req.actor));
  });

  router.post('/admin/vehicles/:id/reject', async (req, res) => {
    const reason = (req.body as { reason?: string } | undefined)?.reason;
    res.json(await moderate.execute({ id: listingIdParam(req.params), action: { kind: 'reject', reason } }, req.actor));
  });

  router.patch('/admin/vehicles/:id/edit', async (req, res) => {
    const { status, rejectionReason, ...details } = req.body as AdminVehicleEdit;
    const changes = { ...toPatch(details as VehicleFields), status, rejectionReason };
    res.json(await moderate.execute({ id: listingIdParam(req.params), action: { kind: 'edit', changes } }, req.actor));
  });

  router.delete('/admin/vehicles/:id', async (req, res) => {
    await remove.execute({ id: listingIdParam(req.params) }, req.actor);
    res.status(204).end();
  });

  return router;
}
