import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Vehicle } from '../../../lib/api-types';

/** The seller marks their live listing sold (final: it leaves search; its page says Sold). */
export const markSold = async (id: number): Promise<Vehicle> =>
  (await apiRequest<Vehicle>(`/api/vehicles/${id}/sold`, { method: 'POST' })).data;

/** Once sold, the seller's list, the listing's page and every search are read again. */
export function useMarkSold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSold,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['my-listings'] }).then(() => queryClient.invalidateQueries({ queryKey: ['vehicles'] })),
  });
}
