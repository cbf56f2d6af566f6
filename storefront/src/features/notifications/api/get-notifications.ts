import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { NotificationList } from '../../../lib/api-types';
import { useSession } from '../../auth/session';
import { usePollingInterval } from '../../realtime/live-events';

export const NOTIFICATIONS_POLL_MS = 5000;

export const getNotifications = (signal?: AbortSignal) => apiGet<NotificationList>('/api/notifications', signal);

export const ALL_NOTIFICATIONS = ['notifications'] as const;
export const notificationsKey = (uid: string) => ['notifications', uid] as const;

/** The signed-in user's latest notifications and unread count (polled only while the event stream is down). */
export function useNotifications() {
  const { user } = useSession();
  const refetchInterval = usePollingInterval(NOTIFICATIONS_POLL_MS);
  return useQuery({
    queryKey: notificationsKey(user?.uid ?? 'none'),
    enabled: !!user,
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval,
  });
}
