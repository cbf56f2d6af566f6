import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Vehicle } from '../../../lib/api-types';

export const getVehicle = (id: number, signal?: AbortSignal) => apiGet<Vehicle>(`/api/vehicles/${id}`, signal);

export const vehicleKey = (id: number) => ['vehicles', 'detail', id] as const;

/** One listing with its seller; seller contact details come only for signed-in callers. */
export function useVehicle(id: number | null, viewer: string) {
  return useQuery({
    queryKey: [...vehicleKey(id ?? 0), viewer],
    enabled: id !== null,
    queryFn: ({ signal }) => getVehicle(id ?? 0, signal),
  });
}
