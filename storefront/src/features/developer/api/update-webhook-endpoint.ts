import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import type { WebhookEndpoint, WebhookEndpointPatch } from '../../../lib/api-types';
import { webhookEndpointsKey } from './list-webhook-endpoints';

/** Its address or events, or turned off and on (on again, a disabled endpoint is sent the next event). */
export const updateWebhookEndpoint = async (id: number, patch: WebhookEndpointPatch): Promise<WebhookEndpoint> =>
  (await apiRequest<WebhookEndpoint>(`/api/developer/webhooks/${id}`, { method: 'PATCH', body: patch })).data;

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const key = webhookEndpointsKey(user?.uid ?? 'none');
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: WebhookEndpointPatch }) => updateWebhookEndpoint(id, patch),
    onSuccess: (saved) => queryClient.setQueryData<WebhookEndpoint[]>(key, (endpoints) => endpoints?.map((e) => (e.id === saved.id ? saved : e))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key, exact: true }),
  });
}
