import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Catalogue } from '../../../lib/api-types';

export const getCatalogue = (signal?: AbortSignal) => apiGet<Catalogue>('/api/catalogue', signal);

/** Brands with their models, cities and types; it changes only with a release. */
export const catalogueQuery = () =>
  queryOptions({ queryKey: ['catalogue'], queryFn: ({ signal }) => getCatalogue(signal), staleTime: Infinity, gcTime: Infinity });

export function useCatalogue() {
  return useQuery(catalogueQuery());
}
