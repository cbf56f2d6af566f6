import { Migration } from '@mikro-orm/migrations';

/**
 * A chat message or a Contact Seller inquiry may carry its sender's idempotency key (the `Idempotency-Key` header): a client that
 * lost the network sends the same message again with the same key, and gets the first one back
 * instead of a second copy. One key per sender for messages, per listing for inquiries (visitors send them too).
 */
export class Migration20261207000000_message_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table messages add column client_key text null check (client_key ~ '^[A-Za-z0-9_-]{16,64}$');`);
    this.addSql(`create unique index messages_client_key on messages (sender_id, client_key) where client_key is not null;`);
    this.addSql(`alter table inquiries add column client_key text null check (client_key ~ '^[A-Za-z0-9_-]{16,64}$');`);
    this.addSql(`create unique index inquiries_client_key on inquiries (vehicle_id, client_key) where client_key is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists inquiries_client_key;`);
    this.addSql(`alter table inquiries drop column if exists client_key;`);
    this.addSql(`drop index if exists messages_client_key;`);
    this.addSql(`alter table messages drop column if exists client_key;`);
  }
}
