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
  /** The server's cursor for the page after this one; null after the last page. */
  next: string | null;
}

/** Where a page starts: the first at 0; later ones continue from the previous page's cursor (keyset paging). */
export interface PageStart {
  offset: number;
  cursor?: string;
}

export async function searchVehicles(filters: BrowseFilters, start: PageStart, limit: number, signal?: AbortSignal): Promise<VehiclePage> {
  const query = toQuery({
    vehicleType: filters.vehicleType === 'all' ? undefined : filters.vehicleType,
    brand: filters.brand === 'all' ? undefined : filters.brand,
    location: filters.location === 'all' ? undefined : filters.location,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    search: filters.search.trim() || undefined,
    sort: filters.sort === 'default' ? undefined : filters.sort,
    limit,
    cursor: start.cursor,
  });
  const { data, headers } = await apiRequest<VehicleSummary[]>(`/api/vehicles${query}`, { signal });
  return {
    vehicles: data,
    total: Number(headers.get('X-Total-Count') ?? data.length),
    totalCapped: headers.get('X-Total-Count-Capped') === 'true',
    offset: start.offset,
    next: headers.get('X-Next-Cursor'),
  };
}

export const vehicleSearchKey = (filters: BrowseFilters) => ['vehicles', 'search', filters] as const;

const vehicleSearchQuery = (filters: BrowseFilters) =>
  infiniteQueryOptions({
    queryKey: vehicleSearchKey(filters),
    initialPageParam: { offset: 0 } as PageStart,
    queryFn: ({ pageParam, signal }) => searchVehicles(filters, pageParam, SEARCH_PAGE_SIZE, signal),
    getNextPageParam: (last: VehiclePage): PageStart | undefined =>
      last.next ? { offset: last.offset + last.vehicles.length, cursor: last.next } : undefined,
  });

/** Pages of matching listings, fetched as the buyer scrolls; not asked for while `enabled` is false. */
export function useVehicleSearch(filters: BrowseFilters, enabled = true) {
  return useInfiniteQuery({ ...vehicleSearchQuery(filters), placeholderData: keepPreviousData, enabled });
}

const featuredVehiclesQuery = () =>
  queryOptions({
    queryKey: ['vehicles', 'featured'],
    queryFn: ({ signal }) => searchVehicles(DEFAULT_FILTERS, { offset: 0 }, 6, signal),
  });

/** The home page's six featured listings: the server puts boosted ones first. */
export function useFeaturedVehicles() {
  return useQuery(featuredVehiclesQuery());
}
