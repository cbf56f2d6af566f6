import { Migration } from '@mikro-orm/migrations';

/**
 * Saved searches and their alerts.
 * - `saved_searches` keeps what the buyer saved (criteria, as Browse sends it) and how the matcher
 *   reads it: its filters (`terms`), and its words as typed and corrected, as text search queries.
 * - `saved_search_keys` is what a new listing looks its candidates up by, instead of reading every
 *   saved search: one key for the filters a search requires ("f:" kind|city|brand|model, each or ''),
 *   or, for a search with words, one for a word every listing it finds must have ("t:" word|city); a
 *   listing makes each key it could answer to and finds its candidates through the primary key.
 *   The price ceiling rides in the index, so a listing over it is passed by without reading the search.
 * - `saved_search_hits`: what each search was told of each listing (at most one alert, and one price
 *   drop after it), and the matches waiting for a digest.
 * - `alert_queue`: listing changes to match, written in the transaction of the change.
 */
export class Migration20261202000100_saved_searches extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table users add column email_verified boolean not null default false;`);
    this.addSql(`
      create table saved_searches (
        id uuid primary key,
        user_id text not null references users (id) on delete cascade,
        name varchar(80) not null,
        criteria jsonb not null,
        criteria_key text not null,
        channel text not null check (channel in ('instant', 'daily', 'weekly', 'app')),
        paused boolean not null default false,
        last_seen_at timestamptz not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        terms jsonb not null,
        words tsquery,
        corrected tsquery,
        word_models text[] not null default '{}',
        corrected_models text[] not null default '{}'
      );`);
    this.addSql(`create unique index saved_searches_same on saved_searches (user_id, criteria_key);`);
    this.addSql(`create index saved_searches_user on saved_searches (user_id, created_at desc);`);
    this.addSql(`
      create table saved_search_keys (
        key text not null,
        saved_search_id uuid not null references saved_searches (id) on delete cascade,
        max_price bigint,
        primary key (key, saved_search_id) include (max_price)
      );`);
    this.addSql(`create index saved_search_keys_search on saved_search_keys (saved_search_id);`);
    this.addSql(`
      create table saved_search_hits (
        saved_search_id uuid not null references saved_searches (id) on delete cascade,
        listing_id integer not null references listings (id) on delete cascade,
        user_id text not null,
        price bigint not null,
        drop_told boolean not null default false,
        alert jsonb not null,
        first_at timestamptz not null,
        last_at timestamptz not null,
        digest_due boolean not null default false,
        primary key (saved_search_id, listing_id)
      );`);
    this.addSql(`create index saved_search_hits_recent on saved_search_hits (saved_search_id, last_at);`);
    this.addSql(`create index saved_search_hits_listing on saved_search_hits (listing_id);`);
    this.addSql(`create index saved_search_hits_digest on saved_search_hits (user_id) where digest_due;`);
    this.addSql(`
      create table alert_queue (
        id bigint generated always as identity primary key,
        listing_id integer not null,
        change jsonb not null,
        created_at timestamptz not null
      );`);
    this.addSql(`create table signing_keys (purpose text primary key, secret text not null, created_at timestamptz not null default now());`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists signing_keys;`);
    this.addSql(`drop table if exists alert_queue;`);
    this.addSql(`drop table if exists saved_search_hits;`);
    this.addSql(`drop table if exists saved_search_keys;`);
    this.addSql(`drop table if exists saved_searches;`);
    this.addSql(`alter table users drop column if exists email_verified;`);
  }
}
