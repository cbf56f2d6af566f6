import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { VehicleSummary } from '../../../lib/api-types';

/** The home page shows six: two rows of three on a desktop, a column on a phone. */
export const FEATURED_COUNT = 6;

export const getFeaturedVehicles = (signal?: AbortSignal) => apiGet<VehicleSummary[]>(`/api/vehicles/featured?limit=${FEATURED_COUNT}`, signal);

export const featuredVehiclesQuery = () => queryOptions({ queryKey: ['vehicles', 'featured'], queryFn: ({ signal }) => getFeaturedVehicles(signal) });

/** The home page's featured listings: Ultimate Exposure boosts in turn (labelled Promoted), then the newest. */
export function useFeaturedVehicles() {
  return useQuery(featuredVehiclesQuery());
}
