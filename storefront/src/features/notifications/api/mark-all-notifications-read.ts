import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { NotificationList, ReadAllResult } from '../../../lib/api-types';
import { ALL_NOTIFICATIONS } from './get-notifications';

/** One call for all of them. */
export const markAllNotificationsRead = async (): Promise<ReadAllResult> =>
  (await apiRequest<ReadAllResult>('/api/notifications/read-all', { method: 'POST' })).data;

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => {
      queryClient.setQueriesData<NotificationList>({ queryKey: ALL_NOTIFICATIONS }, (list) =>
        list ? { notifications: list.notifications.map((n) => ({ ...n, isRead: true })), unreadCount: 0 } : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALL_NOTIFICATIONS }),
  });
}
