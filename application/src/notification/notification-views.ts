import type { Notification, NotificationType } from '@voltmarket/domain';

export interface NotificationView {
  id: number;
  title: string;
  message: string;
  type: NotificationType;
  timestamp: string;
  isRead: boolean;
  actionUrl: string | null;
  metadata: { conversationId?: string; vehicleId?: number; count?: number };
}

export const toNotificationView = (n: Notification): NotificationView => ({
  id: n.id,
  title: n.title,
  message: n.message,
  type: n.type,
  timestamp: n.updatedAt.toISOString(),
  isRead: n.isRead,
  actionUrl: n.actionUrl,
  metadata: { ...n.metadata, ...(n.type === 'message' && n.metadata.conversationId ? { count: n.count } : {}) },
});

export interface UnreadCounts {
  notifications: number;
  messages: number;
}
