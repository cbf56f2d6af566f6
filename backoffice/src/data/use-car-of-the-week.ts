import { useQuery } from '@tanstack/react-query';
import { useVoltmarket } from './use-voltmarket';

export const CAR_OF_THE_WEEK_QUERY_KEY = ['admin', 'car-of-the-week'] as const;

/** This week's car of the week, as the storefront shows it, and why it is that listing. */
export function useCarOfTheWeek({ enabled = true }: { enabled?: boolean } = {}) {
  const dataProvider = useVoltmarket();
  return useQuery({
    queryKey: CAR_OF_THE_WEEK_QUERY_KEY,
    queryFn: () => dataProvider.getCarOfTheWeek(),
    enabled,
    // The server decides again at most once a minute; so does the dashboard.
    refetchInterval: enabled ? 60_000 : false,
    retry: 1,
  });
}
