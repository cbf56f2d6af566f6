import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ProfilePatch, User } from '../../../lib/api-types';
import { currentUserKey } from '../../auth/api/sync-user';

export const updateProfile = async (patch: ProfilePatch): Promise<User> =>
  (await apiRequest<User>('/api/auth/profile', { method: 'PATCH', body: patch })).data;

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(currentUserKey(user.id), user),
  });
}
