import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, toQuery } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import type { WebhookDelivery } from '../../../lib/api-types';

export const DELIVERIES_PAGE_SIZE = 20;
/** How often the list is asked again while a delivery waits for its first try (the sender takes it within seconds). */
const WAITING_POLL_MS = 2_000;

export interface DeliveryPage {
  deliveries: WebhookDelivery[];
  /** X-Next-Cursor: where the next page starts; null after the last. */
  next: string | null;
}

export async function listWebhookDeliveries(endpointId: number, cursor: string | null, signal?: AbortSignal): Promise<DeliveryPage> {
  const query = toQuery({ limit: DELIVERIES_PAGE_SIZE, cursor });
  const { data, headers } = await apiRequest<WebhookDelivery[]>(`/api/developer/webhooks/${endpointId}/deliveries${query}`, { signal });
  return { deliveries: data, next: headers.get('X-Next-Cursor') };
}

const waitingToSend = (d: WebhookDelivery): boolean => d.status === 'pending' && d.attempts === 0;

export const webhookDeliveriesKey = (uid: string, endpointId: number) => ['developer', 'webhooks', uid, endpointId, 'deliveries'] as const;

const deliveriesQuery = (uid: string, endpointId: number) =>
  infiniteQueryOptions({
    queryKey: webhookDeliveriesKey(uid, endpointId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => listWebhookDeliveries(endpointId, pageParam, signal),
    getNextPageParam: (last: DeliveryPage) => last.next ?? undefined,
    // "Send test event" and "Send again" answer before the sender has tried: without asking again the row
    // would say "Waiting to send" after it was delivered. A retry waits a minute or more: that one is not watched.
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.deliveries.some(waitingToSend)) ? WAITING_POLL_MS : false),
  });

/** An endpoint's deliveries, newest first, a page at a time. */
export function useWebhookDeliveries(endpointId: number) {
  const { user } = useSession();
  return useInfiniteQuery({ ...deliveriesQuery(user?.uid ?? 'none', endpointId), enabled: !!user });
}
