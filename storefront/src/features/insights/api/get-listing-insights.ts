import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { ListingInsights } from '../../../lib/api-types';
import { useSession } from '../../auth/session';

export const getListingInsights = (vehicleId: number, signal?: AbortSignal) => apiGet<ListingInsights>(`/api/vehicles/${vehicleId}/insights`, signal);

export const listingInsightsKey = (vehicleId: number, uid: string | undefined) => ['listing-insights', uid, vehicleId] as const;

/** A listing's last 30 days for its seller: what it drew per day, its boosts, and how similar listings did. */
export function useListingInsights(vehicleId: number) {
  const { user } = useSession();
  return useQuery({
    queryKey: listingInsightsKey(vehicleId, user?.uid),
    enabled: !!user && vehicleId > 0,
    queryFn: ({ signal }) => getListingInsights(vehicleId, signal),
    // Views and saves are written every few seconds; a minute-old answer is as good as a new one.
    staleTime: 60_000,
  });
}
