import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, toQuery } from '../../../lib/api-client';
import type { RentalVehicle } from '../../../lib/api-types';
import type { RentalFilters } from '../rental-filters';

export const RENTAL_PAGE_SIZE = 24;

export interface RentalVehiclePage {
  vehicles: RentalVehicle[];
  total: number;
  offset: number;
}

/** With both dates the server lists only vehicles free on every one of those days, each with its price for them. */
export async function searchRentalVehicles(filters: RentalFilters, offset: number, limit: number, signal?: AbortSignal): Promise<RentalVehiclePage> {
  const dated = filters.startDate !== '' && filters.endDate !== '';
  const query = toQuery({
    location: filters.location.trim() || undefined,
    type: filters.type === 'any' ? undefined : filters.type,
    startDate: dated ? filters.startDate : undefined,
    endDate: dated ? filters.endDate : undefined,
    limit,
    offset: offset || undefined,
  });
  const { data, headers } = await apiRequest<RentalVehicle[]>(`/api/rentals/vehicles${query}`, { signal });
  return { vehicles: data, total: Number(headers.get('X-Total-Count') ?? data.length), offset };
}

export const rentalSearchKey = (filters: RentalFilters) => ['rentals', 'vehicles', filters] as const;

export const rentalSearchQuery = (filters: RentalFilters) =>
  infiniteQueryOptions({
    queryKey: rentalSearchKey(filters),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => searchRentalVehicles(filters, pageParam, RENTAL_PAGE_SIZE, signal),
    getNextPageParam: (last: RentalVehiclePage) => {
      const next = last.offset + last.vehicles.length;
      return last.vehicles.length > 0 && next < last.total && next <= 10_000 ? next : undefined;
    },
  });

/** Pages of rental vehicles for the search; not asked for while `enabled` is false. */
export function useRentalSearch(filters: RentalFilters, enabled = true) {
  return useInfiniteQuery({ ...rentalSearchQuery(filters), placeholderData: keepPreviousData, enabled });
}
