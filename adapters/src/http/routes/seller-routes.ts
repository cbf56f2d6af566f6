import type { Router } from 'express';
import type { Container } from 'inversify';
import { GetSellerProfile, ListSellerListings, type SellerListingSort } from '@voltmarket/application';
import { listPage, sendPageHeaders } from '../list-cursor.js';
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
    const { sort } = req.query as { sort?: SellerListingSort };
    const at = listPage(req, 12);
    const page = await listings.execute({ id: String(req.params.id), sort, offset: at.offset, limit: at.limit }, req.actor);
    sendPageHeaders(res, at, page.items.length, page.total);
    res.json(page.items);
  });

  return router;
}
