import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { SavedSearchList } from '../../../lib/api-types';
import { useSession } from '../../auth/session';

export const getSavedSearches = (signal?: AbortSignal) => apiGet<SavedSearchList>('/api/saved-searches', signal);

export const ALL_SAVED_SEARCHES = ['saved-searches'] as const;
export const savedSearchesKey = (uid: string) => ['saved-searches', uid] as const;

/** The signed-in buyer's saved searches (newest first) with their new matches, the limit, and whether alert email reaches them. */
export function useSavedSearches() {
  const { user } = useSession();
  return useQuery({ queryKey: savedSearchesKey(user?.uid ?? 'none'), enabled: !!user, queryFn: ({ signal }) => getSavedSearches(signal) });
}
