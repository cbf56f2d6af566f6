import { type Actor, webhookDeliveryNotFound, webhookEndpointOff } from '@voltmarket/domain';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { StoredWebhookDelivery, WebhookOutbox, WebhookStore } from './developer-ports.js';
import { ownEndpoint } from './webhook-endpoints.js';

/** An endpoint's deliveries, newest first, a page at a time (before: the last id of the previous page). */
export class ListWebhookDeliveries {
  constructor(private readonly store: WebhookStore) {}

  async execute(input: { endpointId: number; before: number | null; limit: number }, actor: Actor | null): Promise<{ items: StoredWebhookDelivery[]; next: number | null }> {
    const endpoint = await ownEndpoint(this.store, actor, input.endpointId);
    const rows = await this.store.deliveriesOf(endpoint.id, { before: input.before, limit: input.limit + 1 });
    const items = rows.slice(0, input.limit);
    return { items, next: rows.length > input.limit ? items[items.length - 1]!.id : null };
  }
}

/** A `ping` to the endpoint now, through the outbox, to test a receiver. */
export class PingWebhookEndpoint {
  constructor(private readonly store: WebhookStore, private readonly outbox: WebhookOutbox, private readonly work: UnitOfWork, private readonly clock: Clock) {}

  async execute(input: { endpointId: number }, actor: Actor | null): Promise<StoredWebhookDelivery> {
    const endpoint = await ownEndpoint(this.store, actor, input.endpointId);
    if (!endpoint.enabled) throw webhookEndpointOff();
    return this.work.run(() => this.outbox.ping(endpoint.id, this.clock.now()));
  }
}

/** The same event (same id) sent again now, whatever became of it; its attempts start over. */
export class ReplayWebhookDelivery {
  constructor(private readonly store: WebhookStore, private readonly outbox: WebhookOutbox, private readonly work: UnitOfWork, private readonly clock: Clock) {}

  async execute(input: { endpointId: number; deliveryId: number }, actor: Actor | null): Promise<StoredWebhookDelivery> {
    const endpoint = await ownEndpoint(this.store, actor, input.endpointId);
    if (!endpoint.enabled) throw webhookEndpointOff();
    const replayed = await this.work.run(() => this.outbox.replay(endpoint.id, input.deliveryId, this.clock.now()));
    if (!replayed) throw webhookDeliveryNotFound(input.deliveryId);
    return replayed;
  }
}
