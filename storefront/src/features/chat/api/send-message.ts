import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isQueued, KEPT_FOR_LATER, type KeptForLater } from '../../../lib/outbox';
import type { ChatThread, SendMessageInput, SentMessage } from '../../../lib/api-types';
import { withMessage } from '../thread-cache';
import { chatThreadKey } from './get-chat-thread';
import { ALL_CONVERSATIONS } from './get-conversations';

/**
 * The sender is whoever the token says; only the listing, the other person and the text are sent.
 * Without signal, the service worker keeps the message to send later (lib/outbox.ts): `KEPT_FOR_LATER`.
 */
export async function sendMessage(input: SendMessageInput, idempotencyKey?: string): Promise<SentMessage | KeptForLater> {
  const response = await apiRequest<SentMessage>('/api/chat/send-message', { method: 'POST', body: input, idempotencyKey });
  return isQueued(response) ? KEPT_FOR_LATER : response.data;
}

/** A sent message, in its thread and the chat list (sent now, or kept and sent when the signal returned). */
export function showSentMessage(queryClient: QueryClient, vehicleId: number, otherUserId: string, sent: SentMessage): void {
  queryClient.setQueryData<ChatThread>(chatThreadKey(vehicleId, otherUserId), (thread) => (thread ? withMessage(thread, sent.message) : thread));
  void queryClient.invalidateQueries({ queryKey: ALL_CONVERSATIONS });
}

export function useSendMessage(vehicleId: number, otherUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Sent even when the browser says it is offline: the service worker keeps it for later (lib/outbox.ts),
    // or without one the send fails and says so, rather than waiting unseen in this tab.
    networkMode: 'always',
    // One key per message, the same on every try: a try whose answer was lost is not sent twice.
    mutationFn: ({ message, key }: { message: string; key: string }) => sendMessage({ vehicleId, receiverId: otherUserId, content: message }, key),
    onSuccess: (answer) => {
      if (answer !== KEPT_FOR_LATER) showSentMessage(queryClient, vehicleId, otherUserId, answer);
    },
  });
}
