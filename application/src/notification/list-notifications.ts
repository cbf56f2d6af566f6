import type { Actor, NotificationRepository } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import { type NotificationView, toNotificationView } from './notification-views.js';

export const NOTIFICATION_LIST_MAX = 50;

/** The caller's notifications, newest first, with how many are unread. */
export class ListNotifications {
  constructor(private readonly notifications: NotificationRepository) {}

  async execute(_input: void, actor: Actor | null): Promise<{ notifications: NotificationView[]; unreadCount: number }> {
    const me = requireSignedIn(actor);
    const [list, unreadCount] = await Promise.all([
      this.notifications.listFor(me.userId, NOTIFICATION_LIST_MAX),
      this.notifications.countUnread(me.userId),
    ]);
    return { notifications: list.map(toNotificationView), unreadCount };
  }
}
