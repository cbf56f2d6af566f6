import {
  type Actor, type ConversationRepository, type InquiryRepository, type ListingRepository, cannotInquireOwnListing, checkInquiry,
  conversationId, idempotencyKeyReused, Inquiry, listingNotAvailable, requireNotSuspended, listingNotFound, Message, newInquiryNotice,
} from '@voltmarket/domain';
import type { Notifier } from '../notification/notifier.js';
import type { LiveEvents } from '../notification/live-events.js';
import type { PhoneNumbers } from '../shared/phone-numbers.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { toChatMessageView } from './message-views.js';

export interface InquiryInput {
  vehicleId: number;
  buyerName: string;
  buyerEmail: string;
  buyerPhone: string;
  message: string;
}

/**
 * The Contact Seller form. Visitors may send one; a signed-in buyer's inquiry also opens (or
 * continues) the chat with the seller, so the seller can answer there.
 */
export class SendInquiry {
  constructor(
    private readonly inquiries: InquiryRepository,
    private readonly conversations: ConversationRepository,
    private readonly listings: ListingRepository,
    private readonly notifier: Notifier,
    private readonly events: LiveEvents,
    private readonly phones: PhoneNumbers,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /**
   * With an idempotency key, sending the same inquiry again (a retry after losing the network) answers
   * the first one with `created: false` and tells the seller nothing twice.
   */
  async execute(input: InquiryInput & { idempotencyKey?: string | null }, actor: Actor | null): Promise<{ success: true; id: number; conversationId: string | null; created: boolean }> {
    if (actor) requireNotSuspended(actor);
    const draft = checkInquiry({ ...input, buyerPhone: this.phones.toE164(input.buyerPhone) });
    return this.work.run(async () => {
      const now = this.clock.now();
      const listing = await this.listings.findById(input.vehicleId);
      if (!listing) throw listingNotFound(input.vehicleId);
      if (listing.status !== 'active') throw listingNotAvailable();
      if (actor?.userId === listing.sellerId) throw cannotInquireOwnListing();
      const inquiry = Inquiry.send(draft, listing.sellerId, actor?.userId ?? null, now);
      const key = input.idempotencyKey ?? null;
      if (key !== null) {
        const sent = await this.inquiries.findByClientKey(listing.id, key);
        if (sent) {
          if (sent.message !== inquiry.message || sent.buyerEmail !== inquiry.buyerEmail || sent.buyerId !== inquiry.buyerId) throw idempotencyKeyReused();
          return { success: true as const, id: sent.id, conversationId: sent.conversationId, created: false };
        }
      }
      if (actor) {
        const key = (await this.conversations.findBetween(listing.id, actor.userId, listing.sellerId))
          ?? { vehicleId: listing.id, buyerId: actor.userId, sellerId: listing.sellerId };
        await this.conversations.open(key, listing.title, now);
        const message = await this.conversations.addMessage(Message.write(key, actor.userId, inquiry.message, now));
        const data = { ...toChatMessageView(message), vehicleId: listing.id, senderName: inquiry.buyerName };
        await this.events.publish([{ userId: listing.sellerId, type: 'message', data }, { userId: actor.userId, type: 'message', data }]);
        inquiry.conversationId = conversationId(key);
      }
      const stored = await this.inquiries.add(inquiry, key);
      await this.notifier.notify(newInquiryNotice({
        sellerId: listing.sellerId, buyerName: inquiry.buyerName, listingTitle: listing.title, vehicleId: listing.id, conversationId: inquiry.conversationId,
      }));
      return { success: true as const, id: stored.id, conversationId: stored.conversationId, created: true };
    });
  }
}
