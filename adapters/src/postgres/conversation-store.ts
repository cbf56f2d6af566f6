import type { MikroORM } from '@mikro-orm/postgresql';
import type { ChatMessageView, ChatPersonView, ChatVehicleView, ConversationReads, ConversationSummary } from '@voltmarket/application';
import { safetyTipFor } from '@voltmarket/application';
import {
  type ConversationKey, type ConversationRepository, Inquiry, type InquiryRepository, Message, sellerDisplayName,
} from '@voltmarket/domain';
import { IN_LIST, sqlRows } from './sql.js';

interface MessageRow {
  id: string;
  conversation_id: string;
  vehicle_id: number;
  sender_id: string;
  receiver_id: string;
  content: string;
  is_read: boolean;
  read_at: Date | null;
  created_at: Date;
}

const iso = (d: Date | string): string => new Date(d).toISOString();

function toMessage(row: MessageRow): Message {
  return Object.assign(new Message(), {
    id: Number(row.id), conversationId: row.conversation_id, vehicleId: row.vehicle_id, senderId: row.sender_id, receiverId: row.receiver_id,
    content: row.content, isRead: row.is_read, readAt: row.read_at ? new Date(row.read_at) : null, createdAt: new Date(row.created_at),
  });
}

const toMessageView = (row: MessageRow): ChatMessageView => ({
  messageId: Number(row.id), conversationId: row.conversation_id, senderId: row.sender_id, receiverId: row.receiver_id, content: row.content,
  timestamp: iso(row.created_at), isRead: row.is_read, readAt: row.read_at ? iso(row.read_at) : null, ...safetyTipFor(row.content),
});

interface PersonRow { id: string; first_name: string | null; last_name: string | null; email: string | null }

const toPerson = (row: PersonRow): ChatPersonView => ({
  id: row.id,
  firstName: row.first_name,
  email: row.email,
  displayName: sellerDisplayName({ firstName: row.first_name, lastName: row.last_name, email: row.email }, 'member'),
});

interface VehicleRow { vehicle_id: number; kept_title: string | null; title: string | null; price: number | null; location: string | null; image_url: string | null; status: string | null }

/** A live or off-market listing as a chat shows it; a deleted one by the title its conversation kept. */
const toVehicle = (row: VehicleRow): ChatVehicleView => ({
  id: row.vehicle_id,
  title: row.title ?? row.kept_title ?? 'Listing no longer available',
  price: row.price,
  location: row.location,
  imageUrl: row.image_url,
  available: row.status === 'active',
});

/** Conversations and messages in Postgres; every call runs in the caller's unit of work. */
export class PostgresConversationStore implements ConversationRepository, ConversationReads {
  constructor(private readonly orm: MikroORM) {}

  private sql<T>(query: string, params: readonly unknown[] = []): Promise<T[]> {
    return sqlRows<T>(this.orm, query, params);
  }

  async findBetween(vehicleId: number, userA: string, userB: string): Promise<ConversationKey | null> {
    const [row] = await this.sql<{ vehicle_id: number; buyer_id: string; seller_id: string }>(
      `select vehicle_id, buyer_id, seller_id from conversations
       where vehicle_id = ? and ((buyer_id = ? and seller_id = ?) or (buyer_id = ? and seller_id = ?)) limit 1`,
      [vehicleId, userA, userB, userB, userA],
    );
    return row ? { vehicleId: row.vehicle_id, buyerId: row.buyer_id, sellerId: row.seller_id } : null;
  }

  async open(key: ConversationKey, listingTitle: string, now: Date): Promise<void> {
    await this.sql(
      `insert into conversations (id, vehicle_id, buyer_id, seller_id, listing_title, created_at, last_message_at)
       values (?, ?, ?, ?, ?, ?, ?) on conflict (id) do nothing`,
      [`${key.vehicleId}_${key.buyerId}_${key.sellerId}`, key.vehicleId, key.buyerId, key.sellerId, listingTitle, now, now],
    );
  }

  async addMessage(message: Message, clientKey: string | null = null): Promise<Message & { added?: boolean }> {
    if (clientKey !== null) {
      // One sender's retries of one message (the same key) are taken one at a time: the first is stored, the rest find it.
      await this.sql(`select pg_advisory_xact_lock(hashtextextended('message:' || ? || ':' || ?, 0))`, [message.senderId, clientKey]);
      const [sent] = await this.sql<MessageRow>(
        `select m.*, c.vehicle_id from messages m join conversations c on c.id = m.conversation_id where m.sender_id = ? and m.client_key = ?`,
        [message.senderId, clientKey]);
      if (sent) return Object.assign(toMessage(sent), { added: false });
    }
    const [row] = await this.sql<MessageRow>(
      `with added as (
         insert into messages (conversation_id, sender_id, receiver_id, content, is_read, read_at, created_at, client_key)
         values (?, ?, ?, ?, false, null, ?, ?) returning *
       ), touched as (
         update conversations set last_message_at = ? where id = ? returning vehicle_id
       )
       select added.*, touched.vehicle_id from added, touched`,
      [message.conversationId, message.senderId, message.receiverId, message.content, message.createdAt, clientKey, message.createdAt, message.conversationId],
    );
    if (!row) throw new Error(`conversation ${message.conversationId} is not open`);
    return Object.assign(toMessage(row), { added: true });
  }

  async markRead(conversationId: string, receiverId: string, now: Date): Promise<number[]> {
    const rows = await this.sql<{ id: string }>(
      `update messages set is_read = true, read_at = ? where conversation_id = ? and receiver_id = ? and not is_read returning id`,
      [now, conversationId, receiverId],
    );
    return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  }

