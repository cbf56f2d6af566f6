import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  AuthenticateApiKey, CreateApiKey, ImportListings, ReviseListing, SubmitListing, CreateWebhookEndpoint, DeleteWebhookEndpoint, ListApiKeys, ListWebhookDeliveries, ListWebhookEndpoints,
  Notifier, PingWebhookEndpoint, ReplayWebhookDelivery, RevokeApiKey, SendWebhookDeliveries, UpdateWebhookEndpoint,
} from '@voltmarket/application';
import type { AppConfig } from '../config.js';
import { TOKENS } from '../tokens.js';
import { PostgresApiKeyStore } from '../../postgres/api-key-store.js';
import { PostgresExternalIds } from '../../postgres/external-ids.js';
import { PostgresIdempotency } from '../../postgres/idempotency-store.js';
import { PostgresWebhooks } from '../../postgres/webhook-store.js';
import { RandomSecrets } from '../../developer/secrets.js';
import { HttpsWebhookSender } from '../../developer/webhook-sender.js';

/** The dealer API: sellers' API keys, their webhooks and the outbox that sends them, and idempotent retries. */
export const developerModule = new ContainerModule(({ bind }) => {
  const { ApiKeyStore: A, Secrets: S, WebhookStore: H, WebhookOutbox: O, WebhookQueue: Q, WebhookSender: X, UserRepository: U, UnitOfWork: W, Clock: K } = TOKENS;
  bind(A).toResolvedValue((orm: MikroORM) => new PostgresApiKeyStore(orm), [TOKENS.Orm]);
  bind(S).toConstantValue(new RandomSecrets());
  bind(PostgresWebhooks).toResolvedValue((orm: MikroORM) => new PostgresWebhooks(orm), [TOKENS.Orm]);
  bind(H).toService(PostgresWebhooks);
  bind(O).toService(PostgresWebhooks);
  bind(Q).toService(PostgresWebhooks);
  bind(X).toResolvedValue((config: AppConfig) => new HttpsWebhookSender({ loopbackReceiver: config.webhookLoopbackReceiver }), [TOKENS.Config]);
  // No request holds its claim longer than four statement limits (60 s by default): one still unanswered then was cut by a crash.
  bind(TOKENS.Idempotency).toResolvedValue((orm: MikroORM, config: AppConfig) => new PostgresIdempotency(orm, 4 * config.statementTimeoutMs), [TOKENS.Orm, TOKENS.Config]);
  bind(CreateApiKey).toResolvedValue((u, a, s, k) => new CreateApiKey(u, a, s, k), [U, A, S, K]);
  bind(ListApiKeys).toResolvedValue((a) => new ListApiKeys(a), [A]);
  bind(RevokeApiKey).toResolvedValue((a, k) => new RevokeApiKey(a, k), [A, K]);
  bind(AuthenticateApiKey).toResolvedValue((a, u, s, k) => new AuthenticateApiKey(a, u, s, k), [A, U, S, K]);
  const urls = (config: AppConfig) => ({ loopbackHttp: config.webhookLoopbackReceiver });
  bind(CreateWebhookEndpoint).toResolvedValue((u, h, s, k, config: AppConfig) => new CreateWebhookEndpoint(u, h, s, k, urls(config)), [U, H, S, K, TOKENS.Config]);
  bind(ListWebhookEndpoints).toResolvedValue((h) => new ListWebhookEndpoints(h), [H]);
  bind(UpdateWebhookEndpoint).toResolvedValue((h, k, config: AppConfig) => new UpdateWebhookEndpoint(h, k, urls(config)), [H, K, TOKENS.Config]);
  bind(DeleteWebhookEndpoint).toResolvedValue((h) => new DeleteWebhookEndpoint(h), [H]);
  bind(ListWebhookDeliveries).toResolvedValue((h) => new ListWebhookDeliveries(h), [H]);
  bind(PingWebhookEndpoint).toResolvedValue((h, o, w, k) => new PingWebhookEndpoint(h, o, w, k), [H, O, W, K]);
  bind(ReplayWebhookDelivery).toResolvedValue((h, o, w, k) => new ReplayWebhookDelivery(h, o, w, k), [H, O, W, K]);
  bind(ImportListings).toResolvedValue(
    (l, orm: MikroORM, s, r, w, p, k) => new ImportListings(l, new PostgresExternalIds(orm), s, r, w, p, k),
    [TOKENS.ListingRepository, TOKENS.Orm, SubmitListing, ReviseListing, W, TOKENS.PhoneNumbers, K]);
  bind(SendWebhookDeliveries).toResolvedValue((q, x, n, w, k) => new SendWebhookDeliveries(q, x, n, w, k), [Q, X, Notifier, W, K]);
});
