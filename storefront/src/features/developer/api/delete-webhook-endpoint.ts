import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import type { WebhookEndpoint } from '../../../lib/api-types';
import { webhookEndpointsKey } from './list-webhook-endpoints';

/** Nothing more is sent to it, and its deliveries are forgotten (204). */
export const deleteWebhookEndpoint = async (id: number): Promise<void> => {
  await apiRequest<void>(`/api/developer/webhooks/${id}`, { method: 'DELETE' });
};

/** Gone from the list once the server says so; one removed already (404, another tab) is gone too. */
export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const key = webhookEndpointsKey(user?.uid ?? 'none');
  const drop = (id: number) => queryClient.setQueryData<WebhookEndpoint[]>(key, (endpoints) => endpoints?.filter((e) => e.id !== id));
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSuccess: (_data, id) => drop(id),
    onError: (error, id) => {
      if (error instanceof ApiError && error.status === 404) drop(id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key, exact: true }),
  });
}
