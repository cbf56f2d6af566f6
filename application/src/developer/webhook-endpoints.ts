import { type Actor, FieldIssues, MAX_WEBHOOK_ENDPOINTS, checkWebhookEndpointDraft, checkWebhookEvents, checkWebhookUrl, isVerifiedSeller, notAVerifiedSeller, type UserRepository, type WebhookUrlOptions, webhookEndpointLimitReached, webhookEndpointNotFound } from '@voltmarket/domain';
import { requireActiveMember } from '../shared/guards.js';
import type { Clock } from '../shared/ports.js';
import type { SecretMaker, StoredWebhookEndpoint, WebhookStore } from './developer-ports.js';

/** Webhooks are the seller's own, managed signed in or with a key that may (the HTTP edge checks its scope). */
function requireWebhookOwner(actor: Actor | null): Actor {
  const caller = requireActiveMember(actor);
  if (caller.isGuest) throw notAVerifiedSeller();
  return caller;
}

/** A verified seller registers an https:// endpoint for some events; its signing secret is answered this once. */
export class CreateWebhookEndpoint {
  constructor(
    private readonly users: UserRepository,
    private readonly store: WebhookStore,
    private readonly secrets: SecretMaker,
    private readonly clock: Clock,
    private readonly urls: WebhookUrlOptions = {},
  ) {}

  async execute(input: { url: unknown; events: unknown }, actor: Actor | null): Promise<StoredWebhookEndpoint & { secret: string }> {
    const caller = requireWebhookOwner(actor);
    const draft = checkWebhookEndpointDraft(input, this.urls);
    const user = await this.users.findById(caller.userId);
    if (!user || !isVerifiedSeller(user)) throw notAVerifiedSeller();
    if (await this.store.countEndpoints(caller.userId) >= MAX_WEBHOOK_ENDPOINTS) throw webhookEndpointLimitReached();
    const secret = this.secrets.webhookSecret();
    const endpoint = await this.store.addEndpoint({ userId: caller.userId, url: draft.url, events: draft.events, secret, createdAt: this.clock.now() });
    return { ...endpoint, secret };
  }
}

export class ListWebhookEndpoints {
  constructor(private readonly store: WebhookStore) {}

  async execute(_input: undefined, actor: Actor | null): Promise<StoredWebhookEndpoint[]> {
    return this.store.endpointsOf(requireWebhookOwner(actor).userId);
  }
}

/** Another address or other events, or turned off and on; another seller's endpoint is not found. */
export class UpdateWebhookEndpoint {
  constructor(private readonly store: WebhookStore, private readonly clock: Clock, private readonly urls: WebhookUrlOptions = {}) {}

  async execute(input: { id: number; url?: unknown; events?: unknown; enabled?: boolean }, actor: Actor | null): Promise<StoredWebhookEndpoint> {
    const caller = requireWebhookOwner(actor);
    const issues = new FieldIssues();
    const url = input.url === undefined ? undefined : checkWebhookUrl(input.url, issues, this.urls);
    const events = input.events === undefined ? undefined : checkWebhookEvents(input.events, issues);
    issues.throwIfAny();
    const updated = await this.store.updateEndpoint(caller.userId, input.id, { url, events, enabled: input.enabled }, this.clock.now());
    if (!updated) throw webhookEndpointNotFound(input.id);
    return updated;
  }
}

export class DeleteWebhookEndpoint {
  constructor(private readonly store: WebhookStore) {}

  async execute(input: { id: number }, actor: Actor | null): Promise<void> {
    if (!(await this.store.removeEndpoint(requireWebhookOwner(actor).userId, input.id))) throw webhookEndpointNotFound(input.id);
  }
}

/** The seller's endpoint, or not found: every delivery route starts here. */
export async function ownEndpoint(store: WebhookStore, actor: Actor | null, id: number): Promise<StoredWebhookEndpoint> {
  const endpoint = await store.endpoint(requireWebhookOwner(actor).userId, id);
  if (!endpoint) throw webhookEndpointNotFound(id);
  return endpoint;
}
