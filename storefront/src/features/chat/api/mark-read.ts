import { apiRequest } from '../../../lib/api-client';
import type { MarkReadInput, MarkReadResult } from '../../../lib/api-types';

/** Marks what the caller received in a conversation as read (idempotent). */
export const markConversationRead = async (input: MarkReadInput): Promise<MarkReadResult> =>
  (await apiRequest<MarkReadResult>('/api/chat/mark-read', { method: 'POST', body: input })).data;
