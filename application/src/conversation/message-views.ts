import type { Message } from '@voltmarket/domain';
import { type ChatMessageView, safetyTipFor } from './conversation-reads.js';

export const toChatMessageView = (m: Message): ChatMessageView => ({
  messageId: m.id,
  conversationId: m.conversationId,
  senderId: m.senderId,
  receiverId: m.receiverId,
  content: m.content,
  timestamp: m.createdAt.toISOString(),
  isRead: m.isRead,
  readAt: m.readAt?.toISOString() ?? null,
  ...safetyTipFor(m.content),
});
