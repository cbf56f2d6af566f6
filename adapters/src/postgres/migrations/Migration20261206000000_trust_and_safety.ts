import { Migration } from '@mikro-orm/migrations';

const ACTIONS_BEFORE = [
  'vehicle.approved', 'vehicle.rejected', 'vehicle.edited', 'vehicle.deleted', 'user.role_changed',
  'vehicle.car_of_the_week_picked', 'vehicle.car_of_the_week_withdrawn', 'payment.refunded',
  'rental.status_changed', 'vehicle.rental_settings_changed', 'vehicle.rental_created',
  'review.hidden', 'review.shown',
].map((a) => `'${a}'`).join(', ');
const SAFETY_ACTIONS = [
  'vehicle.changes_approved', 'vehicle.changes_rejected', 'vehicle.taken_down',
  'user.suspended', 'user.suspension_lifted', 'user.warned', 'report.dismissed',
].map((a) => `'${a}'`).join(', ');
const RESOURCES_BEFORE = `'vehicles', 'users', 'payments', 'rentals', 'reviews'`;

/**
 * Trust and safety (see docs/trust-and-safety.md):
 * - `listing_changes`: a seller's material changes to a live listing wait here while the approved
 *   version stays live; one pending change per listing.
 * - Listings expire 60 days after going live (`expires_at`) unless renewed; a listing of a suspended
 *   account is `suspended` until the suspension ends. Live listings get a full period from now.
 * - `reports` from members about a listing or a person, once per reporter per target; `suspensions`
 *   keep each account's history, `users` the one in force.
 * - `contact_reveals`: who was shown which listing's contacts, from which network (hashed), to limit
 *   harvesting and to tell sellers who has their number.
 */
export class Migration20261206000000_trust_and_safety extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table listings drop constraint if exists listings_status_check;`);
    this.addSql(`alter table listings add constraint listings_status_check check (status in ('pending', 'active', 'rejected', 'sold', 'expired', 'suspended'));`);
    this.addSql(`alter table listings add column expires_at timestamptz null, add column expiry_reminded_at timestamptz null;`);
    this.addSql(`update listings set expires_at = now() + interval '60 days' where status = 'active';`);
    this.addSql(`create index listings_expiring on listings (expires_at) where status = 'active';`);

    this.addSql(`
      create table listing_changes (
        id bigserial primary key,
        listing_id integer not null references listings (id) on delete cascade,
        seller_id text not null references users (id) on delete cascade,
        status text not null check (status in ('pending', 'approved', 'rejected', 'withdrawn')),
        changes jsonb not null check (jsonb_typeof(changes) = 'object'),
        before jsonb not null check (jsonb_typeof(before) = 'object'),
        reason text check (char_length(reason) <= 500),
        flags jsonb not null default '[]' check (jsonb_typeof(flags) = 'array'),
        decided_by text,
        submitted_at timestamptz not null,
        decided_at timestamptz,
        updated_at timestamptz not null,
        check ((status = 'pending') = (decided_at is null))
      );`);
    this.addSql(`create unique index listing_changes_pending on listing_changes (listing_id) where status = 'pending';`);
    this.addSql(`create index listing_changes_queue on listing_changes (submitted_at, id) where status = 'pending';`);
    this.addSql(`create index listing_changes_listing on listing_changes (listing_id, id desc);`);

    this.addSql(`alter table users add column suspension_reason text null, add column suspended_until timestamptz null;`);
    this.addSql(`alter table users add constraint users_suspension_check check (suspended_until is null or suspension_reason is not null);`);
    this.addSql(`
      create table suspensions (
        id bigserial primary key,
        user_id text not null references users (id) on delete cascade,
        reason text not null check (char_length(reason) between 1 and 500),
        starts_at timestamptz not null,
        until timestamptz,
        created_by text not null,
        lifted_at timestamptz,
        lifted_by text,
        restored_at timestamptz,
        report_target text
      );`);
    this.addSql(`create index suspensions_user on suspensions (user_id, starts_at desc);`);
    this.addSql(`create index suspensions_ending on suspensions (until) where restored_at is null;`);

    this.addSql(`
      create table reports (
        id bigserial primary key,
        reporter_id text not null references users (id) on delete cascade,
        target_kind text not null check (target_kind in ('listing', 'user')),
        target_id text not null,
        target_user_id text not null references users (id) on delete cascade,
        reason text not null check (reason in ('scam', 'stolen_photos', 'wrong_details', 'already_sold', 'offensive', 'other')),
        note text check (char_length(note) <= 1000),
        status text not null default 'open' check (status in ('open', 'closed')),
        outcome text check (outcome in ('dismissed', 'taken_down', 'warned', 'suspended')),
        outcome_note text check (char_length(outcome_note) <= 500),
        resolved_by text,
        resolved_at timestamptz,
        created_at timestamptz not null,
        unique (reporter_id, target_kind, target_id),
        check ((status = 'closed') = (outcome is not null))
      );`);
    this.addSql(`create index reports_open_target on reports (target_kind, target_id, created_at) where status = 'open';`);
    this.addSql(`create index reports_target on reports (target_kind, target_id, created_at desc);`);
    this.addSql(`create index reports_target_user on reports (target_user_id, created_at desc);`);
    this.addSql(`create index reports_reporter_day on reports (reporter_id, created_at);`);

    this.addSql(`
      create table contact_reveals (
        id bigserial primary key,
        listing_id integer not null references listings (id) on delete cascade,
        seller_id text not null references users (id) on delete cascade,
        viewer_id text not null references users (id) on delete cascade,
        network_key text not null,
        guest boolean not null,
        created_at timestamptz not null,
        unique (listing_id, viewer_id)
      );`);
    this.addSql(`create index contact_reveals_viewer on contact_reveals (viewer_id, created_at);`);
    this.addSql(`create index contact_reveals_network on contact_reveals (network_key, created_at);`);
    this.addSql(`create index contact_reveals_listing on contact_reveals (listing_id, created_at desc);`);

    this.addSql(`alter table audit_log drop constraint audit_log_resource_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_resource_check check (resource in (${RESOURCES_BEFORE}, 'reports'));`);
    this.addSql(`alter table audit_log drop constraint audit_log_action_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_action_check check (action in (${ACTIONS_BEFORE}, ${SAFETY_ACTIONS}));`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from audit_log where resource = 'reports' or action in (${SAFETY_ACTIONS});`);
    this.addSql(`alter table audit_log drop constraint audit_log_action_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_action_check check (action in (${ACTIONS_BEFORE}));`);
    this.addSql(`alter table audit_log drop constraint audit_log_resource_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_resource_check check (resource in (${RESOURCES_BEFORE}));`);
    this.addSql(`drop table if exists contact_reveals, reports, suspensions, listing_changes;`);
    this.addSql(`alter table users drop constraint if exists users_suspension_check;`);
    this.addSql(`alter table users drop column if exists suspension_reason, drop column if exists suspended_until;`);
    this.addSql(`update listings set status = 'active', approved_at = coalesce(approved_at, updated_at), is_verified = true where status in ('expired', 'suspended');`);
    this.addSql(`drop index if exists listings_expiring;`);
    this.addSql(`alter table listings drop column if exists expires_at, drop column if exists expiry_reminded_at;`);
    this.addSql(`alter table listings drop constraint if exists listings_status_check;`);
    this.addSql(`alter table listings add constraint listings_status_check check (status in ('pending', 'active', 'rejected', 'sold'));`);
  }
}
