import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { SyncInput, User } from '../../../lib/api-types';
import { takeSignUpProfile, useSession } from '../session';

/** Registers or refreshes the signed-in user on the server; answers with their profile and role. */
export async function syncUser(input: SyncInput): Promise<User> {
  return (await apiRequest<User>('/api/auth/sync', { method: 'POST', body: input })).data;
}

export const currentUserKey = (uid: string) => ['auth', 'user', uid] as const;

/** The signed-in user as the server knows them (role included); synced once per sign-in. */
export function useCurrentUser() {
  const { user } = useSession();
  return useQuery({
    queryKey: currentUserKey(user?.uid ?? 'none'),
    enabled: !!user,
    queryFn: () =>
      syncUser({
        ...(user?.displayName ? { displayName: user.displayName.slice(0, 101) } : {}),
        ...takeSignUpProfile(),
      }),
  });
}
