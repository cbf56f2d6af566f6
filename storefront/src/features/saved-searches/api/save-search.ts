import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { SavedSearch, SavedSearchInput } from '../../../lib/api-types';
import { ALL_SAVED_SEARCHES } from './get-saved-searches';

export interface SaveResult {
  search: SavedSearch;
  /** False: these criteria were saved before (200), and `search` is that one, under its own name. */
  created: boolean;
}

export async function saveSearch(input: SavedSearchInput): Promise<SaveResult> {
  const { data, status } = await apiRequest<SavedSearch>('/api/saved-searches', { method: 'POST', body: input });
  return { search: data, created: status === 201 };
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALL_SAVED_SEARCHES }),
  });
}
