import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import type { NewWebhookEndpoint, WebhookEndpoint, WebhookEndpointInput } from '../../../lib/api-types';
import { webhookEndpointsKey } from './list-webhook-endpoints';

/** An https:// address and its events; the answer carries the signing secret, this once. */
export const createWebhookEndpoint = async (input: WebhookEndpointInput): Promise<NewWebhookEndpoint> =>
  (await apiRequest<NewWebhookEndpoint>('/api/developer/webhooks', { method: 'POST', body: input })).data;

/** As for a key: the list gets the endpoint without its secret, and the mutation is not kept (gcTime 0). */
export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const key = webhookEndpointsKey(user?.uid ?? 'none');
  return useMutation({
    mutationFn: createWebhookEndpoint,
    gcTime: 0,
    onSuccess: ({ secret: _secret, ...created }) => {
      queryClient.setQueryData<WebhookEndpoint[]>(key, (endpoints) => endpoints && [created, ...endpoints.filter((e) => e.id !== created.id)]);
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    },
  });
}
