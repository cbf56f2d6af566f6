import { ValidationError } from '../shared/domain-error.js';
import { cleanText } from '../shared/text.js';
import { cannotMessageYourself, notInConversation, wrongReceiver } from './conversation-errors.js';

export const MESSAGE_MAX = 500;

/** Who is talking about which listing: the key of a conversation, `{vehicleId}_{buyerId}_{sellerId}`. */
export interface ConversationKey {
  readonly vehicleId: number;
  readonly buyerId: string;
  readonly sellerId: string;
}

export function conversationId(key: ConversationKey): string {
  return `${key.vehicleId}_${key.buyerId}_${key.sellerId}`;
}

/** Reads a conversation id; null when it is not one (user ids never contain "_": Firebase uids are alphanumeric). */
export function parseConversationId(id: string): ConversationKey | null {
  const match = /^([1-9][0-9]{0,9})_([^_]+)_([^_]+)$/.exec(id);
  if (!match) return null;
  const vehicleId = Number(match[1]);
  if (vehicleId > 2_147_483_647) return null;
  return { vehicleId, buyerId: match[2]!, sellerId: match[3]! };
}

/** The other side of a conversation, for one of its two people; a stranger is refused. */
export function otherParticipant(key: ConversationKey, userId: string): string {
  if (userId === key.buyerId) return key.sellerId;
  if (userId === key.sellerId) return key.buyerId;
  throw notInConversation();
}

export function isParticipant(key: ConversationKey, userId: string): boolean {
  return userId === key.buyerId || userId === key.sellerId;
}

/** A message's text as stored: trimmed, 1 to 500 characters. */
export function messageContent(typed: string, field = 'message'): string {
  const content = cleanText(typed);
  if (content.length === 0) throw new ValidationError([{ field, message: 'Write a message first.' }]);
  if ([...content].length > MESSAGE_MAX) throw new ValidationError([{ field, message: `A message can be at most ${MESSAGE_MAX} characters.` }]);
  return content;
}

/**
 * Who the first message's two people are. The buyer writes first, to the listing's seller; a seller
 * answers only in a conversation a buyer started, and nobody writes to themselves.
 */
export function openingKey(input: { vehicleId: number; senderId: string; receiverId: string; sellerId: string }): ConversationKey {
  if (input.senderId === input.receiverId) throw cannotMessageYourself();
  if (input.senderId === input.sellerId) throw cannotMessageYourself();
  if (input.receiverId !== input.sellerId) throw wrongReceiver();
  return { vehicleId: input.vehicleId, buyerId: input.senderId, sellerId: input.sellerId };
}

/** One chat message. Read markers are per message and only ever set by its receiver. */
export class Message {
  id!: number;
  conversationId!: string;
  vehicleId!: number;
  senderId!: string;
  receiverId!: string;
  content!: string;
  isRead!: boolean;
  readAt!: Date | null;
  createdAt!: Date;

  static write(key: ConversationKey, senderId: string, typed: string, now: Date): Message {
    const receiverId = otherParticipant(key, senderId);
    if (receiverId === senderId) throw cannotMessageYourself();
    const message = new Message();
    message.conversationId = conversationId(key);
    message.vehicleId = key.vehicleId;
    message.senderId = senderId;
    message.receiverId = receiverId;
    message.content = messageContent(typed);
    message.isRead = false;
    message.readAt = null;
    message.createdAt = now;
    return message;
  }

  /** Marks it read for its receiver; a second time, or anyone else, changes nothing. */
  markReadBy(userId: string, now: Date): boolean {
    if (userId !== this.receiverId || this.isRead) return false;
    this.isRead = true;
    this.readAt = now;
    return true;
  }
}
