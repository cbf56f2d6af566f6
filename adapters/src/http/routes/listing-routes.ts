import type { Router } from 'express';
import type { Container } from 'inversify';
import {
  GetFeaturedListings, GetListing, GetMarketplaceStats, LISTING_SORTS, ListMyListings, ReviseListing, SEARCH_PAGE, SearchListings, SubmitListing,
  WithdrawListing, MarkListingSold, type ListingSort,
} from '@voltmarket/application';
import {
  BRANDS, BRAND_MODELS, CHARGING_TYPES, DEFAULT_BATTERY_HEALTH, DEFAULT_CHARGING_TYPE, LISTING_LOCATIONS,
  type ListingDetails, type ListingDetailsPatch, VEHICLE_TYPES, type VehicleType,
} from '@voltmarket/domain';
import type { components } from '@voltmarket/contract';
import { visitorKey } from '../auth.js';
import { isMembersFirstView } from '../first-view.js';
import { listingIdParam, wholeNumberParam } from '../input-guards.js';
import { apiRouter } from '../router.js';
import { optionalListPage, sendPageHeaders } from '../list-cursor.js';
import { decodeSearchCursor, encodeSearchCursor } from '../search-cursor.js';

type VehicleInput = components['schemas']['VehicleInput'];
type VehicleFields = components['schemas']['VehiclePatch'];

/** How long a proxy or browser may reuse a visitor's search answer, and serve it stale while it fetches a fresh one. */
export const PUBLIC_SEARCH_CACHE = 'public, max-age=5, stale-while-revalidate=30';

