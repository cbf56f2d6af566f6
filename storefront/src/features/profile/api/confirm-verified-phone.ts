import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { User } from '../../../lib/api-types';
import { currentUserKey } from '../../auth/api/sync-user';

/** After the SMS code was accepted: the server records the number the identity provider now holds for the account. */
export const confirmVerifiedPhone = async (): Promise<User> =>
  (await apiRequest<User>('/api/auth/phone/verified', { method: 'POST' })).data;

export function useConfirmVerifiedPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmVerifiedPhone,
    onSuccess: (user) => queryClient.setQueryData(currentUserKey(user.id), user),
  });
}
