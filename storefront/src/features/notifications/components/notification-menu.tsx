import { useEffect, useRef, useState, type ComponentType, type SVGProps } from 'react';
import { useNavigate } from 'react-router-dom';
import { CalendarIcon, ChatIcon, InfoIcon, TagIcon, BellIcon } from '../../../components/icons';
import { ErrorState, Spinner } from '../../../components/states';
import type { Notification, NotificationType } from '../../../lib/api-types';
import type { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { notificationTarget } from '../notification-target';
import { relativeTime } from '../relative-time';

const ICONS: Record<NotificationType, ComponentType<SVGProps<SVGSVGElement>>> = { message: ChatIcon, listing: TagIcon, rental: CalendarIcon, system: InfoIcon, other: BellIcon };

interface NotificationMenuProps {
  query: ReturnType<typeof useNotifications>;
  onClose: (returnFocus: boolean) => void;
}

/** The bell's dropdown: newest first, a click marks one read and goes where it points. */
export default function NotificationMenu({ query, onClose }: NotificationMenuProps) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const heading = useRef<HTMLHeadingElement>(null);
  const now = useNow();
  useEffect(() => heading.current?.focus(), []);

  const open = (notification: Notification) => {
    if (!notification.isRead) markRead.mutate(notification.id);
    const target = notificationTarget(notification);
    onClose(!target);
    if (!target) return;
    if (target.startsWith('/') && !target.startsWith('//')) navigate(target);
    else if (/^https?:\/\//.test(target)) window.location.assign(target);
  };

  const list = query.data;
  return (
    <div id="notification-menu" className="bell__menu" role="region" aria-labelledby="notification-menu-title">
      <div className="bell__head">
        <h2 id="notification-menu-title" className="h4" tabIndex={-1} ref={heading}>
          Notifications
        </h2>
        {!!list?.unreadCount && (
          <button type="button" className="btn btn--link" onClick={() => markAll.mutate()}>
            Mark all read
          </button>
        )}
      </div>
      {query.isError && !list ? (
        <ErrorState title="We could not load your notifications" error={query.error} onRetry={() => void query.refetch()} />
      ) : !list ? (
        <Spinner label="Loading notifications..." />
      ) : list.notifications.length === 0 ? (
        <p className="bell__empty muted">No notifications yet</p>
      ) : (
        <ul className="bell__list">
          {list.notifications.map((n) => {
            const Icon = ICONS[n.type] ?? BellIcon;
            return (
              <li key={n.id}>
                <button type="button" className={`notice-item${n.isRead ? '' : ' notice-item--unread'}`} onClick={() => open(n)}>
                  <span className={`notice-item__icon notice-item__icon--${n.type}`} aria-hidden="true">
                    <Icon width={18} height={18} />
                  </span>
                  <span className="notice-item__text user-text">
                    <strong className="notice-item__title">{n.title}</strong>
                    <span className="notice-item__message">{n.message}</span>
                    <time className="notice-item__time small muted" dateTime={n.timestamp}>
                      {relativeTime(n.timestamp, now)}
                    </time>
                  </span>
                  {!n.isRead && (
                    <span className="notice-item__dot" role="img" aria-label="Unread" />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** The time now, refreshed every half minute so "2m ago" keeps up while the menu is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
