import type { Router } from 'express';
import type { Container } from 'inversify';
import { GetMarketPrice } from '@voltmarket/application';
import { apiRouter } from '../router.js';

export function marketPriceRoutes(c: Container): Router {
  const router = apiRouter();
  const get = c.get(GetMarketPrice);

  router.get('/market-prices', async (req, res) => {
    const { brand, model, year, price: asking } = req.query;
    const price = await get.execute({ brand, model, year, price: asking });
    // The job computes prices every few minutes at most: a shared cache may keep one as long.
    res.set('Cache-Control', 'public, max-age=300');
    res.json(price);
  });

  return router;
}
