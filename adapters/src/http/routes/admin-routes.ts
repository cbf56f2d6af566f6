import type { Router } from 'express';
import type { Container } from 'inversify';
import {
  AUDIT_SORTS, type AuditFilter, type AuditSort, GetAdminStats, GetCarOfTheWeek, ListAuditEntries, requireStaff,
} from '@voltmarket/application';
import { AUDIT_ACTIONS, DomainError, isAdmin } from '@voltmarket/domain';
import { type ListSpec, filters, parseListQuery, sendPage } from '../simple-rest.js';
import { apiRouter } from '../router.js';

const AUDIT_LOG: ListSpec<AuditSort> = {
  resource: 'audit-log',
  sorts: AUDIT_SORTS,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filters: {
    id: filters.ids(filters.wholeNumber(1, 2_147_483_647)),
    action: filters.oneOf(AUDIT_ACTIONS),
    resource: filters.oneOf(['vehicles', 'users', 'payments', 'rentals', 'reviews', 'reports', 'contact-messages']),
    recordId: filters.text(128),
    actorId: filters.text(128),
    q: filters.text(100),
  },
};

/** The backoffice's own routes: who the caller is to it, the dashboard figures and car of the week, and the audit log. */
export function adminRoutes(c: Container): Router {
  const router = apiRouter();
  const stats = c.get(GetAdminStats);
  const auditLog = c.get(ListAuditEntries);
  const carOfTheWeek = c.get(GetCarOfTheWeek);

  router.get('/admin/check', (req, res) => {
    const staff = requireStaff(req.actor);
    res.json({ isAdmin: isAdmin(staff), isStaff: true, role: staff.role });
  });

  router.get('/admin/stats', async (req, res) => {
    res.json(await stats.execute(undefined, req.actor));
  });

  router.get('/admin/car-of-the-week', async (req, res) => {
    res.json(await carOfTheWeek.execute(undefined, req.actor));
  });

  router.get('/admin/audit-log', async (req, res) => {
    const query = parseListQuery<AuditFilter, AuditSort>(req.query, AUDIT_LOG);
    sendPage(res, 'audit-log', query.range, await auditLog.execute(query, req.actor));
  });

  router.get('/admin/audit-log/:id', async (req, res) => {
    const id = Number(req.params.id);
    const { items } = await auditLog.execute({ filter: { ids: [id] }, sort: AUDIT_LOG.defaultSort, range: { start: 0, end: 0 } }, req.actor);
    if (!items[0]) throw new DomainError('not_found', 'AUDIT_ENTRY_NOT_FOUND', `Audit entry ${id} was not found.`);
    res.json(items[0]);
  });

  return router;
}
