import type { ChatMessage } from '../../lib/api-types';

export const MAX_MESSAGE_LENGTH = 500;
/** A time header goes above a message sent more than 5 minutes after the one before it. */
export const TIME_HEADER_GAP_MS = 300_000;
export const PREVIEW_LENGTH = 50;

/**
 * Ready-made openings for what car buyers ask first; each names the car by its listing's title.
 * (The spec's generic "Rate supplier", "Send order request"... read wrong for a car.)
 */
export const QUICK_ACTIONS = [
  { label: 'Still available?', text: (car: string) => `Hello, is the ${car} still available?` },
  { label: 'Inspection & test drive', text: (car: string) => `Hello, could I inspect the ${car} and take it for a test drive? Which day would suit you?` },
  { label: 'Best price', text: (car: string) => `Hello, what is your best price for the ${car}?` },
  { label: 'Documents & customs', text: (car: string) => `Hello, which documents come with the ${car}, and are its customs papers in order?` },
  { label: 'Delivery', text: (car: string) => `Hello, can you deliver the ${car}? How much would delivery cost, and how long would it take?` },
] as const;
export type QuickAction = (typeof QUICK_ACTIONS)[number];

/** The composer text a quick action fills in, naming the car: "Hello, is the 2022 Hyundai IONIQ 5 still available?" */
export const quickActionText = (action: QuickAction, vehicleTitle: string): string => action.text(vehicleTitle.trim() || 'car');

/** How long a message is as the server counts it: characters (not UTF-16 units) once trimmed. */
export const messageLength = (text: string): number => [...text.trim()].length;

/** For each message (oldest first): whether a time header goes above it (the first, and after a gap over 5 minutes). */
export function timeHeaders(timestamps: readonly string[]): boolean[] {
  return timestamps.map((at, i) => i === 0 || Date.parse(at) - Date.parse(timestamps[i - 1]!) > TIME_HEADER_GAP_MS);
}

/** The last message as the chat list shows it: its first 50 characters, then an ellipsis. */
export const previewOf = (content: string): string => (content.length > PREVIEW_LENGTH ? `${content.slice(0, PREVIEW_LENGTH)}...` : content);

/** queued: kept by the service worker until the signal returns (lib/outbox.ts). */
export type Delivery = 'sending' | 'queued' | 'failed' | 'sent' | 'read';

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
