import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { DealerInput, User } from '../../../lib/api-types';
import { currentUserKey } from '../../auth/api/sync-user';

/** Sends (or changes) the seller's business name and CAC number; the request then waits for staff. */
export const submitDealer = async (input: DealerInput): Promise<User> =>
  (await apiRequest<User>('/api/auth/dealer', { method: 'PUT', body: input })).data;

export function useSubmitDealer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDealer,
    onSuccess: (user) => queryClient.setQueryData(currentUserKey(user.id), user),
  });
}