  async countUnread(userId: string): Promise<number> {
    const [row] = await this.sql<{ n: number }>(`select count(*)::int as n from messages where receiver_id = ? and not is_read`, [userId]);
    return row?.n ?? 0;
  }

  async countUnreadFor(userIds: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map(userIds.map((id) => [id, 0]));
    if (userIds.length === 0) return counts;
    const rows = await this.sql<{ receiver_id: string; n: number }>(
      `select receiver_id, count(*)::int as n from messages where receiver_id in ${IN_LIST} and not is_read group by receiver_id`, [JSON.stringify(userIds)]);
    for (const row of rows) counts.set(row.receiver_id, row.n);
    return counts;
  }

  async messages(conversationId: string, before: number | null, limit: number): Promise<{ messages: ChatMessageView[]; hasMore: boolean }> {
    const rows = await this.sql<MessageRow>(
      `select * from messages where conversation_id = ? ${before === null ? '' : 'and id < ?'} order by id desc limit ?`,
      before === null ? [conversationId, limit + 1] : [conversationId, before, limit + 1],
    );
    return { messages: rows.slice(0, limit).reverse().map(toMessageView), hasMore: rows.length > limit };
  }

  async listFor(userId: string, limit: number): Promise<ConversationSummary[]> {
    const rows = await this.sql<VehicleRow & PersonRow & {
      conversation_id: string; buyer_id: string; content: string; created_at: Date; is_read: boolean; sender_id: string; unread: number;
    }>(
      `select c.id as conversation_id, c.vehicle_id, c.buyer_id, c.listing_title as kept_title,
              l.title, l.price, l.location, l.image_urls ->> 0 as image_url, l.status,
              u.id, u.first_name, u.last_name, u.email,
              m.content, m.created_at, m.is_read, m.sender_id,
              (select count(*)::int from messages x where x.conversation_id = c.id and x.receiver_id = ? and not x.is_read) as unread
       from conversations c
       join lateral (select * from messages m where m.conversation_id = c.id order by m.id desc limit 1) m on true
       join users u on u.id = case when c.buyer_id = ? then c.seller_id else c.buyer_id end
       left join listings l on l.id = c.vehicle_id
       where c.buyer_id = ? or c.seller_id = ?
       order by c.last_message_at desc, c.id
       limit ?`,
      [userId, userId, userId, userId, limit],
    );
    return rows.map((row) => ({
      conversationId: row.conversation_id,
      vehicleId: row.vehicle_id,
      role: row.buyer_id === userId ? 'buyer' : 'seller',
      otherUser: toPerson(row),
      vehicle: toVehicle(row),
      lastMessage: { content: row.content, createdAt: iso(row.created_at), isRead: row.is_read, senderId: row.sender_id },
      unreadCount: row.unread,
    }));
  }

  async vehicle(vehicleId: number, conversationId: string | null): Promise<ChatVehicleView | null> {
    const [row] = await this.sql<VehicleRow>(
      `select ?::int as vehicle_id, l.title, l.price, l.location, l.image_urls ->> 0 as image_url, l.status,
              (select listing_title from conversations where id = ?) as kept_title
       from (select 1) one left join listings l on l.id = ?`,
      [vehicleId, conversationId, vehicleId],
    );
    return row && (row.title ?? row.kept_title) ? toVehicle(row) : null;
  }

  async person(userId: string): Promise<ChatPersonView | null> {
    const [row] = await this.sql<PersonRow & { suspended: boolean }>(
      `select id, first_name, last_name, email,
              suspension_reason is not null and (suspended_until is null or suspended_until > now()) as suspended
       from users where id = ?`, [userId]);
    return row ? { ...toPerson(row), ...(row.suspended ? { suspended: true as const } : {}) } : null;
  }
}

interface InquiryRow {
  id: string; vehicle_id: number; seller_id: string; buyer_id: string | null; buyer_name: string; buyer_email: string; buyer_phone: string;
  message: string; conversation_id: string | null; created_at: Date;
}

const toInquiry = (row: InquiryRow): Inquiry => Object.assign(new Inquiry(), {
  id: Number(row.id), vehicleId: row.vehicle_id, sellerId: row.seller_id, buyerId: row.buyer_id, buyerName: row.buyer_name,
  buyerEmail: row.buyer_email, buyerPhone: row.buyer_phone, message: row.message, conversationId: row.conversation_id, createdAt: new Date(row.created_at),
});

export class PostgresInquiryRepository implements InquiryRepository {
  constructor(private readonly orm: MikroORM) {}

  async add(i: Inquiry, clientKey: string | null = null): Promise<Inquiry> {
    const [row] = await sqlRows<InquiryRow>(this.orm,
      `insert into inquiries (vehicle_id, seller_id, buyer_id, buyer_name, buyer_email, buyer_phone, message, conversation_id, created_at, client_key)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning *`,
      [i.vehicleId, i.sellerId, i.buyerId, i.buyerName, i.buyerEmail, i.buyerPhone, i.message, i.conversationId, i.createdAt, clientKey],
    );
    return toInquiry(row!);
  }

  async findByClientKey(vehicleId: number, clientKey: string): Promise<Inquiry | null> {
    await sqlRows(this.orm, `select pg_advisory_xact_lock(hashtextextended('inquiry:' || ? || ':' || ?, 0))`, [vehicleId, clientKey]);
    const [row] = await sqlRows<InquiryRow>(this.orm, `select * from inquiries where vehicle_id = ? and client_key = ?`, [vehicleId, clientKey]);
    return row ? toInquiry(row) : null;
  }

  async listForListing(vehicleId: number, limit: number): Promise<Inquiry[]> {
    const rows = await sqlRows<InquiryRow>(this.orm, `select * from inquiries where vehicle_id = ? order by id desc limit ?`, [vehicleId, limit]);
    return rows.map(toInquiry);
  }
}
