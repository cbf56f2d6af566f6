import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ChatThread, SendMessageInput, SentMessage } from '../../../lib/api-types';
import { withMessage } from '../thread-cache';
import { chatThreadKey } from './get-chat-thread';
import { ALL_CONVERSATIONS } from './get-conversations';

/** The sender is whoever the token says; only the listing, the other person and the text are sent. */
export const sendMessage = async (input: SendMessageInput, idempotencyKey?: string): Promise<SentMessage> =>
  (await apiRequest<SentMessage>('/api/chat/send-message', { method: 'POST', body: input, idempotencyKey })).data;

export function useSendMessage(vehicleId: number, otherUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // One key per message, the same on every try: a try whose answer was lost is not sent twice.
    mutationFn: ({ message, key }: { message: string; key: string }) => sendMessage({ listingId: vehicleId, receiverId: otherUserId, message }, key),
    onSuccess: ({ message }) => {
      queryClient.setQueryData<ChatThread>(chatThreadKey(vehicleId, otherUserId), (thread) => (thread ? withMessage(thread, message) : thread));
      void queryClient.invalidateQueries({ queryKey: ALL_CONVERSATIONS });
    },
  });
}
