import { Migration } from '@mikro-orm/migrations';

/**
 * Conversations, inquiries, notifications, wishlists, and the outbox of live events with the
 * tickets that open an event stream. Conversations and wishlists keep the listing's title and
 * have no foreign key to listings: both outlive a listing that leaves the market.
 */
export class Migration20261124200000_conversations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table conversations (
        id text primary key,
        vehicle_id integer not null,
        buyer_id text not null references users (id) on delete cascade,
        seller_id text not null references users (id) on delete cascade,
        listing_title text not null,
        created_at timestamptz not null,
        last_message_at timestamptz not null,
        check (buyer_id <> seller_id)
      );`);
    this.addSql(`create index conversations_buyer on conversations (buyer_id, last_message_at desc);`);
    this.addSql(`create index conversations_seller on conversations (seller_id, last_message_at desc);`);
    this.addSql(`create index conversations_vehicle on conversations (vehicle_id);`);
    this.addSql(`
      create table messages (
        id bigserial primary key,
        conversation_id text not null references conversations (id) on delete cascade,
        sender_id text not null,
        receiver_id text not null,
        content text not null check (char_length(content) between 1 and 500),
        is_read boolean not null default false,
        read_at timestamptz,
        created_at timestamptz not null
      );`);
    this.addSql(`create index messages_conversation on messages (conversation_id, id);`);
    this.addSql(`create index messages_unread on messages (receiver_id, conversation_id) where not is_read;`);
    this.addSql(`create index messages_created on messages (created_at);`);
    this.addSql(`
      create table inquiries (
        id bigserial primary key,
        vehicle_id integer not null,
        seller_id text not null,
        buyer_id text,
        buyer_name text not null,
        buyer_email text not null,
        buyer_phone text not null,
        message text not null,
        conversation_id text references conversations (id) on delete set null,
        created_at timestamptz not null
      );`);
    this.addSql(`create index inquiries_vehicle on inquiries (vehicle_id, id desc);`);
    this.addSql(`create index inquiries_created on inquiries (created_at);`);
    this.addSql(`
      create table notifications (
        id bigserial primary key,
        user_id text not null references users (id) on delete cascade,
        type text not null check (type in ('message', 'listing', 'system', 'other')),
        title text not null,
        message text not null,
        is_read boolean not null default false,
        action_url text,
        metadata jsonb not null default '{}',
        conversation_id text,
        count integer not null default 1,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );`);
    this.addSql(`create index notifications_user on notifications (user_id, updated_at desc, id desc);`);
    this.addSql(`create index notifications_unread on notifications (user_id) where not is_read;`);
    // One unread notification per conversation: the next message updates it.
    this.addSql(`create unique index notifications_unread_chat on notifications (user_id, conversation_id) where not is_read and conversation_id is not null;`);
    this.addSql(`
      create table wishlist (
        id bigserial primary key,
        user_id text not null references users (id) on delete cascade,
        vehicle_id integer not null,
        title text not null,
        created_at timestamptz not null,
        unique (user_id, vehicle_id)
      );`);
    this.addSql(`create index wishlist_vehicle on wishlist (vehicle_id);`);
    this.addSql(`
      create table live_events (
        id bigserial primary key,
        user_id text not null,
        type text not null,
        data jsonb not null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index live_events_user on live_events (user_id, id);`);
    this.addSql(`create index live_events_created on live_events (created_at);`);
    this.addSql(`
      create table event_tickets (
        ticket_hash text primary key,
        user_id text not null,
        expires_at timestamptz not null
      );`);
    this.addSql(`create index event_tickets_expiry on event_tickets (expires_at);`);
  }

  override async down(): Promise<void> {
    for (const table of ['event_tickets', 'live_events', 'wishlist', 'notifications', 'inquiries', 'messages', 'conversations']) {
      this.addSql(`drop table if exists ${table};`);
    }
  }
}
