import { type Actor, type NotificationRepository, notificationNotFound } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { LiveEvents } from './live-events.js';
import type { Notifier } from './notifier.js';
import { type NotificationView, toNotificationView } from './notification-views.js';

/** Marks one of the caller's notifications read; someone else's is not found, as if it did not exist. */
export class MarkNotificationRead {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly notifier: Notifier,
    private readonly events: LiveEvents,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { id: number }, actor: Actor | null): Promise<NotificationView> {
    const me = requireSignedIn(actor);
    return this.work.run(async () => {
      const notice = await this.notifications.markRead(me.userId, input.id, this.clock.now());
      if (!notice) throw notificationNotFound(input.id);
      const view = toNotificationView(notice);
      // The caller's other tabs and devices clear it too.
      await this.events.publish([{ userId: me.userId, type: 'notification', data: view }, await this.notifier.unreadEvent(me.userId)]);
      return view;
    });
  }
}

/** Marks every notification of the caller read, in one call. */
export class MarkAllNotificationsRead {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly notifier: Notifier,
    private readonly events: LiveEvents,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(_input: void, actor: Actor | null): Promise<{ success: true; marked: number }> {
    const me = requireSignedIn(actor);
    return this.work.run(async () => {
      const marked = await this.notifications.markAllRead(me.userId, this.clock.now());
      if (marked > 0) await this.events.publish([await this.notifier.unreadEvent(me.userId)]);
      return { success: true as const, marked };
    });
  }
}
