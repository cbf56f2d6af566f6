import type { ApiKeyScope, WebhookEvent } from '@voltmarket/domain';

/** A seller's API key as kept: never its secret, only the secret's hash. */
export interface StoredApiKey {
  id: number;
  userId: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export interface ApiKeyStore {
  add(key: { userId: string; name: string; prefix: string; secretHash: string; scopes: ApiKeyScope[]; createdAt: Date }): Promise<StoredApiKey>;
  /** The seller's keys, newest first. */
  listFor(userId: string): Promise<StoredApiKey[]>;
  countActive(userId: string): Promise<number>;
  /** Revokes the seller's key (once); false when the seller has no key with this id. */
  revoke(userId: string, id: number, at: Date): Promise<boolean>;
  findBySecretHash(secretHash: string): Promise<StoredApiKey | null>;
  /** Notes a use, at most once a minute per key (a write per request would be wasted). */
  touch(id: number, at: Date): Promise<void>;
}

/** Makes the secrets of keys and endpoints, and the one-way hash a key is found by. */
export interface SecretMaker {
  apiKey(): { secret: string; prefix: string; hash: string };
  hash(secret: string): string;
  webhookSecret(): string;
}

export interface StoredWebhookEndpoint {
  id: number;
  userId: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  disabledAt: Date | null;
  disabledReason: string | null;
  failingSince: Date | null;
  createdAt: Date;
}

export interface StoredWebhookDelivery {
  id: number;
  endpointId: number;
  eventId: string;
  event: WebhookEvent;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
}

/** Something that happened to a seller, for the endpoints that listen to it. */
export interface WebhookNotice {
  userId: string;
  event: WebhookEvent;
  data: Record<string, unknown>;
}

export interface WebhookStore {
  addEndpoint(e: { userId: string; url: string; events: WebhookEvent[]; secret: string; createdAt: Date }): Promise<StoredWebhookEndpoint>;
  endpointsOf(userId: string): Promise<StoredWebhookEndpoint[]>;
  countEndpoints(userId: string): Promise<number>;
  endpoint(userId: string, id: number): Promise<StoredWebhookEndpoint | null>;
  updateEndpoint(userId: string, id: number, changes: { url?: string; events?: WebhookEvent[]; enabled?: boolean }, at: Date): Promise<StoredWebhookEndpoint | null>;
  removeEndpoint(userId: string, id: number): Promise<boolean>;
  deliveriesOf(endpointId: number, page: { before: number | null; limit: number }): Promise<StoredWebhookDelivery[]>;
  delivery(endpointId: number, id: number): Promise<StoredWebhookDelivery | null>;
}

/**
 * The webhook outbox: events written in the transaction of what they report, one delivery per
 * listening endpoint, sent after commit by the job queue.
 */
export interface WebhookOutbox {
  /** Records the events for every enabled endpoint of their seller that listens to them. */
  enqueue(notices: WebhookNotice[], at: Date): Promise<void>;
  /** A ping for one endpoint, or a delivery sent again (same event id); answers the delivery as it now stands. */
  ping(endpointId: number, at: Date): Promise<StoredWebhookDelivery>;
  replay(endpointId: number, deliveryId: number, at: Date): Promise<StoredWebhookDelivery | null>;
}

/** A delivery claimed for sending, with what the sender needs. */
export interface DueWebhookDelivery {
  id: number;
  endpointId: number;
  userId: string;
  url: string;
  secret: string;
  eventId: string;
  event: WebhookEvent;
  /** The JSON body, exactly as signed and sent. */
  body: string;
  attempts: number;
  createdAt: Date;
}

export interface WebhookQueue {
  /** Claims what is due (held from other senders for a while), oldest first. */
  claimDue(now: Date, limit: number): Promise<DueWebhookDelivery[]>;
  /** Delivered: its endpoint is no longer failing. */
  markDelivered(id: number, statusCode: number, now: Date): Promise<void>;
  /** Not delivered: tried again at retryAt, or failed for good when null; answers since when its endpoint has been failing. */
  markFailed(id: number, outcome: { statusCode: number | null; error: string }, retryAt: Date | null, now: Date): Promise<{ failingSince: Date | null }>;
  /** Turns the endpoint off (once) and fails what was waiting for it; false when it was already off. */
  disableEndpoint(endpointId: number, reason: string, now: Date): Promise<boolean>;
}

/** Posts a delivery, signed, to its endpoint; throws when the address is refused or cannot be reached. */
export interface WebhookSender {
  send(delivery: DueWebhookDelivery, now: Date): Promise<{ statusCode: number }>;
}
