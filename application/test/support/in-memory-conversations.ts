import {
  type ConversationKey, type ConversationRepository, conversationId, type Inquiry, type InquiryRepository, type Message, Notification,
  type NotificationDraft, type NotificationRepository, type WishlistEntry, type WishlistRepository,
} from '@voltmarket/domain';
import type {
  ChatMessageView, ChatPersonView, ChatVehicleView, ConversationReads, ConversationSummary, LiveEvent, LiveEvents, WishlistItemView, WishlistReads,
} from '../../src/index.js';
import { type Clock, Notifier, toChatMessageView } from '../../src/index.js';
import { InMemoryListingRepository, InMemoryUserRepository } from './in-memory.js';

/** Conversations and messages in memory, with the read side over them (good enough for use cases). */
export class InMemoryConversations implements ConversationRepository, ConversationReads {
  /** Conversations by id, with the title kept when they started. */
  readonly rows = new Map<string, { key: ConversationKey; title: string; messages: Message[] }>();
  private sequence = 0;
  constructor(private readonly listings: InMemoryListingRepository, private readonly users: InMemoryUserRepository) {}

  async findBetween(vehicleId: number, a: string, b: string): Promise<ConversationKey | null> {
    const found = this.rows.get(conversationId({ vehicleId, buyerId: a, sellerId: b })) ?? this.rows.get(conversationId({ vehicleId, buyerId: b, sellerId: a }));
    return found?.key ?? null;
  }
  async open(key: ConversationKey, title: string): Promise<void> {
    if (!this.rows.has(conversationId(key))) this.rows.set(conversationId(key), { key, title, messages: [] });
  }
  async addMessage(message: Message): Promise<Message> {
    message.id = ++this.sequence;
    this.rows.get(message.conversationId)!.messages.push(message);
    return message;
  }
  async markRead(id: string, receiverId: string, now: Date): Promise<number[]> {
    return (this.rows.get(id)?.messages ?? []).filter((m) => m.markReadBy(receiverId, now)).map((m) => m.id);
  }
  async countUnread(userId: string): Promise<number> {
    return [...this.rows.values()].flatMap((c) => c.messages).filter((m) => m.receiverId === userId && !m.isRead).length;
  }  async countUnreadFor(userIds: readonly string[]): Promise<Map<string, number>> {
    return new Map(await Promise.all(userIds.map(async (id) => [id, await this.countUnread(id)] as const)));
  }

  async messages(id: string, before: number | null, limit: number): Promise<{ messages: ChatMessageView[]; hasMore: boolean }> {
    const older = (this.rows.get(id)?.messages ?? []).filter((m) => before === null || m.id < before);
    return { messages: older.slice(-limit).map(toChatMessageView), hasMore: older.length > limit };
  }
  async listFor(userId: string): Promise<ConversationSummary[]> {
    const mine = [...this.rows.entries()].filter(([, c]) => c.messages.length > 0 && (c.key.buyerId === userId || c.key.sellerId === userId));
    const summaries = await Promise.all(mine.map(async ([id, c]) => {
      const other = c.key.buyerId === userId ? c.key.sellerId : c.key.buyerId;
      const last = c.messages.at(-1)!;
      return {
        conversationId: id,
        vehicleId: c.key.vehicleId,
        role: c.key.buyerId === userId ? 'buyer' as const : 'seller' as const,
        otherUser: (await this.person(other))!,
        vehicle: (await this.vehicle(c.key.vehicleId, id))!,
        lastMessage: { content: last.content, createdAt: last.createdAt.toISOString(), isRead: last.isRead, senderId: last.senderId },
        unreadCount: c.messages.filter((m) => m.receiverId === userId && !m.isRead).length,
      };
    }));
    return summaries.sort((a, b) => b.lastMessage.createdAt.localeCompare(a.lastMessage.createdAt));
  }
  async vehicle(vehicleId: number, id: string | null): Promise<ChatVehicleView | null> {
    const listing = this.listings.rows.get(vehicleId);
    if (listing) return { id: vehicleId, title: listing.title, price: listing.price, location: listing.location, imageUrl: listing.imageUrls[0] ?? null, available: listing.status === 'active' };
    const kept = id ? this.rows.get(id) : undefined;
    return kept ? { id: vehicleId, title: kept.title, price: null, location: null, imageUrl: null, available: false } : null;
  }
  async person(userId: string): Promise<ChatPersonView | null> {
    const user = this.users.rows.get(userId);
    return user ? { id: user.id, firstName: user.firstName, email: user.email, displayName: user.displayName() } : null;
  }
}

export class InMemoryNotifications implements NotificationRepository {
  readonly rows = new Map<number, Notification>();
  private sequence = 0;

