import {
  type Actor, type ConversationRepository, type ListingRepository, cannotMessageYourself, conversationId, DomainError,
  listingNotFound, wrongReceiver,
} from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import type { ChatMessageView, ChatPersonView, ChatVehicleView, ConversationReads } from './conversation-reads.js';

export interface ChatThreadView {
  success: true;
  conversationId: string | null;
  vehicle: ChatVehicleView;
  otherUser: ChatPersonView;
  /** The caller's side: a buyer is shown a safety tip beside a message asking for money up front. */
  youAre: 'buyer' | 'seller';
  messages: ChatMessageView[];
  hasMore: boolean;
}

const conversationNotFound = (): DomainError =>
  new DomainError('not_found', 'CONVERSATION_NOT_FOUND', 'There is no conversation with this person about this listing.');

/** The caller's conversation about a listing with one other person: empty until a buyer writes first. */
export class GetConversation {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly listings: ListingRepository,
    private readonly reads: ConversationReads,
  ) {}

  async execute(input: { vehicleId: number; otherUserId: string; before?: number; limit?: number }, actor: Actor | null): Promise<ChatThreadView> {
    const me = requireSignedIn(actor);
    if (input.otherUserId === me.userId) throw cannotMessageYourself();
    const key = await this.conversations.findBetween(input.vehicleId, me.userId, input.otherUserId);
    if (!key) {
      // Not started: only a buyer looking at a live listing's seller may see the empty chat.
      const listing = await this.listings.findById(input.vehicleId);
      if (!listing || listing.status !== 'active') throw listingNotFound(input.vehicleId);
      if (listing.sellerId === me.userId) throw conversationNotFound();
      if (listing.sellerId !== input.otherUserId) throw wrongReceiver();
    }
    const id = key ? conversationId(key) : null;
    const [vehicle, otherUser, page] = await Promise.all([
      this.reads.vehicle(input.vehicleId, id),
      this.reads.person(input.otherUserId),
      id ? this.reads.messages(id, input.before ?? null, input.limit ?? 100) : Promise.resolve({ messages: [], hasMore: false }),
    ]);
    if (!vehicle || !otherUser) throw conversationNotFound();
    return { success: true, conversationId: id, vehicle, otherUser, youAre: key && key.sellerId === me.userId ? 'seller' : 'buyer', ...page };
  }
}
