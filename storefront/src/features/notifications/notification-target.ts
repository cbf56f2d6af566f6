import type { Notification } from '../../lib/api-types';

/** Where clicking a notification goes: a message opens its chat on Profile, anything else its actionUrl. */
export function notificationTarget(notification: Pick<Notification, 'type' | 'actionUrl' | 'metadata'>): string | null {
  const conversationId = notification.metadata.conversationId;
  if (notification.type === 'message' && conversationId) return `/profile?openChat=${encodeURIComponent(conversationId)}`;
  return notification.actionUrl || null;
}
