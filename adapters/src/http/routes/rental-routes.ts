import type { Router } from 'express';
import type { Container } from 'inversify';
import {
  ChangeRentalStatus, GetRental, GetRentalVehicle, ListMyRentals, ListRentalVehicles, QuoteRental, RequestRental, type RentalVehicleSort,
} from '@voltmarket/application';
import { ACTION_TO, type RentalBodyType, type RentalStatus } from '@voltmarket/domain';
import type { components } from '@voltmarket/contract';
import { listingIdParam, optionalSpelling, wholeId } from '../input-guards.js';
import { listPage, sendPageHeaders } from '../list-cursor.js';
import { TOKENS } from '../../main/container.js';
import { rateLimit } from '../rate-limit.js';
import { apiRouter } from '../router.js';

type RentalRequestInput = components['schemas']['RentalRequestInput'];
type RentalStatusInput = components['schemas']['RentalStatusInput'];
type RentalCancelInput = components['schemas']['RentalCancelInput'];
const MAX_ID = 2_147_483_647;
/** The contract's spelling of a rental sort (as listings spell theirs) for the one the application knows. */
const SORT_SPELLINGS: Partial<Record<string, RentalVehicleSort>> = { price_asc: 'price-asc', price_desc: 'price-desc' };

/** Renting: vehicles and their free days, quotes, requests, and the booking's life for its renter and owner. */
export function rentalRoutes(c: Container): Router {
  const router = apiRouter();
  const vehicles = c.get(ListRentalVehicles);
  const vehicle = c.get(GetRentalVehicle);
  const quote = c.get(QuoteRental);
  const request = c.get(RequestRental);
  const mine = c.get(ListMyRentals);
  const one = c.get(GetRental);
  const change = c.get(ChangeRentalStatus);
  // Each request notifies an owner: a person asks for a handful of stays a minute at most.
  const requestLimit = rateLimit(c.get(TOKENS.RateLimits), { name: 'rental-requests', limit: 10, windowMs: 60_000, message: 'You have sent several rental requests in a short time. Try again in {seconds} s.' });

  router.get('/rentals/vehicles', async (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    // bodyType was type, and price_asc price-asc, before the contract's 0.2.0: both are still taken.
    const bodyType = optionalSpelling<string>(q, 'bodyType', 'type');
    const at = listPage(req, 24);
    const page = await vehicles.execute({
      location: q.location,
      bodyType: bodyType && bodyType !== 'any' ? bodyType as RentalBodyType : undefined,
      startDate: q.startDate,
      endDate: q.endDate,
      sort: (q.sort === undefined ? undefined : SORT_SPELLINGS[q.sort] ?? q.sort) as RentalVehicleSort | undefined,
      limit: at.limit,
      offset: at.offset,
    });
    sendPageHeaders(res, at, page.items.length, page.total);
    res.json(page.items);
  });

  router.get('/rentals/vehicles/:id', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await vehicle.execute({ id: listingIdParam(req.params) }));
  });

  router.get('/rentals/quote', async (req, res) => {
    const q = req.query as Record<string, unknown>;
    res.set('Cache-Control', 'no-store');
    res.json(await quote.execute({ vehicleId: wholeId(q.vehicleId, 'vehicleId', MAX_ID), startDate: String(q.startDate), endDate: String(q.endDate) }));
  });

  router.post('/rentals', requestLimit, async (req, res) => {
    const body = req.body as RentalRequestInput;
    const booking = await request.execute({
      vehicleId: body.vehicleId, startDate: body.startDate, endDate: body.endDate,
      pickupLocation: body.pickupLocation, dropoffLocation: body.dropoffLocation, notes: body.notes ?? '',
    }, req.actor);
    res.status(201).location(`/api/rentals/${booking.id}`).json(booking);
  });

  router.get('/rentals/mine', async (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    const at = listPage(req, 50);
    const page = await mine.execute({
      as: q.as === 'owner' ? 'owner' : 'renter',
      status: q.status as RentalStatus | undefined,
      limit: at.limit,
      offset: at.offset,
    }, req.actor);
    sendPageHeaders(res, at, page.items.length, page.total);
    res.json(page.items);
  });

  router.get('/rentals/:id', async (req, res) => {
    res.json(await one.execute({ id: wholeId(req.params.id, 'id', MAX_ID) }, req.actor));
  });

  // The renter's way out; the owner declines (and staff cancel) through /status, with a reason.
  router.post('/rentals/:id/cancel', async (req, res) => {
    const body = (req.body ?? {}) as RentalCancelInput;
    res.json(await change.execute({ id: wholeId(req.params.id, 'id', MAX_ID), action: 'withdraw', reason: body.reason }, req.actor));
  });

  router.post('/rentals/:id/status', async (req, res) => {
    const body = req.body as RentalStatusInput;
    res.json(await change.execute({ id: wholeId(req.params.id, 'id', MAX_ID), action: ACTION_TO[body.status], reason: body.reason }, req.actor));
  });

  return router;
}
