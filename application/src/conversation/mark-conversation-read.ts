import {
  type Actor, type ConversationRepository, type NotificationRepository, otherParticipant, parseConversationId, ValidationError,
} from '@voltmarket/domain';
import type { LiveEvent, LiveEvents } from '../notification/live-events.js';
import type { Notifier } from '../notification/notifier.js';
import { toNotificationView } from '../notification/notification-views.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { requireSignedIn } from '../shared/guards.js';

/** The caller has read what the other side wrote: read markers on those messages (and on the chat's notification). */
export class MarkConversationRead {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly notifications: NotificationRepository,
    private readonly notifier: Notifier,
    private readonly events: LiveEvents,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { conversationId: string }, actor: Actor | null): Promise<{ success: true; marked: number }> {
    const me = requireSignedIn(actor);
    const key = parseConversationId(input.conversationId);
    if (!key) throw new ValidationError([{ field: 'conversationId', message: 'This is not a conversation id ({vehicleId}_{buyerId}_{sellerId}).' }]);
    const other = otherParticipant(key, me.userId);
    return this.work.run(async () => {
      const now = this.clock.now();
      const marked = await this.conversations.markRead(input.conversationId, me.userId, now);
      const notice = await this.notifications.markConversationRead(me.userId, input.conversationId, now);
      const events: LiveEvent[] = [];
      if (marked.length > 0) {
        events.push({ userId: other, type: 'read', data: { conversationId: input.conversationId, readerId: me.userId, messageIds: marked, readAt: now.toISOString() } });
      }
      if (notice) events.push({ userId: me.userId, type: 'notification', data: toNotificationView(notice) });
      if (events.length > 0) events.push(await this.notifier.unreadEvent(me.userId));
      await this.events.publish(events);
      return { success: true as const, marked: marked.length };
    });
  }
}
