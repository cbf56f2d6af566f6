import type { Router } from 'express';
import type { Container } from 'inversify';
import {
  ADMIN_VEHICLE_SORTS, type AdminVehicleFilter, type AdminVehicleSort, BulkModerateListings, DeleteListing,
  ListAdminVehicles, ModerateListing, type ModerationAction, PickCarOfTheWeek, WithdrawCarOfTheWeek,
} from '@voltmarket/application';
import { type Actor, LISTING_STATUSES, VEHICLE_TYPES, ValidationError, listingNotFound } from '@voltmarket/domain';
import type { components } from '@voltmarket/contract';
import { listingIdParam } from '../input-guards.js';
import { type ListSpec, filters, parseListQuery, sendPage } from '../simple-rest.js';
import { toPatch } from './listing-routes.js';
import { apiRouter } from '../router.js';

type AdminVehicleEdit = components['schemas']['AdminVehicleEdit'];
type AdminVehicleUpdate = components['schemas']['AdminVehicleUpdate'];
type BulkModerationInput = components['schemas']['BulkModerationInput'];
type VehicleFields = components['schemas']['VehiclePatch'];
type StaffEdit = Extract<ModerationAction, { kind: 'edit' }>['changes'];

const MAX_ID = 2_147_483_647;
const VEHICLES: ListSpec<AdminVehicleSort> = {
  resource: 'vehicles',
  sorts: ADMIN_VEHICLE_SORTS,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filters: {
    id: filters.ids(filters.wholeNumber(1, MAX_ID)),
    status: filters.oneOf(LISTING_STATUSES),
    vehicleType: filters.oneOf(VEHICLE_TYPES),
    brand: filters.text(60),
    location: filters.text(60),
    sellerId: filters.text(128),
    minPrice: filters.wholeNumber(0, 999_999_999),
    maxPrice: filters.wholeNumber(0, 999_999_999),
    q: filters.text(100),
  },
};

/** Fields of a listing record that react-admin sends back on update and that nobody edits. */
const READ_ONLY = [
  'id', 'sellerId', 'seller', 'isVerified', 'isPremium', 'isCarOfTheWeek', 'isStaffPick', 'approvedAt', 'soldAt', 'marketPrice', 'moderationFlags', 'views', 'createdAt', 'updatedAt',
] as const;

/** A staff edit as the use case takes it; a null reason (as react-admin sends an empty one) is no reason. */
function staffChanges(body: AdminVehicleEdit): StaffEdit {
  const { status, rejectionReason, ...details } = body;
  return { ...toPatch(details as VehicleFields), status, rejectionReason: rejectionReason ?? undefined };
}

/** Moderation for support and admins, in react-admin's simple-rest dialect; every role check is in the use cases. */
export function adminVehicleRoutes(c: Container): Router {
  const router = apiRouter();
  const list = c.get(ListAdminVehicles);
  const moderate = c.get(ModerateListing);
  const bulk = c.get(BulkModerateListings);
  const remove = c.get(DeleteListing);
  const pickCarOfTheWeek = c.get(PickCarOfTheWeek);
  const withdrawCarOfTheWeek = c.get(WithdrawCarOfTheWeek);

  const one = async (id: number, actor: Actor | null) => {
    const { items } = await list.execute({ filter: { ids: [id] }, sort: VEHICLES.defaultSort, range: { start: 0, end: 0 } }, actor);
    if (!items[0]) throw listingNotFound(id);
    return items[0];
  };

  router.get('/admin/vehicles', async (req, res) => {
    const query = parseListQuery<AdminVehicleFilter, AdminVehicleSort>(req.query, VEHICLES);
    sendPage(res, 'vehicles', query.range, await list.execute(query, req.actor));
  });

  router.post('/admin/vehicles/bulk-approve', async (req, res) => {
    const { ids } = req.body as BulkModerationInput;
    res.json(await bulk.execute({ ids, action: { kind: 'approve' } }, req.actor));
  });

  router.post('/admin/vehicles/bulk-reject', async (req, res) => {
    const { ids, reason } = req.body as BulkModerationInput;
    res.json(await bulk.execute({ ids, action: { kind: 'reject', reason } }, req.actor));
  });

  router.get('/admin/vehicles/:id', async (req, res) => {
    res.json(await one(listingIdParam(req.params), req.actor));
  });

  router.put('/admin/vehicles/:id', async (req, res) => {
    const id = listingIdParam(req.params);
    const body = { ...(req.body as AdminVehicleUpdate) };
    if (body.id !== undefined && body.id !== id) throw new ValidationError([{ field: 'id', message: 'id must match the listing in the path' }]);
    for (const field of READ_ONLY) delete body[field];
    res.json(await moderate.execute({ id, action: { kind: 'edit', changes: staffChanges(body) } }, req.actor));
  });

  router.post('/admin/vehicles/:id/approve', async (req, res) => {
    res.json(await moderate.execute({ id: listingIdParam(req.params), action: { kind: 'approve' } }, req.actor));
  });

  router.post('/admin/vehicles/:id/reject', async (req, res) => {
    const reason = (req.body as { reason?: string } | undefined)?.reason;
    res.json(await moderate.execute({ id: listingIdParam(req.params), action: { kind: 'reject', reason } }, req.actor));
  });

  router.patch('/admin/vehicles/:id/edit', async (req, res) => {
    const changes = staffChanges(req.body as AdminVehicleEdit);
    res.json(await moderate.execute({ id: listingIdParam(req.params), action: { kind: 'edit', changes } }, req.actor));
  });

  router.post('/admin/vehicles/:id/car-of-the-week', async (req, res) => {
    res.json(await pickCarOfTheWeek.execute({ id: listingIdParam(req.params) }, req.actor));
  });

  router.delete('/admin/vehicles/:id/car-of-the-week', async (req, res) => {
    res.json(await withdrawCarOfTheWeek.execute({ id: listingIdParam(req.params) }, req.actor));
  });

  router.delete('/admin/vehicles/:id', async (req, res) => {
    res.json(await remove.execute({ id: listingIdParam(req.params) }, req.actor));
  });

  return router;
}
