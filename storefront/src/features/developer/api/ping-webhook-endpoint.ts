import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import type { WebhookDelivery } from '../../../lib/api-types';
import { webhookDeliveriesKey } from './list-webhook-deliveries';

/** A `ping` event to the endpoint now, signed like any other, to test the receiver (202). */
export const pingWebhookEndpoint = async (id: number): Promise<WebhookDelivery> =>
  (await apiRequest<WebhookDelivery>(`/api/developer/webhooks/${id}/ping`, { method: 'POST' })).data;

export function usePingWebhookEndpoint() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: pingWebhookEndpoint,
    onSuccess: (_delivery, id) => queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey(user?.uid ?? 'none', id) }),
  });
}
