import { useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '../../lib/api-types';
import { useLiveEvents } from '../realtime/live-events';
import { ALL_NOTIFICATIONS } from './api/get-notifications';

/** New or changed notifications are asked for again; the unread count is taken straight from the stream. */
export function useNotificationLiveUpdates(): void {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.type === 'notification') void queryClient.invalidateQueries({ queryKey: ALL_NOTIFICATIONS });
    if (event.type === 'unread') {
      const unreadCount = event.data.notifications;
      queryClient.setQueriesData<NotificationList>({ queryKey: ALL_NOTIFICATIONS }, (list) => (list ? { ...list, unreadCount } : list));
    }
  });
}
