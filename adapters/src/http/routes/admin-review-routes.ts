import type { Router } from 'express';
import type { Container } from 'inversify';
import { ListAdminReviews, ModerateReview } from '@voltmarket/application';
import { reviewNotFound } from '@voltmarket/domain';
import type { components } from '@voltmarket/contract';
import { wholeId } from '../input-guards.js';
import { type ListSpec, filters, parseListQuery, sendPage } from '../simple-rest.js';
import { apiRouter } from '../router.js';

type HideInput = components['schemas']['ReviewHideInput'];
interface AdminReviewFilter { ids?: number[]; hidden?: boolean; revieweeId?: string; q?: string }

const REVIEWS: ListSpec<'createdAt'> = {
  resource: 'reviews',
  sorts: ['createdAt'],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filters: {
    id: filters.ids(filters.wholeNumber(1, Number.MAX_SAFE_INTEGER)),
    hidden: filters.bool,
    revieweeId: filters.text(128),
    q: filters.text(100),
  },
};

/** The backoffice's Reviews: every review, newest first; support and admins hide one with a reason, or show it again. */
export function adminReviewRoutes(c: Container): Router {
  const router = apiRouter();
  const list = c.get(ListAdminReviews);
  const moderate = c.get(ModerateReview);

  router.get('/admin/reviews', async (req, res) => {
    const query = parseListQuery<AdminReviewFilter & { id?: number[] }, 'createdAt'>(req.query, REVIEWS);
    const { range, filter } = query;
    const page = await list.execute({
      ...(filter.id ? { ids: filter.id } : {}), hidden: filter.hidden, revieweeId: filter.revieweeId, q: filter.q, offset: range.start, limit: range.end - range.start + 1,
    }, req.actor);
    sendPage(res, 'reviews', range, page);
  });

  router.get('/admin/reviews/:id', async (req, res) => {
    const id = wholeId(req.params.id, 'id');
    const { items } = await list.execute({ ids: [id], offset: 0, limit: 1 }, req.actor);
    if (!items[0]) throw reviewNotFound(id);
    res.json(items[0]);
  });

  router.post('/admin/reviews/:id/hide', async (req, res) => {
    const body = req.body as HideInput;
    res.json(await moderate.execute({ id: wholeId(req.params.id, 'id'), action: 'hide', reason: body.reason }, req.actor));
  });

  router.post('/admin/reviews/:id/show', async (req, res) => {
    res.json(await moderate.execute({ id: wholeId(req.params.id, 'id'), action: 'show' }, req.actor));
  });

  return router;
}
