import {
  type Actor, type ConversationKey, type ConversationRepository, type ListingRepository, type UserRepository, cannotMessageYourself,
  conversationId, idempotencyKeyReused, listingNotAvailable, listingNotFound, Message, messageContent, newMessageNotice, openingKey, sellerDisplayName,
} from '@voltmarket/domain';
import type { Notifier } from '../notification/notifier.js';
import type { LiveEvents } from '../notification/live-events.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { requireActiveMember } from '../shared/guards.js';
import type { ChatMessageView } from './conversation-reads.js';
import { toChatMessageView } from './message-views.js';

/**
 * A chat message about a listing. The buyer's first message opens the conversation (live listings
 * only); after that either side writes, even once the listing has left the market.
 */
export class SendMessage {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
    private readonly notifier: Notifier,
    private readonly events: LiveEvents,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /**
   * With an idempotency key (a client that may send the same message again after losing the network),
   * a repeat returns the message sent the first time, with `created: false`, and tells nobody again.
   */
  async execute(
    input: { vehicleId: number; receiverId: string; content: string; idempotencyKey?: string | null }, actor: Actor | null,
  ): Promise<ChatMessageView & { created?: boolean }> {
    const me = requireActiveMember(actor);
    if (input.receiverId === me.userId) throw cannotMessageYourself();
    const content = messageContent(input.content);
    return this.work.run(async () => {
      const now = this.clock.now();
      const key = (await this.conversations.findBetween(input.vehicleId, me.userId, input.receiverId)) ?? (await this.open(input, me.userId, now));
      const message = await this.conversations.addMessage(Message.write(key, me.userId, content, now), input.idempotencyKey ?? null);
      const view = toChatMessageView(message);
      if (message.added === false) {
        // The same key for another message is a client's mistake, not a retry: refuse it, change nothing.
        if (message.content !== content || message.conversationId !== conversationId(key)) throw idempotencyKeyReused();
        return { ...view, created: false };
      }
      const sender = await this.users.findById(me.userId);
      const senderName = sender ? sellerDisplayName(sender, 'member') : 'Anonymous';
      const data = { ...view, vehicleId: key.vehicleId, senderName };
      await this.events.publish([{ userId: message.receiverId, type: 'message', data }, { userId: me.userId, type: 'message', data }]);
      await this.notifier.notify(newMessageNotice({
        receiverId: message.receiverId,
        senderName,
        content,
        conversationId: conversationId(key),
        vehicleId: key.vehicleId,
      }));
      return view;
    });
  }

  private async open(input: { vehicleId: number; receiverId: string }, senderId: string, now: Date): Promise<ConversationKey> {
    const listing = await this.listings.findById(input.vehicleId);
    if (!listing) throw listingNotFound(input.vehicleId);
    if (listing.status !== 'active') throw listingNotAvailable();
    const key = openingKey({ vehicleId: listing.id, senderId, receiverId: input.receiverId, sellerId: listing.sellerId });
    await this.conversations.open(key, listing.title, now);
    return key;
  }
}
