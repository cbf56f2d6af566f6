import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import type { ApiKey } from '../../../lib/api-types';
import { apiKeysKey } from './list-api-keys';

/** The key stops working at once; it stays listed as revoked (204). */
export const revokeApiKey = async (id: number): Promise<void> => {
  await apiRequest<void>(`/api/developer/keys/${id}`, { method: 'DELETE' });
};

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const key = apiKeysKey(user?.uid ?? 'none');
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (_data, id) => {
      const now = new Date().toISOString();
      queryClient.setQueryData<ApiKey[]>(key, (keys) => keys?.map((k) => (k.id === id ? { ...k, revokedAt: k.revokedAt ?? now } : k)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
