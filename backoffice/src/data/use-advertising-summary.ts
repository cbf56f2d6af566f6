import { useQuery } from '@tanstack/react-query';
import { useVoltmarket } from './use-voltmarket';

export const ADVERTISING_SUMMARY_QUERY_KEY = ['admin', 'advertising-summary'] as const;

/** Advertising revenue by package per day and month, sales, running boosts and payments awaiting confirmation. */
export function useAdvertisingSummary() {
  const dataProvider = useVoltmarket();
  // Payments land whenever sellers check out; keep the figures fresh while the page is open, like the dashboard's.
  return useQuery({ queryKey: ADVERTISING_SUMMARY_QUERY_KEY, queryFn: () => dataProvider.getAdvertisingSummary(), refetchInterval: 60_000, retry: 1 });
}
