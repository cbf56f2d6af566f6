import type { Request, Router } from 'express';
import type { Container } from 'inversify';
import {
  CreateApiKey, CreateWebhookEndpoint, DeleteWebhookEndpoint, ImportListings, ListApiKeys, ListWebhookDeliveries, ListWebhookEndpoints,
  PingWebhookEndpoint, ReplayWebhookDelivery, RevokeApiKey, type StoredApiKey, type StoredWebhookDelivery, type StoredWebhookEndpoint, UpdateWebhookEndpoint,
} from '@voltmarket/application';
import { ValidationError, notSignedIn } from '@voltmarket/domain';
import type { components } from '@voltmarket/contract';
import { ImportRowReader } from '../import-rows.js';
import { wholeId, wholeNumberParam } from '../input-guards.js';
import { apiRouter } from '../router.js';

type Schemas = components['schemas'];
const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

const apiKeyView = (k: StoredApiKey): Schemas['ApiKey'] => ({
  id: k.id, name: k.name, prefix: k.prefix, scopes: k.scopes, createdAt: k.createdAt.toISOString(), lastUsedAt: iso(k.lastUsedAt), revokedAt: iso(k.revokedAt),
});
const endpointView = (e: StoredWebhookEndpoint): Schemas['WebhookEndpoint'] => ({
  id: e.id, url: e.url, events: e.events, enabled: e.enabled, disabledAt: iso(e.disabledAt), disabledReason: e.disabledReason,
  failingSince: iso(e.failingSince), createdAt: e.createdAt.toISOString(),
});
const deliveryView = (d: StoredWebhookDelivery): Schemas['WebhookDelivery'] => ({
  id: d.id, endpointId: d.endpointId, eventId: d.eventId, event: d.event, status: d.status, attempts: d.attempts, lastStatusCode: d.lastStatusCode,
  lastError: d.lastError, createdAt: d.createdAt.toISOString(), lastAttemptAt: iso(d.lastAttemptAt), nextAttemptAt: iso(d.nextAttemptAt), deliveredAt: iso(d.deliveredAt),
});

/** The dealer API: Profile → Developer's keys and webhooks, and bulk import (see docs/api.md#the-dealer-api). */
export function developerRoutes(c: Container, spec: ConstructorParameters<typeof ImportRowReader>[0]): Router {
  const router = apiRouter();
  const createKey = c.get(CreateApiKey);
  const listKeys = c.get(ListApiKeys);
  const revokeKey = c.get(RevokeApiKey);
  const createEndpoint = c.get(CreateWebhookEndpoint);
  const listEndpoints = c.get(ListWebhookEndpoints);
  const updateEndpoint = c.get(UpdateWebhookEndpoint);
  const deleteEndpoint = c.get(DeleteWebhookEndpoint);
  const ping = c.get(PingWebhookEndpoint);
  const deliveries = c.get(ListWebhookDeliveries);
  const replay = c.get(ReplayWebhookDelivery);
  const importListings = c.get(ImportListings);
  const reader = new ImportRowReader(spec);
  const idOf = (req: Request, name = 'id') => wholeId(req.params[name], name);

  router.get('/developer/keys', async (req, res) => {
    res.json((await listKeys.execute(undefined, req.actor)).map(apiKeyView));
  });

  router.post('/developer/keys', async (req, res) => {
    const body = req.body as Schemas['ApiKeyInput'];
    const key = await createKey.execute({ name: body.name, scopes: body.scopes }, req.actor);
    res.status(201).json({ ...apiKeyView(key), secret: key.secret });
  });

  router.delete('/developer/keys/:id', async (req, res) => {
    await revokeKey.execute({ id: idOf(req) }, req.actor);
    res.status(204).end();
  });

  router.get('/developer/webhooks', async (req, res) => {
    res.json((await listEndpoints.execute(undefined, req.actor)).map(endpointView));
  });

  router.post('/developer/webhooks', async (req, res) => {
    const body = req.body as Schemas['WebhookEndpointInput'];
    const endpoint = await createEndpoint.execute({ url: body.url, events: body.events }, req.actor);
    res.status(201).json({ ...endpointView(endpoint), secret: endpoint.secret });
  });

  router.patch('/developer/webhooks/:id', async (req, res) => {
    const body = req.body as Schemas['WebhookEndpointPatch'];
    res.json(endpointView(await updateEndpoint.execute({ id: idOf(req), url: body.url, events: body.events, enabled: body.enabled }, req.actor)));
  });

  router.delete('/developer/webhooks/:id', async (req, res) => {
    await deleteEndpoint.execute({ id: idOf(req) }, req.actor);
    res.status(204).end();
  });

  router.post('/developer/webhooks/:id/ping', async (req, res) => {
    res.status(202).json(deliveryView(await ping.execute({ endpointId: idOf(req) }, req.actor)));
  });

  router.get('/developer/webhooks/:id/deliveries', async (req, res) => {
    const q = req.query as Record<string, unknown>;
    const before = typeof q.cursor === 'string' ? Number(q.cursor) : null;
    const page = await deliveries.execute({ endpointId: idOf(req), before, limit: wholeNumberParam(q, 'limit') ?? 50 }, req.actor);
    if (page.next !== null) res.set('X-Next-Cursor', String(page.next));
    res.json(page.items.map(deliveryView));
  });

  router.post('/developer/webhooks/:id/deliveries/:deliveryId/replay', async (req, res) => {
    res.status(202).json(deliveryView(await replay.execute({ endpointId: idOf(req), deliveryId: idOf(req, 'deliveryId') }, req.actor)));
  });

  router.post('/listings/import', async (req, res) => {
    // Who asks comes first: a visitor's import is a 401 whatever its rows.
    if (!req.actor) throw notSignedIn();
    if (typeof req.body !== 'string') throw new ValidationError([{ field: 'body', message: 'Send the rows as text/csv or application/x-ndjson' }]);
    const rows = req.is('text/csv') ? reader.fromCsv(req.body) : reader.fromJsonLines(req.body);
    res.json(await importListings.execute(rows, req.actor));
  });

  return router;
}