export function listingRoutes(c: Container): Router {
  const router = apiRouter();
  const search = c.get(SearchListings);
  const submit = c.get(SubmitListing);
  const revise = c.get(ReviseListing);
  const withdraw = c.get(WithdrawListing);
  const markSold = c.get(MarkListingSold);
  const getListing = c.get(GetListing);
  const myListings = c.get(ListMyListings);
  const marketplaceStats = c.get(GetMarketplaceStats);
  const featured = c.get(GetFeaturedListings);

  router.get('/catalogue', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600');
    res.json({
      brands: BRANDS.map((name) => ({ name, models: BRAND_MODELS[name] ?? [] })),
      vehicleTypes: VEHICLE_TYPES,
      chargingTypes: CHARGING_TYPES,
      locations: LISTING_LOCATIONS,
      sorts: LISTING_SORTS,
    });
  });

  router.get('/stats', async (req, res) => {
    const stats = await marketplaceStats.execute(undefined, req.actor);
    res.set('Cache-Control', 'public, max-age=30');
    res.json(stats);
  });

  router.get('/vehicles', async (req, res) => {
    const q = req.query as Record<string, unknown>;
    const page = await search.execute({
      vehicleType: q.vehicleType as VehicleType | undefined,
      location: q.location as string | undefined,
      brand: q.brand as string | undefined,
      model: q.model as string | undefined,
      yearMin: wholeNumberParam(q, 'yearMin'),
      yearMax: wholeNumberParam(q, 'yearMax'),
      minPrice: wholeNumberParam(q, 'minPrice'),
      maxPrice: wholeNumberParam(q, 'maxPrice'),
      search: q.search as string | undefined,
      sort: (q.sort as ListingSort | undefined) ?? 'default',
      limit: wholeNumberParam(q, 'limit') ?? SEARCH_PAGE.defaultLimit,
      offset: wholeNumberParam(q, 'offset') ?? 0,
      cursor: decodeSearchCursor(q.cursor),
    }, req.actor);
    res.set('X-Total-Count', String(page.total));
    if (page.totalCapped) res.set('X-Total-Count-Capped', 'true');
    if (page.next) res.set('X-Next-Cursor', encodeSearchCursor(page.next));
    // A city or kind of vehicle the text named, searched as its filter ("buses in Kano"): the page can say so.
    if (page.fromText.location) res.set('X-Search-Location', page.fromText.location);
    if (page.fromText.vehicleType) res.set('X-Search-Vehicle-Type', page.fromText.vehicleType);
    // The words left once they were read, percent-encoded: a header carries no "Ìbàdàn" as typed.
    if (page.fromText.words !== undefined) res.set('X-Search-Words', encodeURIComponent(page.fromText.words));
    res.set('Access-Control-Expose-Headers', 'X-Total-Count, X-Total-Count-Capped, X-Next-Cursor, X-Search-Location, X-Search-Vehicle-Type, X-Search-Words');
    // A visitor's answer is the same for every visitor: a proxy may keep it a few seconds (signed-in
    // answers carry member names and stay no-store, see privateToCaller). Express's weak ETag covers
    // the page; a 304 carries the current X-Total-Count, which caches take in place of the stored one.
    if (!req.headers.authorization) res.set('Cache-Control', PUBLIC_SEARCH_CACHE);
    res.json(page.items);
  });

  router.post('/vehicles', async (req, res) => {
    const body = req.body as VehicleInput;
    const listing = await submit.execute(toDetails(body), req.actor);
    res.status(201).location(`/api/vehicles/${listing.id}`).json(listing);
  });

  router.get('/vehicles/featured', async (req, res) => {
    const items = await featured.execute({ limit: wholeNumberParam(req.query as Record<string, unknown>, 'limit') ?? 6 }, req.actor);
    if (!req.headers.authorization) res.set('Cache-Control', 'public, max-age=5');
    res.json(items);
  });

  router.get('/vehicles/my-listings', async (req, res) => {
    const mine = await myListings.execute(undefined, req.actor);
    // The storefront's page takes the whole list; a dealer's client may page it (limit, cursor).
    const at = optionalListPage(req, 100);
    if (!at) {
      res.json(mine);
      return;
    }
    const page = mine.slice(at.offset, at.offset + at.limit);
    sendPageHeaders(res, at, page.length, mine.length);
    res.json(page);
  });

  router.get('/vehicles/:id', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await getListing.execute({ id: listingIdParam(req.params), visitorKey: visitorKey(req), countView: !isMembersFirstView(req) }, req.actor));
  });

  router.patch('/vehicles/:id', async (req, res) => {
    const body = req.body as VehicleFields;
    res.json(await revise.execute({ id: listingIdParam(req.params), changes: toPatch(body) }, req.actor));
  });

  router.post('/vehicles/:id/sold', async (req, res) => {
    res.json(await markSold.execute({ id: listingIdParam(req.params) }, req.actor));
  });

  router.delete('/vehicles/:id', async (req, res) => {
    await withdraw.execute({ id: listingIdParam(req.params) }, req.actor);
    res.status(204).end();
  });

  return router;
}

export function toDetails(body: VehicleInput): ListingDetails {
  return {
    title: body.title,
    description: body.description,
    price: body.price,
    year: body.year,
    mileage: body.mileage,
    range: body.range,
    vehicleType: body.vehicleType,
    brand: body.brand,
    model: body.model,
    location: body.location,
    imageUrls: body.imageUrls,
    batteryHealth: body.batteryHealth ?? DEFAULT_BATTERY_HEALTH,
    chargingType: body.chargingType ?? DEFAULT_CHARGING_TYPE,
    fastChargingTime: body.fastChargingTime ?? null,
    vin: body.vin ?? null,
    sellerPhone: body.sellerPhone ?? null,
    isRentalAvailable: body.isRentalAvailable ?? false,
    dailyRentalRate: body.dailyRentalRate ?? null,
    weeklyRentalRate: body.weeklyRentalRate ?? null,
    monthlyRentalRate: body.monthlyRentalRate ?? null,
  };
}

/** Keeps only listing fields; sellerId was checked by the caller and is not a change. */
export function toPatch(body: VehicleFields): ListingDetailsPatch {
  const { sellerId: _ignored, ...changes } = body;
  return changes as ListingDetailsPatch;
}
