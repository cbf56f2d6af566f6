import type { Router } from 'express';
import type { Container } from 'inversify';
import {
  DecideListingRevision, GetReportGroup, LiftSuspension, ListListingRevisions, ListReportGroups, ResolveReports, SuspendUser,
  type ListingRevisionForStaff,
} from '@voltmarket/application';
import { LISTING_CHANGE_STATUSES, type ListingChangeStatus, type ReportTarget, listingChangeNotFound, reportNotFound } from '@voltmarket/domain';
import type { components } from '@voltmarket/contract';
import { wholeId } from '../input-guards.js';
import { type ListSpec, filters, parseListQuery, sendPage } from '../simple-rest.js';
import { apiRouter } from '../router.js';

type RejectInput = components['schemas']['ListingChangeRejectInput'];
type ResolveInput = components['schemas']['ReportResolveInput'];
type SuspendInput = components['schemas']['SuspendInput'];

const CHANGES: ListSpec<'submittedAt'> = {
  resource: 'listing-changes',
  sorts: ['submittedAt'],
  defaultSort: { field: 'submittedAt', order: 'ASC' },
  filters: {
    id: filters.ids(filters.wholeNumber(1, Number.MAX_SAFE_INTEGER)),
    status: filters.oneOf(LISTING_CHANGE_STATUSES),
    vehicleId: filters.wholeNumber(1, 2_147_483_647),
  },
};

const REPORTS: ListSpec<'oldestAt'> = {
  resource: 'reports',
  sorts: ['oldestAt'],
  defaultSort: { field: 'oldestAt', order: 'ASC' },
  filters: {
    status: filters.oneOf(['open', 'closed']),
    target: filters.oneOf(['listing', 'user']),
  },
};

const toChangeView = (c: ListingRevisionForStaff) => ({
  id: c.id, vehicleId: c.listingId, sellerId: c.sellerId, sellerName: c.sellerName, listingTitle: c.listingTitle, listingStatus: c.listingStatus,
  status: c.status, changes: c.changes, live: c.live, flags: c.flags, reason: c.reason, submittedAt: c.submittedAt.toISOString(), decidedAt: c.decidedAt?.toISOString() ?? null,
});

/** The backoffice's trust and safety: changes to live listings waiting for review, reports, suspensions. */
export function adminSafetyRoutes(c: Container): Router {
  const router = apiRouter();
  const listChanges = c.get(ListListingRevisions);
  const decide = c.get(DecideListingRevision);
  const groups = c.get(ListReportGroups);
  const group = c.get(GetReportGroup);
  const resolve = c.get(ResolveReports);
  const suspend = c.get(SuspendUser);
  const lift = c.get(LiftSuspension);

  router.get('/admin/listing-changes', async (req, res) => {
    const { range, filter } = parseListQuery<{ id?: number[]; status?: ListingChangeStatus; vehicleId?: number }, 'submittedAt'>(req.query, CHANGES);
    const page = await listChanges.execute({
      ...(filter.id ? { ids: filter.id } : {}), status: filter.status, listingId: filter.vehicleId, offset: range.start, limit: range.end - range.start + 1,
    }, req.actor);
    sendPage(res, 'listing-changes', range, { items: page.items.map(toChangeView), total: page.total });
  });

  router.get('/admin/listing-changes/:id', async (req, res) => {
    const id = wholeId(req.params.id, 'id');
    const { items } = await listChanges.execute({ ids: [id], offset: 0, limit: 1 }, req.actor);
    if (!items[0]) throw listingChangeNotFound(id);
    res.json(toChangeView(items[0]));
  });

  router.post('/admin/listing-changes/:id/approve', async (req, res) => {
    res.json(await decide.execute({ id: wholeId(req.params.id, 'id'), decision: { kind: 'approve' } }, req.actor));
  });

  router.post('/admin/listing-changes/:id/reject', async (req, res) => {
    const body = req.body as RejectInput;
    res.json(await decide.execute({ id: wholeId(req.params.id, 'id'), decision: { kind: 'reject', reason: body.reason } }, req.actor));
  });

  router.get('/admin/reports', async (req, res) => {
    const { range, filter } = parseListQuery<{ status?: 'open' | 'closed'; target?: ReportTarget }, 'oldestAt'>(req.query, REPORTS);
    const page = await groups.execute({ status: filter.status ?? 'open', target: filter.target, offset: range.start, limit: range.end - range.start + 1 }, req.actor);
    sendPage(res, 'reports', range, page);
  });

  router.get('/admin/reports/:id', async (req, res) => {
    res.json(await group.execute({ id: req.params.id! }, req.actor));
  });

  router.post('/admin/reports/:id/resolve', async (req, res) => {
    const body = req.body as ResolveInput;
    // The contract's pattern guarantees the shape; the use case checks the caller and finds the reports.
    const [, target, targetId] = /^(listing|user):(.{1,128})$/.exec(req.params.id!) ?? [];
    if (!target || !targetId) throw reportNotFound(req.params.id!);
    res.json(await resolve.execute({
      target: target as ReportTarget, targetId, outcome: body.outcome, reason: body.reason ?? '', days: body.days, takeDown: body.takeDown,
    }, req.actor));
  });

  router.post('/admin/users/:id/suspend', async (req, res) => {
    const body = req.body as SuspendInput;
    res.json(await suspend.execute({ userId: req.params.id!, reason: body.reason, days: body.days }, req.actor));
  });

  router.post('/admin/users/:id/lift-suspension', async (req, res) => {
    res.json(await lift.execute({ userId: req.params.id! }, req.actor));
  });

  return router;
}
