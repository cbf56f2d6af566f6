import { Migration } from '@mikro-orm/migrations';

/**
 * The dealer API (see docs/api.md#the-dealer-api): sellers' API keys, kept by the SHA-256 of their
 * secret; webhook endpoints and their deliveries, an outbox sent by the job queue; the answers of
 * requests sent with an Idempotency-Key, kept a day; and a dealer's own id of each listing, by which a
 * bulk import updates what it created.
 */
export class Migration20261208000000_dealer_api extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table api_keys (
        id bigint generated always as identity primary key,
        user_id text not null references users (id) on delete cascade,
        name text not null check (char_length(name) between 1 and 60),
        prefix text not null,
        secret_hash text not null unique,
        scopes text[] not null check (cardinality(scopes) between 1 and 4
          and scopes <@ array['listings:read', 'listings:write', 'messages:read', 'webhooks:manage']),
        created_at timestamptz not null,
        last_used_at timestamptz,
        revoked_at timestamptz
      );`);
    this.addSql(`create index api_keys_user on api_keys (user_id, id desc);`);
    this.addSql(`
      create table webhook_endpoints (
        id bigint generated always as identity primary key,
        user_id text not null references users (id) on delete cascade,
        url text not null check (url like 'https://%' or url like 'http://%'),
        events text[] not null check (cardinality(events) >= 1),
        secret text not null,
        enabled boolean not null default true,
        disabled_at timestamptz,
        disabled_reason text,
        failing_since timestamptz,
        created_at timestamptz not null
      );`);
    this.addSql(`create index webhook_endpoints_user on webhook_endpoints (user_id, id desc);`);
    this.addSql(`
      create table webhook_deliveries (
        id bigint generated always as identity primary key,
        endpoint_id bigint not null references webhook_endpoints (id) on delete cascade,
        event_id text not null,
        event text not null,
        payload jsonb not null,
        created_at timestamptz not null,
        attempts integer not null default 0,
        next_attempt_at timestamptz,
        claimed_until timestamptz,
        last_attempt_at timestamptz,
        last_status_code integer,
        last_error text,
        delivered_at timestamptz,
        failed_at timestamptz
      );`);
    this.addSql(`create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, id desc);`);
    // Only what is still to send: the index stays as small as the queue.
    this.addSql(`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where delivered_at is null and failed_at is null;`);
    this.addSql(`
      create table idempotency_keys (
        owner text not null,
        key text not null check (key ~ '^[A-Za-z0-9_-]{16,64}$'),
        operation text not null,
        request_hash text not null,
        created_at timestamptz not null,
        status integer,
        location text,
        body text,
        primary key (owner, key)
      );`);
    this.addSql(`create index idempotency_keys_age on idempotency_keys (created_at);`);
    this.addSql(`alter table listings add column external_id text check (char_length(external_id) between 1 and 100);`);
    this.addSql(`create unique index listings_external_id on listings (seller_id, external_id) where external_id is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists listings_external_id;`);
    this.addSql(`alter table listings drop column if exists external_id;`);
    this.addSql(`drop table if exists idempotency_keys;`);
    this.addSql(`drop table if exists webhook_deliveries;`);
    this.addSql(`drop table if exists webhook_endpoints;`);
    this.addSql(`drop table if exists api_keys;`);
  }
}
