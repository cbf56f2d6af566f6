import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import type { WebhookEndpoint } from '../../../lib/api-types';

export const listWebhookEndpoints = (signal?: AbortSignal) => apiGet<WebhookEndpoint[]>('/api/developer/webhooks', signal);

export const webhookEndpointsKey = (uid: string) => ['developer', 'webhooks', uid] as const;

/** The seller's webhook endpoints, newest first; never their secrets. */
export function useWebhookEndpoints() {
  const { user } = useSession();
  return useQuery({ queryKey: webhookEndpointsKey(user?.uid ?? 'none'), enabled: !!user, queryFn: ({ signal }) => listWebhookEndpoints(signal) });
}
