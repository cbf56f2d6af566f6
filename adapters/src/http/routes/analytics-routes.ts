import type { Router } from 'express';
import type { Container } from 'inversify';
import { GetListingInsights, GetMarketplaceAnalytics, type MarketplaceAnalyticsBucket } from '@voltmarket/application';
import { listingIdParam } from '../input-guards.js';
import { apiRouter } from '../router.js';
import { csvCell } from './admin-user-routes.js';

type Figures = Omit<MarketplaceAnalyticsBucket, 'from' | 'to'>;

const CSV_COLUMNS: [string, keyof Figures][] = [
  ['new_listings', 'newListings'],
  ['approvals', 'approvals'],
  ['rejections', 'rejections'],
  ['active_sellers', 'activeSellers'],
  ['messages', 'messages'],
  ['inquiries', 'inquiries'],
  ['chats_started', 'chats'],
  ['rental_requests', 'rentalRequests'],
  ['ad_revenue_naira', 'adRevenue'],
  ['ad_sales', 'adSales'],
  ['views', 'views'],
  ['saves', 'saves'],
];

/** A seller's Insights into one listing, and the staff's Analytics (as JSON for the charts, as CSV to download). */
export function analyticsRoutes(c: Container): Router {
  const router = apiRouter();
  const insights = c.get(GetListingInsights);
  const analytics = c.get(GetMarketplaceAnalytics);

  router.get('/vehicles/:id/insights', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await insights.execute({ id: listingIdParam(req.params) }, req.actor));
  });

  router.get('/admin/analytics', async (req, res) => {
    const { from, to, interval } = req.query;
    res.json(await analytics.execute({ from, to, interval }, req.actor));
  });

  router.get('/admin/analytics/export', async (req, res) => {
    const { from, to, interval } = req.query;
    const figures = await analytics.execute({ from, to, interval }, req.actor);
    const row = (period: string, first: string, last: string, f: Figures) =>
      [period, first, last, ...CSV_COLUMNS.map(([, key]) => f[key])].map(csvCell).join(',');
    const lines = [
      ['period', 'from', 'to', ...CSV_COLUMNS.map(([name]) => name)].join(','),
      ...figures.buckets.map((b) => row(figures.interval, b.from, b.to, b)),
      row('total', figures.from, figures.to, figures.totals),
    ];
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="voltmarket-analytics-${figures.from}-to-${figures.to}-by-${figures.interval}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(`\uFEFF${lines.join('\r\n')}\r\n`);
  });

  return router;
}
