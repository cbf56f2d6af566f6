import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsQuery } from './data-provider';
import { useVoltmarket } from './use-voltmarket';

/** The marketplace's figures over a range of Lagos days; the previous range stays on screen while the next loads. */
export function useMarketplaceAnalytics(range: AnalyticsQuery | null) {
  const dataProvider = useVoltmarket();
  return useQuery({
    queryKey: ['admin', 'analytics', range],
    enabled: range !== null,
    queryFn: () => dataProvider.getMarketplaceAnalytics(range!),
    placeholderData: keepPreviousData,
    // The roll-up counts again every 10 minutes: asking more often than every few minutes shows nothing new.
    refetchInterval: 5 * 60_000,
    retry: 1,
  });
}
