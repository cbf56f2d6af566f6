import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/toast';
import { apiRequest } from '../../../lib/api-client';
import type { SavedSearch, SavedSearchList, SavedSearchPatch } from '../../../lib/api-types';
import { useSession } from '../../auth/session';
import { ALL_SAVED_SEARCHES, savedSearchesKey } from './get-saved-searches';

/** Rename, pause or resume, or choose how to be told. */
export const updateSavedSearch = async (id: string, patch: SavedSearchPatch): Promise<SavedSearch> =>
  (await apiRequest<SavedSearch>(`/api/saved-searches/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch })).data;

/**
 * The change shows at once and goes back if the server refuses it (with its reason in a toast); the
 * list is read again either way. `mutateAsync` also rejects, for a caller that shows the error itself.
 */
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const key = savedSearchesKey(user?.uid ?? 'none');
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: SavedSearchPatch }) => updateSavedSearch(id, patch),
    onMutate: async ({ id, patch }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<SavedSearchList>(key);
      queryClient.setQueryData<SavedSearchList>(key, (list) => list && { ...list, items: list.items.map((s) => (s.id === id ? { ...s, ...patch } : s)) });
      return { before };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<SavedSearchList>(key, (list) => list && { ...list, items: list.items.map((s) => (s.id === saved.id ? saved : s)) });
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALL_SAVED_SEARCHES }),
  });
}

/** The toast for a change the server refused, the screen already put back. */
export function changeFailed(error: unknown): void {
  toast({ title: 'Could not save the change', description: error instanceof Error ? error.message : 'Please try again.', variant: 'destructive' });
}
