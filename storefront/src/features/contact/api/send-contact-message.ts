import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ContactMessageInput, ContactMessageReceipt } from '../../../lib/api-types';

/** Contact Us: visitors and members alike; a member's answer goes to their account's address. */
export const sendContactMessage = async (input: ContactMessageInput): Promise<ContactMessageReceipt> =>
  (await apiRequest<ContactMessageReceipt>('/api/contact-messages', { method: 'POST', body: input })).data;

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
