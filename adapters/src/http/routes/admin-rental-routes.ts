import type { Router } from 'express';
import type { Container } from 'inversify';
import {
  ADMIN_RENTAL_SORTS, ADMIN_RENTAL_VEHICLE_SORTS, type AdminRentalFilter, type AdminRentalSort, type AdminRentalVehicleFilter,
  type AdminRentalVehicleSort, ChangeRentalStatus, CreateRentalVehicle, GetRentalSummary, ListAdminRentals, ListAdminRentalVehicles,
  UpdateRentalSettings,
} from '@voltmarket/application';
import { ACTION_TO, rentalNotFound, rentalVehicleNotFound, RENTAL_STATUSES, type RentalVehicleInput } from '@voltmarket/domain';
import type { components } from '@voltmarket/contract';
import { listingIdParam, wholeId } from '../input-guards.js';
import { type ListSpec, filters, parseListQuery, sendPage } from '../simple-rest.js';
import { apiRouter } from '../router.js';

type AdminRentalStatusInput = components['schemas']['AdminRentalStatusInput'];
type RentalSettingsInput = components['schemas']['RentalSettingsInput'];
const MAX_ID = 2_147_483_647;

const RENTALS: ListSpec<AdminRentalSort> = {
  resource: 'rentals',
  sorts: ADMIN_RENTAL_SORTS,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filters: {
    id: filters.ids(filters.wholeNumber(1, Number.MAX_SAFE_INTEGER)),
    status: filters.oneOf(RENTAL_STATUSES),
    vehicleId: filters.wholeNumber(1, MAX_ID),
    renterId: filters.text(128),
    ownerId: filters.text(128),
    q: filters.text(100),
    from: filters.date, to: filters.date,
  },
};

const RENTAL_VEHICLES: ListSpec<AdminRentalVehicleSort> = {
  resource: 'rental-vehicles',
  sorts: ADMIN_RENTAL_VEHICLE_SORTS,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filters: {
    id: filters.ids(filters.wholeNumber(1, MAX_ID)),
    q: filters.text(100),
    location: filters.text(60),
    isRentalAvailable: filters.bool,
  },
};

/** The backoffice's Rentals: bookings and their moves, rental vehicles, their settings and creation. */
export function adminRentalRoutes(c: Container): Router {
  const router = apiRouter();
  const list = c.get(ListAdminRentals);
  const change = c.get(ChangeRentalStatus);
  const summary = c.get(GetRentalSummary);
  const vehicles = c.get(ListAdminRentalVehicles);
  const create = c.get(CreateRentalVehicle);
  const settings = c.get(UpdateRentalSettings);

  router.get('/admin/rentals', async (req, res) => {
    const query = parseListQuery<AdminRentalFilter, AdminRentalSort>(req.query, RENTALS);
    sendPage(res, 'rentals', query.range, await list.execute(query, req.actor));
  });

  router.get('/admin/rentals/:id', async (req, res) => {
    const id = wholeId(req.params.id, 'id', MAX_ID);
    const { items } = await list.execute({ filter: { ids: [id] }, sort: RENTALS.defaultSort, range: { start: 0, end: 0 } }, req.actor);
    if (!items[0]) throw rentalNotFound(id);
    res.json(items[0]);
  });

  router.patch('/admin/rentals/:id/status', async (req, res) => {
    const body = req.body as AdminRentalStatusInput;
    res.json(await change.execute({ id: wholeId(req.params.id, 'id', MAX_ID), action: ACTION_TO[body.status], reason: body.reason, asStaff: true }, req.actor));
  });

  router.get('/admin/rental-summary', async (req, res) => {
    res.json(await summary.execute(undefined, req.actor));
  });

  router.get('/admin/rental-vehicles', async (req, res) => {
    const query = parseListQuery<AdminRentalVehicleFilter, AdminRentalVehicleSort>(req.query, RENTAL_VEHICLES);
    sendPage(res, 'rental-vehicles', query.range, await vehicles.execute(query, req.actor));
  });

  router.get('/admin/rental-vehicles/:id', async (req, res) => {
    const id = wholeId(req.params.id, 'id', MAX_ID);
    const { items } = await vehicles.execute({ filter: { ids: [id] }, sort: RENTAL_VEHICLES.defaultSort, range: { start: 0, end: 0 } }, req.actor);
    if (!items[0]) throw rentalVehicleNotFound(id);
    res.json(items[0]);
  });

  router.post('/admin/rental-vehicles', async (req, res) => {
    const created = await create.execute(req.body as RentalVehicleInput & { sellerId?: string }, req.actor);
    res.status(201).location(`/api/admin/rental-vehicles/${created.id}`).json(created);
  });

  router.patch('/admin/vehicles/:id/rental-settings', async (req, res) => {
    const body = req.body as RentalSettingsInput;
    res.json(await settings.execute({ id: listingIdParam(req.params), patch: body }, req.actor));
  });

  return router;
}
