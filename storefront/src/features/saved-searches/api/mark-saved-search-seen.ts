import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { SavedSearch, SavedSearchList } from '../../../lib/api-types';
import { useSession } from '../../auth/session';
import { ALL_SAVED_SEARCHES, savedSearchesKey } from './get-saved-searches';

/** The buyer opened the saved search: its new matches count from now. */
export const markSavedSearchSeen = async (id: string): Promise<SavedSearch> =>
  (await apiRequest<SavedSearch>(`/api/saved-searches/${encodeURIComponent(id)}/seen`, { method: 'POST' })).data;

/**
 * Its "N new" goes at once (the buyer is on their way to those matches); the list is read again when
 * the server has answered, so a refusal shows the count again.
 */
export function useMarkSavedSearchSeen() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const key = savedSearchesKey(user?.uid ?? 'none');
  return useMutation({
    mutationFn: markSavedSearchSeen,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<SavedSearchList>(key, (list) => list && { ...list, items: list.items.map((s) => (s.id === id ? { ...s, newMatches: 0 } : s)) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALL_SAVED_SEARCHES }),
  });
}
