import type { Router } from 'express';
import type { Container } from 'inversify';
import { AddToWishlist, ListWishlist, RemoveFromWishlist } from '@voltmarket/application';
import type { components } from '@voltmarket/contract';
import { listingIdParam, wholeId } from '../input-guards.js';
import { apiRouter } from '../router.js';

type WishlistInput = components['schemas']['WishlistInput'];

export function wishlistRoutes(c: Container): Router {
  const router = apiRouter();
  const add = c.get(AddToWishlist);
  const remove = c.get(RemoveFromWishlist);
  const list = c.get(ListWishlist);

  router.get('/wishlist', async (req, res) => {
    res.json(await list.execute(undefined, req.actor));
  });

  router.post('/wishlist', async (req, res) => {
    const body = req.body as WishlistInput;
    const { item, added } = await add.execute({ vehicleId: wholeId(body.vehicleId, 'vehicleId', 2_147_483_647) }, req.actor);
    res.status(added ? 201 : 200).json(item);
  });

  router.delete('/wishlist/:vehicleId', async (req, res) => {
    await remove.execute({ vehicleId: listingIdParam(req.params, 'vehicleId') }, req.actor);
    res.status(204).end();
  });

  return router;
}
