import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, toQuery } from '../../../lib/api-client';
import type { VehicleSummary } from '../../../lib/api-types';

export type SellerListingSort = 'newest' | 'price_asc' | 'price_desc';
export const SELLER_LISTINGS_PAGE = 12;

export async function getSellerListings(id: string, sort: SellerListingSort, offset: number, signal?: AbortSignal): Promise<{ items: VehicleSummary[]; total: number }> {
  const res = await apiRequest<VehicleSummary[]>(`/api/sellers/${encodeURIComponent(id)}/listings${toQuery({ sort, offset, limit: SELLER_LISTINGS_PAGE })}`, { signal });
  return { items: res.data, total: Number(res.headers.get('X-Total-Count') ?? res.data.length) };
}

/** One page of a seller's live listings. */
export const sellerListingsQuery = (id: string, sort: SellerListingSort, offset: number, viewer: string) =>
  queryOptions({ queryKey: ['sellers', id, 'listings', sort, offset, viewer], queryFn: ({ signal }) => getSellerListings(id, sort, offset, signal) });

export function useSellerListings(id: string, sort: SellerListingSort, offset: number, viewer: string) {
  return useQuery({ ...sellerListingsQuery(id, sort, offset, viewer), placeholderData: keepPreviousData });
}
