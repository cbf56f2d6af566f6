import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Vehicle, VehicleInput, VehiclePatch } from '../../../lib/api-types';

export const createListing = async (input: VehicleInput): Promise<Vehicle> =>
  (await apiRequest<Vehicle>('/api/vehicles', { method: 'POST', body: input })).data;

export const updateListing = async (id: number, patch: VehiclePatch): Promise<Vehicle> =>
  (await apiRequest<Vehicle>(`/api/vehicles/${id}`, { method: 'PATCH', body: patch })).data;

/** Submits a new listing; the seller's lists are refreshed afterwards. */
export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['my-listings'] }),
  });
}

export function useUpdateListing(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: VehiclePatch) => updateListing(id, patch),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['my-listings'] }), queryClient.invalidateQueries({ queryKey: ['vehicles'] })]);
    },
  });
}
