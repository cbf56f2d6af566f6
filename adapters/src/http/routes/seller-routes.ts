import type { Router } from 'express';
import type { Container } from 'inversify';
import { GetSellerProfile, ListSellerListings, type SellerListingSort } from '@voltmarket/application';
import { apiRouter } from '../router.js';

/** Sellers' public pages: anyone may read them. */
export function sellerRoutes(c: Container): Router {
  const router = apiRouter();
  const profile = c.get(GetSellerProfile);
  const listings = c.get(ListSellerListings);

  router.get('/sellers/:id', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await profile.execute({ id: String(req.params.id) }, req.actor));
  });

  router.get('/sellers/:id/listings', async (req, res) => {
    const { sort, offset, limit } = req.query as { sort?: SellerListingSort; offset?: string; limit?: string };
    const page = await listings.execute({
      id: String(req.params.id), sort, offset: offset === undefined ? undefined : Number(offset), limit: limit === undefined ? undefined : Number(limit),
    }, req.actor);
    res.set('X-Total-Count', String(page.total));
    res.set('Access-Control-Expose-Headers', 'X-Total-Count');
    res.json(page.items);
  });

  return router;
}
