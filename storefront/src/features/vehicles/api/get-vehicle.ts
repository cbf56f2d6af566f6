import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Vehicle } from '../../../lib/api-types';

export const getVehicle = (id: number, signal?: AbortSignal) => apiGet<Vehicle>(`/api/vehicles/${id}`, signal);

export const vehicleKey = (id: number) => ['vehicles', 'detail', id] as const;

/** `viewer` is the signed-in member's uid or 'visitor': the seller (and staff) read more of their own listing. */
export const vehicleQuery = (id: number, viewer: string) =>
  queryOptions({ queryKey: [...vehicleKey(id), viewer], queryFn: ({ signal }) => getVehicle(id, signal) });

/**
 * One listing with its seller. While a member's session is being restored the page shows what a
 * visitor reads (the server's first view); when their own answer comes it replaces that one in place.
 */
export function useVehicle(id: number | null, viewer: string) {
  return useQuery({
    ...vehicleQuery(id ?? 0, viewer),
    enabled: id !== null,
    // The same listing read by another viewer stays on screen meanwhile; another listing's never does.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id ? previous : undefined),
  });
}
