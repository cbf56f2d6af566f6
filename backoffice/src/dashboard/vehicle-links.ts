import type { ListingStatus } from '../data/api-types';
import { useFilteredList } from '../lib/use-filtered-list';

/** The vehicles list filtered on one moderation status, as a shareable URL. */
export function useVehiclesWithStatus() {
  const listOf = useFilteredList();
  return (status?: ListingStatus) => listOf('vehicles', status ? { status } : undefined);
}
