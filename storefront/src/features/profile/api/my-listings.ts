import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { OwnVehicleSummary } from '../../../lib/api-types';
import { useSession } from '../../auth/session';

export const getMyListings = (signal?: AbortSignal) => apiGet<OwnVehicleSummary[]>('/api/vehicles/my-listings', signal);

/** The signed-in seller's listings in every status, newest first. */
export function useMyListings() {
  const { user } = useSession();
  return useQuery({ queryKey: ['my-listings', user?.uid], enabled: !!user, queryFn: ({ signal }) => getMyListings(signal) });
}
