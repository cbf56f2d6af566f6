import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { SavedSearchList } from '../../../lib/api-types';
import { useSession } from '../../auth/session';
import { ALL_SAVED_SEARCHES, savedSearchesKey } from './get-saved-searches';

/** Deletes a saved search and its alerts (204). */
export const deleteSavedSearch = async (id: string): Promise<void> => {
  await apiRequest<void>(`/api/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' });
};

/** Gone from the list once the server says so; one already deleted (404, another tab) is gone too. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const key = savedSearchesKey(user?.uid ?? 'none');
  const drop = (id: string) => queryClient.setQueryData<SavedSearchList>(key, (list) => list && { ...list, items: list.items.filter((s) => s.id !== id) });
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: (_data, id) => drop(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALL_SAVED_SEARCHES }),
  });
}
