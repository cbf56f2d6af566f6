import type { Router } from 'express';
import type { Container } from 'inversify';
import { DecideDealerVerification, ListDealerRequests } from '@voltmarket/application';
import { DEALER_STATUSES, type DealerStatus, dealerRequestNotFound } from '@voltmarket/domain';
import type { components } from '@voltmarket/contract';
import { type ListSpec, filters, parseListQuery, sendPage } from '../simple-rest.js';
import { apiRouter } from '../router.js';

type RejectInput = components['schemas']['DealerRejectInput'];
interface DealerRequestFilter { id?: string[]; status?: DealerStatus; q?: string }

const DEALER_REQUESTS: ListSpec<'submittedAt'> = {
  resource: 'dealer-requests',
  sorts: ['submittedAt'],
  defaultSort: { field: 'submittedAt', order: 'ASC' },
  filters: {
    id: filters.ids(filters.text(128)),
    status: filters.oneOf(DEALER_STATUSES),
    q: filters.text(100),
  },
};

/** The backoffice's Dealer requests: sellers asking for the verified dealer badge, oldest first; support and admins verify or reject with a reason. */
export function adminDealerRoutes(c: Container): Router {
  const router = apiRouter();
  const list = c.get(ListDealerRequests);
  const decide = c.get(DecideDealerVerification);

  router.get('/admin/dealer-requests', async (req, res) => {
    const { range, sort, filter } = parseListQuery<DealerRequestFilter, 'submittedAt'>(req.query, DEALER_REQUESTS);
    const page = await list.execute({
      ...(filter.id ? { ids: filter.id } : {}), ...(filter.status ? { status: filter.status } : {}), ...(filter.q ? { q: filter.q } : {}),
      order: sort.order, offset: range.start, limit: range.end - range.start + 1,
    }, req.actor);
    sendPage(res, 'dealer-requests', range, page);
  });

  router.get('/admin/dealer-requests/:id', async (req, res) => {
    const { items: [request] } = await list.execute({ ids: [req.params.id], order: 'ASC', offset: 0, limit: 1 }, req.actor);
    if (!request) throw dealerRequestNotFound(req.params.id);
    res.json(request);
  });

  router.post('/admin/dealer-requests/:id/verify', async (req, res) => {
    res.json(await decide.execute({ userId: req.params.id, verdict: 'verify' }, req.actor));
  });

  router.post('/admin/dealer-requests/:id/reject', async (req, res) => {
    const body = req.body as RejectInput;
    res.json(await decide.execute({ userId: req.params.id, verdict: 'reject', reason: body.reason }, req.actor));
  });

  return router;
}
