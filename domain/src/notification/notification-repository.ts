import type { Notification, NotificationDraft } from './notification.js';

export interface NotificationRepository {
  /** Adds a notification; a chat's (metadata.conversationId, type message) updates that chat's unread one instead. */
  add(draft: NotificationDraft, now: Date): Promise<Notification>;
  /** Adds many notifications of kinds other than chat in one go (alerts to thousands of buyers). */
  addMany(drafts: readonly NotificationDraft[], now: Date): Promise<Notification[]>;
  /** Newest first. */
  listFor(userId: string, limit: number): Promise<Notification[]>;
  countUnread(userId: string): Promise<number>;
  /** Unread notifications of each of these users (0 for those with none). */
  countUnreadFor(userIds: readonly string[]): Promise<Map<string, number>>;
  /** Marks one of the user's notifications read; null when the user has no such notification. */
  markRead(userId: string, id: number, now: Date): Promise<Notification | null>;
  markAllRead(userId: string, now: Date): Promise<number>;
  /** The chat's unread notification is read once the chat is. */
  markConversationRead(userId: string, conversationId: string, now: Date): Promise<Notification | null>;
}
