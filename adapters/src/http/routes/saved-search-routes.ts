import type { Router } from 'express';
import type { Container } from 'inversify';
import {
  DeleteSavedSearch, ListSavedSearches, MarkSavedSearchSeen, ProposeSavedSearch, SaveSearch, UnsubscribeSavedSearch, UpdateSavedSearch,
} from '@voltmarket/application';
import { ValidationError } from '@voltmarket/domain';
import type { components } from '@voltmarket/contract';
import { apiRouter } from '../router.js';

type SavedSearchInput = components['schemas']['SavedSearchInput'];
type SavedSearchPatch = components['schemas']['SavedSearchPatch'];
type SavedSearchCriteria = components['schemas']['SavedSearchCriteria'];

/** A saved search's id in a path: a uuid, else no such saved search can exist. */
function savedSearchId(params: Record<string, string | undefined>): string {
  const id = params.id ?? '';
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new ValidationError([{ field: 'id', message: 'id must be a saved search id (a uuid)' }]);
  return id.toLowerCase();
}

export function savedSearchRoutes(c: Container): Router {
  const router = apiRouter();
  const save = c.get(SaveSearch);
  const propose = c.get(ProposeSavedSearch);
  const list = c.get(ListSavedSearches);
  const update = c.get(UpdateSavedSearch);
  const remove = c.get(DeleteSavedSearch);
  const seen = c.get(MarkSavedSearchSeen);
  const unsubscribe = c.get(UnsubscribeSavedSearch);

  router.get('/saved-searches', async (req, res) => {
    res.json(await list.execute(undefined, req.actor));
  });

  router.post('/saved-searches', async (req, res) => {
    const body = req.body as SavedSearchInput;
    const { search, created } = await save.execute({ name: body.name, channel: body.channel, criteria: body.criteria }, req.actor);
    if (created) res.status(201).location(`/api/saved-searches/${search.id}`);
    res.json(search);
  });

  router.post('/saved-searches/proposal', (req, res) => {
    res.json(propose.execute(req.body as SavedSearchCriteria, req.actor));
  });

  // An email's unsubscribe address opened in a browser: the page that does it, and says so.
  router.get('/saved-searches/unsubscribe', (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    res.redirect(303, `/unsubscribe?token=${encodeURIComponent(token)}`);
  });

  // The page's request, and a mail client's one-click POST (RFC 8058): the token in the body or the query.
  router.post('/saved-searches/unsubscribe', async (req, res) => {
    const body = (req.body ?? {}) as { token?: unknown };
    const token = body.token ?? req.query.token;
    res.json(await unsubscribe.execute({ token }));
  });

  router.patch('/saved-searches/:id', async (req, res) => {
    const body = req.body as SavedSearchPatch;
    res.json(await update.execute({ id: savedSearchId(req.params), changes: { name: body.name, channel: body.channel, paused: body.paused } }, req.actor));
  });

  router.delete('/saved-searches/:id', async (req, res) => {
    await remove.execute({ id: savedSearchId(req.params) }, req.actor);
    res.status(204).end();
  });

  router.post('/saved-searches/:id/seen', async (req, res) => {
    res.json(await seen.execute({ id: savedSearchId(req.params) }, req.actor));
  });

  return router;
}
