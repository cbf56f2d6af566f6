import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { MarketplaceStats } from '../../../lib/api-types';

export const getMarketplaceStats = (signal?: AbortSignal) => apiGet<MarketplaceStats>('/api/stats', signal);

export const marketplaceStatsKey = ['marketplace', 'stats'] as const;

/** Live listings, sellers and cities; the server counts at most twice a minute, so neither do we. */
export const marketplaceStatsQuery = () => queryOptions({ queryKey: marketplaceStatsKey, queryFn: ({ signal }) => getMarketplaceStats(signal), staleTime: 60_000 });

export function useMarketplaceStats() {
  return useQuery(marketplaceStatsQuery());
}
