import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Notification, NotificationList } from '../../../lib/api-types';
import { ALL_NOTIFICATIONS } from './get-notifications';

export const markNotificationRead = async (id: number): Promise<Notification> =>
  (await apiRequest<Notification>(`/api/notifications/${id}/read`, { method: 'POST' })).data;

/** Marks one read at once on screen; the list is asked for again afterwards either way. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      queryClient.setQueriesData<NotificationList>({ queryKey: ALL_NOTIFICATIONS }, (list) => {
        if (!list || !list.notifications.some((n) => n.id === id && !n.isRead)) return list;
        return { notifications: list.notifications.map((n) => (n.id === id ? { ...n, isRead: true } : n)), unreadCount: Math.max(0, list.unreadCount - 1) };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALL_NOTIFICATIONS }),
  });
}
