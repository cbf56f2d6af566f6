import { useCreatePath } from 'react-admin';
import type { ListingStatus } from '../data/api-types';

/** The vehicles list filtered on one moderation status, as a shareable URL. */
export function useVehiclesWithStatus() {
  const createPath = useCreatePath();
  return (status?: ListingStatus) => {
    const list = createPath({ resource: 'vehicles', type: 'list' });
    return status ? `${list}?${new URLSearchParams({ filter: JSON.stringify({ status }) })}` : list;
  };
}
