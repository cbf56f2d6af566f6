import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import type { ApiKey, ApiKeyInput, NewApiKey } from '../../../lib/api-types';
import { apiKeysKey } from './list-api-keys';

/** A verified seller's new key; the answer carries its secret, this once. */
export const createApiKey = async (input: ApiKeyInput): Promise<NewApiKey> =>
  (await apiRequest<NewApiKey>('/api/developer/keys', { method: 'POST', body: input })).data;

/**
 * The key joins the list without its secret, and the mutation is forgotten as soon as the dialog
 * that shows the secret closes (gcTime 0): the secret lives on the screen only, never in a cache.
 */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const key = apiKeysKey(user?.uid ?? 'none');
  return useMutation({
    mutationFn: createApiKey,
    gcTime: 0,
    onSuccess: ({ secret: _secret, ...created }) => {
      queryClient.setQueryData<ApiKey[]>(key, (keys) => keys && [created, ...keys.filter((k) => k.id !== created.id)]);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
