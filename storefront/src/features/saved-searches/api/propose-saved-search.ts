import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { SavedSearchCriteria, SavedSearchProposal } from '../../../lib/api-types';
import { useSession } from '../../auth/session';

/** The name a search would be saved under; nothing is saved. */
export const proposeSavedSearch = async (criteria: SavedSearchCriteria, signal?: AbortSignal): Promise<SavedSearchProposal> =>
  (await apiRequest<SavedSearchProposal>('/api/saved-searches/proposal', { method: 'POST', body: criteria, signal })).data;

/** A POST that only reads, so a query: asked once per search while the save dialog is open. */
export function useSavedSearchProposal(criteria: SavedSearchCriteria) {
  const { user } = useSession();
  return useQuery({
    queryKey: ['saved-search-proposal', user?.uid ?? 'none', criteria] as const,
    enabled: !!user,
    queryFn: ({ signal }) => proposeSavedSearch(criteria, signal),
  });
}
