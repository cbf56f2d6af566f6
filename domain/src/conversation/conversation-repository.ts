import type { ConversationKey, Message } from './conversation.js';
import type { Inquiry } from './inquiry.js';

/** Where conversations and their messages live. Lists and threads are read through query ports instead. */
export interface ConversationRepository {
  /** The conversation about this listing between these two people, whichever of them is the buyer. */
  findBetween(vehicleId: number, userA: string, userB: string): Promise<ConversationKey | null>;
  /** Starts the conversation if it has not started; the listing's title is kept for when the listing is gone. */
  open(key: ConversationKey, listingTitle: string, now: Date): Promise<void>;
  /**
   * Stores the message and returns it with its id. With a client key (the sender's idempotency key),
   * a message the sender already sent under that key is returned instead (`added: false`).
   */
  addMessage(message: Message, clientKey?: string | null): Promise<Message & { added?: boolean }>;
  /** Marks the messages to `receiverId` in the conversation read; returns the ids that were unread. */
  markRead(conversationId: string, receiverId: string, now: Date): Promise<number[]>;
  /** Messages to the user not yet read, over every conversation. */
  countUnread(userId: string): Promise<number>;
  /** Unread messages of each of these users (0 for those with none). */
  countUnreadFor(userIds: readonly string[]): Promise<Map<string, number>>;
}

export interface InquiryRepository {
  /** Stores the inquiry, with the client's idempotency key when it sent one. */
  add(inquiry: Inquiry, clientKey?: string | null): Promise<Inquiry>;
  /** The inquiry already sent about this listing under this key (taken one at a time per key); null when none. */
  findByClientKey(vehicleId: number, clientKey: string): Promise<Inquiry | null>;
  listForListing(vehicleId: number, limit: number): Promise<Inquiry[]>;
}
