import { DomainError, FieldIssues } from '../shared/domain-error.js';

/** What a seller's webhook endpoint may hear of; `ping` is sent only when they ask for a test. */
export const WEBHOOK_EVENTS = [
  'listing.approved', 'listing.rejected', 'listing.sold', 'message.received', 'inquiry.received',
  'rental.requested', 'rental.changed', 'payment.succeeded', 'ping',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const MAX_WEBHOOK_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX = 2000;

/** Deliveries are tried again for this long after the event, then given up. */
export const WEBHOOK_RETRY_HOURS = 72;
/** An endpoint whose every delivery failed for this long is turned off, and its seller told. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;
const FIRST_RETRY_SECONDS = 60;
const LONGEST_WAIT_SECONDS = 6 * 3600;

/**
 * How long to wait before the next attempt after `attempts` failed ones: 1 min, 2, 4, ... doubling
 * up to 6 h; null once that attempt would fall past 72 h after the event (the delivery has failed).
 */
export function nextWebhookAttempt(attempts: number, createdAt: Date, now: Date): Date | null {
  const wait = Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_SECONDS);
  const next = new Date(now.getTime() + wait * 1000);
  return next.getTime() - createdAt.getTime() > WEBHOOK_RETRY_HOURS * 3600_000 ? null : next;
}

/** Whether an endpoint failing since `failingSince` has failed long enough to be turned off. */
export const webhookEndpointWornOut = (failingSince: Date | null, now: Date): boolean =>
  failingSince !== null && now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_DAYS * 86_400_000;

/** Tests only: a receiver on this machine over plain http (the sender allows it only with the same setting). */
export interface WebhookUrlOptions {
  loopbackHttp?: boolean;
}
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

export interface WebhookEndpointDraft {
  url: string;
  events: WebhookEvent[];
}

/**
 * An endpoint's address and events as the seller gave them. The address must be https:// with a
 * host, no credentials and no fragment; whether the host is on the public internet is for the
 * sender to check when it resolves it (a name can point anywhere).
 */
export function checkWebhookUrl(raw: unknown, issues: FieldIssues, options: WebhookUrlOptions = {}): string {
  const text = typeof raw === 'string' ? raw.trim() : '';
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    url = null;
  }
  if (!url || text.length > WEBHOOK_URL_MAX) issues.add('url', 'Give the full address of your endpoint, such as https://example.ng/voltmarket/webhooks');
  else if (url.protocol !== 'https:' && !(options.loopbackHttp && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    issues.add('url', 'The address must start with https://');
  }
  else if (url.username || url.password) issues.add('url', 'The address must not carry a user name or password');
  else if (url.hash) issues.add('url', 'The address must not carry a #fragment');
  else return url.toString();
  return text;
}

export function checkWebhookEvents(raw: unknown, issues: FieldIssues): WebhookEvent[] {
  const asked = Array.isArray(raw) ? raw : [];
  const events = WEBHOOK_EVENTS.filter((e) => e !== 'ping' && asked.includes(e));
  if (events.length === 0 || events.length !== asked.length) {
    issues.add('events', `Choose the events to send, among ${WEBHOOK_EVENTS.filter((e) => e !== 'ping').join(', ')}`);
  }
  return events;
}

export function checkWebhookEndpointDraft(input: { url: unknown; events: unknown }, options: WebhookUrlOptions = {}): WebhookEndpointDraft {
  const issues = new FieldIssues();
  const url = checkWebhookUrl(input.url, issues, options);
  const events = checkWebhookEvents(input.events, issues);
  issues.throwIfAny();
  return { url, events };
}

export const webhookEndpointLimitReached = (): DomainError =>
  new DomainError('rule', 'WEBHOOK_ENDPOINT_LIMIT', `You have ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: remove one first.`);

export const webhookEndpointNotFound = (id: number): DomainError =>
  new DomainError('not_found', 'WEBHOOK_ENDPOINT_NOT_FOUND', `Webhook endpoint ${id} was not found.`);

export const webhookDeliveryNotFound = (id: number): DomainError =>
  new DomainError('not_found', 'WEBHOOK_DELIVERY_NOT_FOUND', `Webhook delivery ${id} was not found.`);

export const webhookEndpointOff = (): DomainError =>
  new DomainError('conflict', 'WEBHOOK_ENDPOINT_OFF', 'The endpoint is turned off: turn it on first.');
