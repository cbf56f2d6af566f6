import { useQueryClient } from '@tanstack/react-query';
import type { ChatThread } from '../../lib/api-types';
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
      const { vehicleId, senderName, ...message } = event.data;
      const otherUserId = message.senderId === me ? message.receiverId : message.senderId;
      queryClient.setQueryData<ChatThread>(chatThreadKey(vehicleId, otherUserId), (thread) => (thread ? withMessage(thread, message) : thread));
      void queryClient.invalidateQueries({ queryKey: ALL_CONVERSATIONS });
      if (message.senderId !== me) notifyNewMessage(senderName, message.content, message.messageId);
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
