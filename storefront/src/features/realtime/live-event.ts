import type { Notification, ReadReceipt, StreamMessage, UnreadCounts } from '../../lib/api-types';

/** The named events of GET /api/events; `id` is the server's increasing event id (null if it sent none). */
export type LiveEvent =
  | { type: 'message'; id: number | null; data: StreamMessage }
  | { type: 'read'; id: number | null; data: ReadReceipt }
  | { type: 'notification'; id: number | null; data: Notification }
  | { type: 'unread'; id: number | null; data: UnreadCounts };

export type LiveEventType = LiveEvent['type'];
export const LIVE_EVENT_TYPES: readonly LiveEventType[] = ['message', 'read', 'notification', 'unread'];

/**
 * off: nobody signed in; connecting: asking for a ticket or waiting for the leader tab's word;
 * live: the stream is open; polling: it could not be opened (or dropped), the screens poll until it is back.
 */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'polling';
