import type { ConversationRepository, NotificationDraft, NotificationRepository } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import type { LiveEvent, LiveEvents } from './live-events.js';
import { toNotificationView, type UnreadCounts } from './notification-views.js';

/**
 * Tells people what concerns them: stores the notification and its live events. Runs inside the
 * caller's unit of work, so a notification exists exactly when the change it reports does.
 */
export class Notifier {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly conversations: ConversationRepository,
    private readonly events: LiveEvents,
    private readonly clock: Clock,
  ) {}

  async notify(draft: NotificationDraft): Promise<void> {
    const stored = await this.notifications.add(draft, this.clock.now());
    await this.events.publish([
      { userId: draft.userId, type: 'notification', data: toNotificationView(stored) },
      await this.unreadEvent(draft.userId),
    ]);
  }

  /** The person's unread counts as an event, after a change to them. */
  async unreadEvent(userId: string): Promise<LiveEvent> {
    const [notifications, messages] = await Promise.all([this.notifications.countUnread(userId), this.conversations.countUnread(userId)]);
    const data: UnreadCounts = { notifications, messages };
    return { userId, type: 'unread', data };
  }
}
