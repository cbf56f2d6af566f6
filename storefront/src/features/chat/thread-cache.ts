import type { ChatMessage, ChatThread } from '../../lib/api-types';

const byTime = (a: ChatMessage, b: ChatMessage) => Date.parse(a.timestamp) - Date.parse(b.timestamp) || a.messageId - b.messageId;

/** The thread with `message` in it once (a send's answer and the stream's echo are the same message). */
export function withMessage(thread: ChatThread, message: ChatMessage): ChatThread {
  const others = thread.messages.filter((m) => m.messageId !== message.messageId);
  return { ...thread, conversationId: thread.conversationId ?? message.conversationId, messages: [...others, message].sort(byTime) };
}

/** The thread with the named messages marked read. */
export function withRead(thread: ChatThread, messageIds: readonly number[], readAt: string): ChatThread {
  const ids = new Set(messageIds);
  if (!thread.messages.some((m) => ids.has(m.messageId) && !m.isRead)) return thread;
  return { ...thread, messages: thread.messages.map((m) => (ids.has(m.messageId) ? { ...m, isRead: true, readAt: m.readAt ?? readAt } : m)) };
}

/** Older pages and the latest page merged, each message once, oldest first. */
export function mergeMessages(older: readonly ChatMessage[], latest: readonly ChatMessage[]): ChatMessage[] {
  const seen = new Map<number, ChatMessage>();
  for (const m of [...older, ...latest]) seen.set(m.messageId, m);
  return [...seen.values()].sort(byTime);
}
