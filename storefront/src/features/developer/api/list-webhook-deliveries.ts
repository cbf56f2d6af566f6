import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, toQuery } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import type { WebhookDelivery } from '../../../lib/api-types';

export const DELIVERIES_PAGE_SIZE = 20;

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

export const webhookDeliveriesKey = (uid: string, endpointId: number) => ['developer', 'webhooks', uid, endpointId, 'deliveries'] as const;

const deliveriesQuery = (uid: string, endpointId: number) =>
  infiniteQueryOptions({
    queryKey: webhookDeliveriesKey(uid, endpointId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => listWebhookDeliveries(endpointId, pageParam, signal),
    getNextPageParam: (last: DeliveryPage) => last.next ?? undefined,
  });

/** An endpoint's deliveries, newest first, a page at a time. */
export function useWebhookDeliveries(endpointId: number) {
  const { user } = useSession();
  return useInfiniteQuery({ ...deliveriesQuery(user?.uid ?? 'none', endpointId), enabled: !!user });
}
