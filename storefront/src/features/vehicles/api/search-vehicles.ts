import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest, toQuery } from '../../../lib/api-client';
import type { VehicleSummary } from '../../../lib/api-types';
import { DEFAULT_FILTERS, type BrowseFilters } from '../filters';

export const SEARCH_PAGE_SIZE = 24;

export interface VehiclePage {
  vehicles: VehicleSummary[];
  /** Matches counted by the server, at most 10,000. */
  total: number;
  /** More than `total` match ("10,000+"). */
  totalCapped: boolean;
  offset: number;
}

export async function searchVehicles(filters: BrowseFilters, offset: number, limit: number, signal?: AbortSignal): Promise<VehiclePage> {
  const query = toQuery({
    vehicleType: filters.vehicleType === 'all' ? undefined : filters.vehicleType,
    brand: filters.brand === 'all' ? undefined : filters.brand,
    location: filters.location === 'all' ? undefined : filters.location,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    search: filters.search.trim() || undefined,
    sort: filters.sort === 'default' ? undefined : filters.sort,
    limit,
    offset: offset || undefined,
  });
  const { data, headers } = await apiRequest<VehicleSummary[]>(`/api/vehicles${query}`, { signal });
  return { vehicles: data, total: Number(headers.get('X-Total-Count') ?? data.length), totalCapped: headers.get('X-Total-Count-Capped') === 'true', offset };
}

export const vehicleSearchKey = (filters: BrowseFilters) => ['vehicles', 'search', filters] as const;

const vehicleSearchQuery = (filters: BrowseFilters) =>
  infiniteQueryOptions({
    queryKey: vehicleSearchKey(filters),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => searchVehicles(filters, pageParam, SEARCH_PAGE_SIZE, signal),
    getNextPageParam: (last: VehiclePage) => {
      const next = last.offset + last.vehicles.length;
      return last.vehicles.length > 0 && next < last.total && next <= 10_000 ? next : undefined;
    },
  });

/** Pages of matching listings, fetched as the buyer scrolls; not asked for while `enabled` is false. */
export function useVehicleSearch(filters: BrowseFilters, enabled = true) {
  return useInfiniteQuery({ ...vehicleSearchQuery(filters), placeholderData: keepPreviousData, enabled });
}

const featuredVehiclesQuery = () =>
  queryOptions({
    queryKey: ['vehicles', 'featured'],
    queryFn: ({ signal }) => searchVehicles(DEFAULT_FILTERS, 0, 6, signal),
  });

/** The home page's six featured listings: the server puts boosted ones first. */
export function useFeaturedVehicles() {
  return useQuery(featuredVehiclesQuery());
}
