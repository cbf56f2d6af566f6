import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, toQuery } from '../../../lib/api-client';
import type { VehicleSummary, VehicleType } from '../../../lib/api-types';
import type { BrowseFilters } from '../filters';

export const SEARCH_PAGE_SIZE = 24;

export interface VehiclePage {
  vehicles: VehicleSummary[];
  /** Matches counted by the server, at most 10,000. */
  total: number;
  /** More than `total` match ("10,000+"). */
  totalCapped: boolean;
  /** The server's cursor for the page after this one; null after the last page. */
  next: string | null;
  /**
   * A city and kind of vehicle the server read out of the search text and searched as filters; with
   * either, `words` is what was left of the text to search as words ('' for none).
   */
  fromText: { location: string | null; vehicleType: VehicleType | null; words: string | null };
}

/** One page of a search: the first when `cursor` is null, else the one after the page that gave it (keyset paging). */
export async function searchVehicles(filters: BrowseFilters, cursor: string | null, limit: number, signal?: AbortSignal): Promise<VehiclePage> {
  const query = toQuery({
    vehicleType: filters.vehicleType === 'all' ? undefined : filters.vehicleType,
    brand: filters.brand === 'all' ? undefined : filters.brand,
    model: filters.model.trim() || undefined,
    location: filters.location === 'all' ? undefined : filters.location,
    yearMin: filters.yearMin,
    yearMax: filters.yearMax,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    search: filters.search.trim() || undefined,
    sort: filters.sort === 'default' ? undefined : filters.sort,
    limit,
    cursor: cursor ?? undefined,
  });
  const { data, headers } = await apiRequest<VehicleSummary[]>(`/api/vehicles${query}`, { signal });
  return {
    vehicles: data,
    total: Number(headers.get('X-Total-Count') ?? data.length),
    totalCapped: headers.get('X-Total-Count-Capped') === 'true',
    next: headers.get('X-Next-Cursor'),
    fromText: {
      location: headers.get('X-Search-Location'),
      vehicleType: headers.get('X-Search-Vehicle-Type') as VehicleType | null,
      words: decoded(headers.get('X-Search-Words')),
    },
  };
}

function decoded(header: string | null): string | null {
  if (header === null) return null;
  try {
    return decodeURIComponent(header);
  } catch {
    return null;
  }
}

export const vehicleSearchKey = (filters: BrowseFilters) => ['vehicles', 'search', filters] as const;

export const vehicleSearchQuery = (filters: BrowseFilters) =>
  infiniteQueryOptions({
    queryKey: vehicleSearchKey(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => searchVehicles(filters, pageParam, SEARCH_PAGE_SIZE, signal),
    getNextPageParam: (last: VehiclePage) => last.next ?? undefined,
  });

/** Pages of matching listings, fetched as the buyer scrolls; not asked for while `enabled` is false. */
export function useVehicleSearch(filters: BrowseFilters, enabled = true) {
  return useInfiniteQuery({ ...vehicleSearchQuery(filters), placeholderData: keepPreviousData, enabled });
}
