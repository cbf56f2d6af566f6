import type { Router } from 'express';
import type { Container } from 'inversify';
import {
  ADMIN_PACKAGE_SORTS, ADMIN_PAYMENT_SORTS, type AdminPackageFilter, type AdminPackageSort, type AdminPaymentFilter, type AdminPaymentSort,
  adminPaymentNotFound, GetAdvertisingSummary, ListAdminPackages, ListAdminPayments, RefundPayment,
} from '@voltmarket/application';
import { DomainError, PACKAGE_STATUSES, PACKAGE_TYPES, PAYMENT_STATUSES } from '@voltmarket/domain';
import { wholeId } from '../input-guards.js';
import { type ListSpec, filters, parseListQuery, sendPage } from '../simple-rest.js';
import { apiRouter } from '../router.js';

const MAX_ID = 2_147_483_647;
const PAYMENTS: ListSpec<AdminPaymentSort> = {
  resource: 'payments',
  sorts: ADMIN_PAYMENT_SORTS,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filters: {
    id: filters.ids(filters.wholeNumber(1, MAX_ID)),
    status: filters.oneOf(PAYMENT_STATUSES),
    from: filters.date, to: filters.date,
    sellerId: filters.text(128),
    vehicleId: filters.wholeNumber(1, MAX_ID),
    q: filters.text(100),
  },
};

const PACKAGES: ListSpec<AdminPackageSort> = {
  resource: 'advertising-packages',
  sorts: ADMIN_PACKAGE_SORTS,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filters: {
    id: filters.ids(filters.wholeNumber(1, MAX_ID)),
    status: filters.oneOf(PACKAGE_STATUSES),
    packageType: filters.oneOf(PACKAGE_TYPES),
    tier: filters.wholeNumber(1, 3),
    sellerId: filters.text(128),
    vehicleId: filters.wholeNumber(1, MAX_ID),
  },
};

/** The backoffice's Advertising: payments, packages, revenue, and the admin's refund. */
export function adminAdvertisingRoutes(c: Container): Router {
  const router = apiRouter();
  const payments = c.get(ListAdminPayments);
  const packages = c.get(ListAdminPackages);
  const summary = c.get(GetAdvertisingSummary);
  const refund = c.get(RefundPayment);

  router.get('/admin/payments', async (req, res) => {
    const query = parseListQuery<AdminPaymentFilter, AdminPaymentSort>(req.query, PAYMENTS);
    sendPage(res, 'payments', query.range, await payments.execute(query, req.actor));
  });

  router.get('/admin/payments/:id', async (req, res) => {
    const id = wholeId(req.params.id, 'id', MAX_ID);
    const { items } = await payments.execute({ filter: { ids: [id] }, sort: PAYMENTS.defaultSort, range: { start: 0, end: 0 } }, req.actor);
    if (!items[0]) throw adminPaymentNotFound(id);
    res.json(items[0]);
  });

  router.post('/admin/payments/:id/refund', async (req, res) => {
    res.json(await refund.execute({ id: wholeId(req.params.id, 'id', MAX_ID) }, req.actor));
  });

  router.get('/admin/advertising-packages', async (req, res) => {
    const query = parseListQuery<AdminPackageFilter, AdminPackageSort>(req.query, PACKAGES);
    sendPage(res, 'advertising-packages', query.range, await packages.execute(query, req.actor));
  });

  router.get('/admin/advertising-packages/:id', async (req, res) => {
    const id = wholeId(req.params.id, 'id', MAX_ID);
    const { items } = await packages.execute({ filter: { ids: [id] }, sort: PACKAGES.defaultSort, range: { start: 0, end: 0 } }, req.actor);
    if (!items[0]) throw new DomainError('not_found', 'PACKAGE_NOT_FOUND', `No advertising package ${id}.`);
    res.json(items[0]);
  });

  router.get('/admin/advertising/summary', async (req, res) => {
    res.json(await summary.execute(undefined, req.actor));
  });

  return router;
}
