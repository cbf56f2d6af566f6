import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChatThread, Conversation, StreamMessage } from '../../lib/api-types';
import { useLiveEvents } from '../realtime/live-events';
import { ALL_CHAT_THREADS, chatThreadKey } from './api/get-chat-thread';
import { ALL_CONVERSATIONS } from './api/get-conversations';
import { notifyNewMessage } from './browser-notifications';
import { withMessage, withRead } from './thread-cache';

/** Keeps open chats and the chat list current from the event stream: new messages, and ticks turning double. */
export function useChatLiveUpdates(me: string): void {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.type === 'message') {
      const { vehicleId, ...message } = event.data;
      const otherUserId = message.senderId === me ? message.receiverId : message.senderId;
      queryClient.setQueryData<ChatThread>(chatThreadKey(vehicleId, otherUserId), (thread) => (thread ? withMessage(thread, message) : thread));
      void queryClient.invalidateQueries({ queryKey: ALL_CONVERSATIONS });
      if (message.senderId !== me) notifyNewMessage(senderName(queryClient, event.data), message.content, message.messageId);
    } else if (event.type === 'read') {
      const receipt = event.data;
      queryClient.setQueriesData<ChatThread>({ queryKey: ALL_CHAT_THREADS }, (thread) =>
        thread && thread.conversationId === receipt.conversationId ? withRead(thread, receipt.messageIds, receipt.readAt) : thread,
      );
      void queryClient.invalidateQueries({ queryKey: ALL_CONVERSATIONS });
    } else if (event.type === 'unread') {
      void queryClient.invalidateQueries({ queryKey: ALL_CONVERSATIONS });
    }
  });
}

/** The sender's name from whatever this tab already knows about the conversation. */
function senderName(queryClient: QueryClient, message: StreamMessage): string {
  const thread = queryClient.getQueryData<ChatThread>(chatThreadKey(message.vehicleId, message.senderId));
  if (thread) return thread.otherUser.displayName;
  for (const [, conversations] of queryClient.getQueriesData<Conversation[]>({ queryKey: ALL_CONVERSATIONS })) {
    const known = conversations?.find((c) => c.conversationId === message.conversationId);
    if (known) return known.otherUser.displayName;
  }
  return 'a Voltmarket user';
}
