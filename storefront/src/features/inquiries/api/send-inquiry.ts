import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { InquiryInput, InquiryReceipt } from '../../../lib/api-types';
import { listingInquiriesKey } from './get-listing-inquiries';

/** Visitors may send one too; a signed-in buyer's inquiry also opens the chat with the seller. */
export const sendInquiry = async (input: InquiryInput, idempotencyKey?: string): Promise<InquiryReceipt> =>
  (await apiRequest<InquiryReceipt>('/api/inquiries', { method: 'POST', body: input, idempotencyKey })).data;

export function useSendInquiry(vehicleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: InquiryInput; key: string }) => sendInquiry(input, key),
    onSuccess: (receipt) => {
      void queryClient.invalidateQueries({ queryKey: listingInquiriesKey(vehicleId) });
      if (receipt.conversationId) void queryClient.invalidateQueries({ queryKey: ['conversations'] });
    },
  });
}
