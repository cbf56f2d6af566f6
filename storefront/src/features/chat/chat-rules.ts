import type { ChatMessage } from '../../lib/api-types';

export const MAX_MESSAGE_LENGTH = 500;
/** A time header goes above a message sent more than 5 minutes after the one before it. */
export const TIME_HEADER_GAP_MS = 300_000;
export const PREVIEW_LENGTH = 50;

export const QUICK_ACTIONS = ['Rate supplier', 'Send order request', 'File a complaint', 'Logistics inquiry'] as const;
export type QuickAction = (typeof QUICK_ACTIONS)[number];

/** The composer text a quick action fills in: "I would like to file a complaint for this vehicle." */
export const quickActionText = (action: QuickAction): string => `I would like to ${action.charAt(0).toLowerCase()}${action.slice(1)} for this vehicle.`;

/** For each message (oldest first): whether a time header goes above it (the first, and after a gap over 5 minutes). */
export function timeHeaders(timestamps: readonly string[]): boolean[] {
  return timestamps.map((at, i) => i === 0 || Date.parse(at) - Date.parse(timestamps[i - 1]!) > TIME_HEADER_GAP_MS);
}

/** The last message as the chat list shows it: its first 50 characters, then an ellipsis. */
export const previewOf = (content: string): string => (content.length > PREVIEW_LENGTH ? `${content.slice(0, PREVIEW_LENGTH)}...` : content);

export type Delivery = 'sending' | 'failed' | 'sent' | 'read';

/** One tick once sent, two once the other side has read it. */
export const deliveryOf = (message: Pick<ChatMessage, 'isRead'>): Delivery => (message.isRead ? 'read' : 'sent');

/**
 * Who a conversation is with, from its id `{vehicleId}_{buyerId}_{sellerId}` (user ids hold no underscore):
 * whichever of buyer and seller is not me. Null when the id is malformed or not one of mine.
 */
export function parseConversationId(conversationId: string, me: string): { vehicleId: number; otherUserId: string } | null {
  const match = /^([1-9]\d{0,9})_([^_]+)_([^_]+)$/.exec(conversationId);
  if (!match) return null;
  const [, vehicle, buyerId, sellerId] = match as unknown as [string, string, string, string];
  if (buyerId !== me && sellerId !== me) return null;
  const otherUserId = buyerId === me ? sellerId : buyerId;
  if (otherUserId === me) return null;
  return { vehicleId: Number(vehicle), otherUserId };
}

/** The name a person goes by in the chat list: first name, else email, else the name the server gives. */
export const chatNameOf = (person: { firstName: string | null; email: string | null; displayName: string }): string =>
  person.firstName?.trim() || person.email || person.displayName;
