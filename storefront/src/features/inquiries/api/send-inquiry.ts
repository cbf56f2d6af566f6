import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isQueued, KEPT_FOR_LATER, type KeptForLater } from '../../../lib/outbox';
import type { InquiryInput, InquiryReceipt } from '../../../lib/api-types';
import { listingInquiriesKey } from './get-listing-inquiries';

/**
 * Visitors may send one too; a signed-in buyer's inquiry also opens the chat with the seller.
 * Without signal, the service worker keeps it to send later (lib/outbox.ts): `KEPT_FOR_LATER`.
 */
export async function sendInquiry(input: InquiryInput, idempotencyKey?: string): Promise<InquiryReceipt | KeptForLater> {
  const response = await apiRequest<InquiryReceipt>('/api/inquiries', { method: 'POST', body: input, idempotencyKey });
  return isQueued(response) ? KEPT_FOR_LATER : response.data;
}

/** A delivered inquiry, in the seller's list and the buyer's chats. */
export function showSentInquiry(queryClient: QueryClient, vehicleId: number, receipt: InquiryReceipt): void {
  void queryClient.invalidateQueries({ queryKey: listingInquiriesKey(vehicleId) });
  if (receipt.conversationId) void queryClient.invalidateQueries({ queryKey: ['conversations'] });
}

export function useSendInquiry(vehicleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // Sent even when the browser says it is offline: the service worker keeps it for later (lib/outbox.ts),
    // or without one the send fails and says so, rather than waiting unseen in this tab.
    networkMode: 'always',
    mutationFn: ({ input, key }: { input: InquiryInput; key: string }) => sendInquiry(input, key),
    onSuccess: (answer) => {
      if (answer !== KEPT_FOR_LATER) showSentInquiry(queryClient, vehicleId, answer);
    },
  });
}
