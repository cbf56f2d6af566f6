import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import type { WebhookDelivery } from '../../../lib/api-types';
import { webhookDeliveriesKey } from './list-webhook-deliveries';

/** The same event (same id, signed anew) to the endpoint now, whatever became of it before (202). */
export const replayWebhookDelivery = async (endpointId: number, deliveryId: number): Promise<WebhookDelivery> =>
  (await apiRequest<WebhookDelivery>(`/api/developer/webhooks/${endpointId}/deliveries/${deliveryId}/replay`, { method: 'POST' })).data;

export function useReplayWebhookDelivery() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) => replayWebhookDelivery(endpointId, deliveryId),
    onSuccess: (_delivery, { endpointId }) => queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey(user?.uid ?? 'none', endpointId) }),
  });
}
