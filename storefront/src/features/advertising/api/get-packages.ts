import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { AdvertisingPackageOffer } from '../../../lib/api-types';

export const getPackages = (signal?: AbortSignal) => apiGet<AdvertisingPackageOffer[]>('/api/advertising/packages', signal);

/** The boosts on sale with the server's prices, cheapest first: the only prices ever shown or charged. */
export const packagesQuery = () => queryOptions({ queryKey: ['advertising', 'packages'], queryFn: ({ signal }) => getPackages(signal), staleTime: 10 * 60_000 });

export function usePackages() {
  return useQuery(packagesQuery());
}
