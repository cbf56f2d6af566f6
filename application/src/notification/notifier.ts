import type { ConversationRepository, NotificationDraft, NotificationRepository } from '@voltmarket/domain';
import type { WebhookNotice, WebhookOutbox } from '../developer/developer-ports.js';
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
    /** The person's webhook endpoints, for drafts that carry a webhook event (absent in tests that need none). */
    private readonly webhooks: WebhookOutbox | null = null,
  ) {}

  async notify(draft: NotificationDraft): Promise<void> {
    const stored = await this.notifications.add(draft, this.clock.now());
    if (draft.webhook) await this.tell([{ userId: draft.userId, event: draft.webhook.event, data: { ...draft.webhook.data } }]);
    await this.events.publish([
      { userId: draft.userId, type: 'notification', data: toNotificationView(stored) },
      await this.unreadEvent(draft.userId),
    ]);
  }

  /**
   * Tells many people at once (alerts of a new listing to thousands of buyers): the notifications,
   * then each person's event and unread counts, in a few statements however many they are.
   */
  async notifyMany(drafts: readonly NotificationDraft[]): Promise<void> {
    if (drafts.length === 0) return;
    const stored = await this.notifications.addMany(drafts, this.clock.now());
    const userIds = [...new Set(drafts.map((d) => d.userId))];
    const [notifications, messages] = await Promise.all([this.notifications.countUnreadFor(userIds), this.conversations.countUnreadFor(userIds)]);
    await this.events.publish([
      ...stored.map((n): LiveEvent => ({ userId: n.userId, type: 'notification', data: toNotificationView(n) })),
      ...userIds.map((userId): LiveEvent => ({
        userId, type: 'unread', data: { notifications: notifications.get(userId) ?? 0, messages: messages.get(userId) ?? 0 } satisfies UnreadCounts,
      })),
    ]);
  }

  /** News for sellers' webhook endpoints alone (a listing sold by its own seller has no notification). */
  async tell(notices: WebhookNotice[]): Promise<void> {
    if (this.webhooks && notices.length > 0) await this.webhooks.enqueue(notices, this.clock.now());
  }

  /** The person's unread counts as an event, after a change to them. */
  async unreadEvent(userId: string): Promise<LiveEvent> {
    const [notifications, messages] = await Promise.all([this.notifications.countUnread(userId), this.conversations.countUnread(userId)]);
    const data: UnreadCounts = { notifications, messages };
    return { userId, type: 'unread', data };
  }
}
