import { apiRequest } from '../../../lib/api-client';
import type { EventTicket } from '../../../lib/api-types';

/** A single-use ticket (60 s) for one EventSource connection, which cannot send the Bearer token itself. */
export const getEventTicket = async (): Promise<string> =>
  (await apiRequest<EventTicket>('/api/events/ticket', { method: 'POST' })).data.ticket;
