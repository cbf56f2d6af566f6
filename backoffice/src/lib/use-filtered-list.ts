import { useCreatePath } from 'react-admin';
import { filteredListUrl } from './list-links';

/** Links to a resource's list, filtered (the vehicles awaiting approval, the payments awaiting confirmation…). */
export function useFilteredList() {
  const createPath = useCreatePath();
  return (resource: string, filter?: Record<string, unknown>) => filteredListUrl(createPath({ resource, type: 'list' }), filter);
}
