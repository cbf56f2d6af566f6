import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import type { ApiKey } from '../../../lib/api-types';

export const listApiKeys = (signal?: AbortSignal) => apiGet<ApiKey[]>('/api/developer/keys', signal);

export const apiKeysKey = (uid: string) => ['developer', 'api-keys', uid] as const;

/** The seller's API keys, newest first, revoked ones included; never their secrets. */
export function useApiKeys() {
  const { user } = useSession();
  return useQuery({ queryKey: apiKeysKey(user?.uid ?? 'none'), enabled: !!user, queryFn: ({ signal }) => listApiKeys(signal) });
}