  async add(draft: NotificationDraft, now: Date): Promise<Notification> {
    const chat = draft.metadata.conversationId;
    const unreadChat = chat && [...this.rows.values()].find((n) => n.userId === draft.userId && !n.isRead && n.metadata.conversationId === chat);
    if (unreadChat) {
      Object.assign(unreadChat, { title: draft.title, message: draft.message, type: draft.type, count: unreadChat.count + 1, updatedAt: now });
      return unreadChat;
    }
    const n = Object.assign(new Notification(), { ...draft, id: ++this.sequence, isRead: false, count: 1, createdAt: now, updatedAt: now });
    this.rows.set(n.id, n);
    return n;
  }
  async listFor(userId: string, limit: number): Promise<Notification[]> {
    return [...this.rows.values()].filter((n) => n.userId === userId).sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id).slice(0, limit);
  }
  async countUnread(userId: string): Promise<number> {
    return [...this.rows.values()].filter((n) => n.userId === userId && !n.isRead).length;
  }
  async addMany(drafts: readonly NotificationDraft[], now: Date): Promise<Notification[]> {
    return Promise.all(drafts.map((d) => this.add(d, now)));
  }
  async countUnreadFor(userIds: readonly string[]): Promise<Map<string, number>> {
    return new Map(await Promise.all(userIds.map(async (id) => [id, await this.countUnread(id)] as const)));
  }
  async markRead(userId: string, id: number): Promise<Notification | null> {
    const n = this.rows.get(id);
    if (!n || n.userId !== userId) return null;
    n.isRead = true;
    return n;
  }
  async markAllRead(userId: string): Promise<number> {
    const unread = [...this.rows.values()].filter((n) => n.userId === userId && !n.isRead);
    for (const n of unread) n.isRead = true;
    return unread.length;
  }
  async markConversationRead(userId: string, id: string): Promise<Notification | null> {
    const n = [...this.rows.values()].find((x) => x.userId === userId && !x.isRead && x.metadata.conversationId === id);
    if (!n) return null;
    n.isRead = true;
    return n;
  }
}

/** Keeps what was published, in order, like the outbox table would. */
export class RecordingLiveEvents implements LiveEvents {
  readonly rows = new Map<number, LiveEvent>();
  async publish(events: readonly LiveEvent[]): Promise<void> {
    for (const e of events) this.rows.set(this.rows.size + 1, e);
  }
  for(userId: string, type?: LiveEvent['type']): LiveEvent[] {
    return [...this.rows.values()].filter((e) => e.userId === userId && (!type || e.type === type));
  }
}

export class InMemoryInquiries implements InquiryRepository {
  readonly rows = new Map<number, Inquiry>();
  private readonly keys = new Map<string, number>();
  async add(inquiry: Inquiry, clientKey: string | null = null): Promise<Inquiry> {
    inquiry.id = this.rows.size + 1;
    this.rows.set(inquiry.id, inquiry);
    if (clientKey !== null) this.keys.set(`${inquiry.vehicleId}:${clientKey}`, inquiry.id);
    return inquiry;
  }
  async findByClientKey(vehicleId: number, clientKey: string): Promise<Inquiry | null> {
    const id = this.keys.get(`${vehicleId}:${clientKey}`);
    return id === undefined ? null : this.rows.get(id) ?? null;
  }
  async listForListing(vehicleId: number, limit: number): Promise<Inquiry[]> {
    return [...this.rows.values()].filter((i) => i.vehicleId === vehicleId).reverse().slice(0, limit);
  }
}

export class InMemoryWishlist implements WishlistRepository, WishlistReads {
  readonly rows = new Map<string, WishlistEntry>();
  constructor(private readonly listings: InMemoryListingRepository) {}
  async add(entry: Omit<WishlistEntry, 'id'>): Promise<{ entry: WishlistEntry; added: boolean }> {
    const key = `${entry.userId}/${entry.vehicleId}`;
    const saved = this.rows.get(key);
    if (saved) return { entry: saved, added: false };
    const fresh = { ...entry, id: this.rows.size + 1 };
    this.rows.set(key, fresh);
    return { entry: fresh, added: true };
  }
  async remove(userId: string, vehicleId: number): Promise<boolean> {
    return this.rows.delete(`${userId}/${vehicleId}`);
  }
  async listFor(userId: string, limit: number): Promise<WishlistItemView[]> {
    return [...this.rows.values()].filter((e) => e.userId === userId).reverse().slice(0, limit).map((e) => this.view(e));
  }
  async item(userId: string, vehicleId: number): Promise<WishlistItemView | null> {
    const e = this.rows.get(`${userId}/${vehicleId}`);
    return e ? this.view(e) : null;
  }
  private view(e: WishlistEntry): WishlistItemView {
    const l = this.listings.rows.get(e.vehicleId);
    return {
      id: e.id,
      createdAt: e.createdAt.toISOString(),
      vehicle: l
        ? { id: l.id, title: l.title, location: l.location, price: l.price, imageUrl: l.imageUrls[0] ?? null, available: l.status === 'active' }
        : { id: e.vehicleId, title: e.title, location: null, price: null, imageUrl: null, available: false },
    };
  }
}

/** A notifier over fresh in-memory stores, for tests whose subject is not notifications. */
export function quietNotifier(clock: Clock): Notifier {
  return new Notifier(new InMemoryNotifications(), new InMemoryConversations(new InMemoryListingRepository(), new InMemoryUserRepository()), new RecordingLiveEvents(), clock);
}
