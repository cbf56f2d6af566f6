import { useQuery } from '@tanstack/react-query';
import { useVoltmarket } from './use-voltmarket';

export const RENTAL_SUMMARY_QUERY_KEY = ['admin', 'rental-summary'] as const;

/** Bookings by status and how many vehicles are offered for rent. */
export function useRentalSummary() {
  const dataProvider = useVoltmarket();
  // Requests arrive and lapse while the page is open; keep the counters fresh like the dashboard's.
  return useQuery({ queryKey: RENTAL_SUMMARY_QUERY_KEY, queryFn: () => dataProvider.getRentalSummary(), refetchInterval: 60_000, retry: 1 });
}
