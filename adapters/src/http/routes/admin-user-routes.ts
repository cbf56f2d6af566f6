import type { Router } from 'express';
import { once } from 'node:events';
import type { Container } from 'inversify';
import {
  ADMIN_USER_SORTS, type AdminUserFilter, type AdminUserRow, type AdminUserSort, ChangeUserRole, ExportUsers,
  ListAdminUsers,
} from '@voltmarket/application';
import { type Actor, ROLES, ValidationError, userNotFound } from '@voltmarket/domain';
import type { components } from '@voltmarket/contract';
import { type ListSpec, filters, parseListQuery, sendPage } from '../simple-rest.js';
import { apiRouter } from '../router.js';

type AdminUserUpdate = components['schemas']['AdminUserUpdate'];

const USERS: ListSpec<AdminUserSort> = {
  resource: 'users',
  sorts: ADMIN_USER_SORTS,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filters: {
    id: filters.ids(filters.text(128)),
    role: filters.oneOf(ROLES),
    q: filters.text(100),
  },
};

const CSV_COLUMNS: [string, (u: AdminUserRow) => string | number | null][] = [
  ['id', (u) => u.id],
  ['email', (u) => u.email],
  ['first_name', (u) => u.firstName],
  ['last_name', (u) => u.lastName],
  ['phone', (u) => u.phone],
  ['role', (u) => u.role],
  ['joined', (u) => u.createdAt],
  ['listings', (u) => u.listingCount],
  ['active_listings', (u) => u.activeListingCount],
];

/**
 * One CSV cell. A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with
 * a quote, so a name like "=HYPERLINK(...)" stays text on a staff member's machine.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function adminUserRoutes(c: Container): Router {
  const router = apiRouter();
  const list = c.get(ListAdminUsers);
  const exportUsers = c.get(ExportUsers);
  const changeRole = c.get(ChangeUserRole);

  const one = async (id: string, actor: Actor | null) => {
    const { items } = await list.execute({ filter: { ids: [id] }, sort: USERS.defaultSort, range: { start: 0, end: 0 } }, actor);
    if (!items[0]) throw userNotFound(id);
    return items[0];
  };

  router.get('/admin/users', async (req, res) => {
    const query = parseListQuery<AdminUserFilter, AdminUserSort>(req.query, USERS);
    sendPage(res, 'users', query.range, await list.execute(query, req.actor));
  });

  router.get('/admin/users/export', async (req, res) => {
    const { filter, sort } = parseListQuery<AdminUserFilter, AdminUserSort>(req.query, USERS);
    const batches = exportUsers.execute({ filter, sort }, req.actor)[Symbol.asyncIterator]();
    // The first batch is read before anything is sent, so a failure still gets a JSON error.
    let next = await batches.next();
    const day = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="voltmarket-users-${day}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    res.write(`\uFEFF${CSV_COLUMNS.map(([name]) => name).join(',')}\r\n`);
    while (!next.done) {
      // A staff member who cancels the download stops the export; a slow one slows it down.
      if (res.destroyed) return batches.return?.();
      const chunk = next.value.map((u) => CSV_COLUMNS.map(([, read]) => csvCell(read(u))).join(',')).join('\r\n') + '\r\n';
      if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
      next = await batches.next();
    }
    res.end();
  });

  router.get('/admin/users/:id', async (req, res) => {
    res.json(await one(String(req.params.id), req.actor));
  });

  router.put('/admin/users/:id', async (req, res) => {
    const id = String(req.params.id);
    const body = req.body as AdminUserUpdate;
    if (body.id !== undefined && body.id !== id) throw new ValidationError([{ field: 'id', message: 'id must match the user in the path' }]);
    await changeRole.execute({ userId: id, role: body.role }, req.actor);
    res.json(await one(id, req.actor));
  });

  return router;
}
