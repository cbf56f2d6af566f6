import { useQuery } from '@tanstack/react-query';
import { useVoltmarket } from './use-voltmarket';

export const STATS_QUERY_KEY = ['admin', 'stats'] as const;

/** The dashboard's live figures. */
export function useStats() {
  const dataProvider = useVoltmarket();
  // Figures move as sellers list and staff moderate; refresh them while the dashboard is open.
  return useQuery({ queryKey: STATS_QUERY_KEY, queryFn: () => dataProvider.getStats(), refetchInterval: 60_000, retry: 1 });
}
