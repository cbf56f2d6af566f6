import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { SellerProfile } from '../../../lib/api-types';

export const getSeller = (id: string, signal?: AbortSignal) => apiGet<SellerProfile>(`/api/sellers/${encodeURIComponent(id)}`, signal);

/** A seller's public page: who they are, their record and how they answer buyers. */
export const sellerQuery = (id: string, viewer: string) => queryOptions({ queryKey: ['sellers', id, viewer], queryFn: ({ signal }) => getSeller(id, signal) });

export function useSeller(id: string, viewer: string) {
  return useQuery(sellerQuery(id, viewer));
}
