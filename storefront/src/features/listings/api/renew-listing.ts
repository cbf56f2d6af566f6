import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RenewedListing } from '../../../lib/api-types';

/** The seller keeps a live listing for another 60 days, or brings back an expired one. */
export const renewListing = async (id: number): Promise<RenewedListing> =>
  (await apiRequest<RenewedListing>(`/api/vehicles/${id}/renew`, { method: 'POST' })).data;

export function useRenewListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewListing,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['my-listings'] }).then(() => queryClient.invalidateQueries({ queryKey: ['vehicles'] })),
  });
}
