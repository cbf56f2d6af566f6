import { formatDate } from '../../lib/format';
import { relativeTime } from '../notifications/relative-time';
import type { ApiKeyScope, WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../../lib/api-types';

/** Swagger UI for the dealer API, served beside it. */
export const API_DOCS_URL = '/api/docs';
export const VERIFICATION_PATH = '/profile?tab=verification';

export const SCOPES: readonly { value: ApiKeyScope; label: string }[] = [
  { value: 'listings:read', label: 'Read listings' },
  { value: 'listings:write', label: 'Create and edit listings' },
  { value: 'messages:read', label: 'Read messages' },
  { value: 'webhooks:manage', label: 'Manage webhooks' },
];

/** The events a seller can choose; `ping` is sent only on request (Send test event). */
export const EVENTS: readonly { value: Exclude<WebhookEvent, 'ping'>; label: string }[] = [
  { value: 'listing.approved', label: 'Listing approved' },
  { value: 'listing.rejected', label: 'Listing rejected' },
  { value: 'listing.sold', label: 'Listing sold' },
  { value: 'message.received', label: 'Message received' },
  { value: 'inquiry.received', label: 'Inquiry received' },
  { value: 'rental.requested', label: 'Rental requested' },
  { value: 'rental.changed', label: 'Rental changed' },
  { value: 'payment.succeeded', label: 'Payment succeeded' },
];

// A scope or event this screen does not know yet (added to the API later) shows as the API names it.
export const scopeLabel = (scope: ApiKeyScope): string => SCOPES.find((s) => s.value === scope)?.label ?? scope;
export const eventLabel = (event: WebhookEvent): string => (event === 'ping' ? 'Test event' : EVENTS.find((e) => e.value === event)?.label ?? event);

const DAY = 86_400_000;

/** "Never used", "Last used 3h ago", and past a month the day: "Last used 12 Nov 2026". */
export function lastUsed(iso: string | null, now: number): string {
  if (!iso) return 'Never used';
  const ago = now - Date.parse(iso);
  if (ago < 30 * DAY) {
    const when = relativeTime(iso, now);
    return `Last used ${when === 'Just now' ? 'just now' : when}`;
  }
  return `Last used ${formatDate(iso)}`;
}

export type EndpointState = { kind: 'active' | 'off' } | { kind: 'disabled'; reason: string } | { kind: 'failing'; since: string };

/** Voltmarket's own stop (a reason) before the seller's; a failing endpoint is still sent to. */
export function endpointState(endpoint: WebhookEndpoint): EndpointState {
  if (!endpoint.enabled && endpoint.disabledReason) return { kind: 'disabled', reason: endpoint.disabledReason };
  if (!endpoint.enabled) return { kind: 'off' };
  if (endpoint.failingSince) return { kind: 'failing', since: endpoint.failingSince };
  return { kind: 'active' };
}

export function deliveryStatus(delivery: WebhookDelivery): string {
  if (delivery.status === 'succeeded') return 'Delivered';
  if (delivery.status === 'failed') return 'Failed';
  return delivery.attempts === 0 ? 'Waiting to send' : 'Waiting to retry';
}

/** The receiver's last HTTP status; "No answer" when it could not be reached at all. */
export const deliveryResponse = (delivery: WebhookDelivery): string =>
  delivery.lastStatusCode !== null ? String(delivery.lastStatusCode) : delivery.attempts > 0 ? 'No answer' : '–';
