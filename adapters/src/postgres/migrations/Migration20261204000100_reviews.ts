import { Migration } from '@mikro-orm/migrations';

const ACTIONS_BEFORE = [
  'vehicle.approved', 'vehicle.rejected', 'vehicle.edited', 'vehicle.deleted', 'user.role_changed',
  'vehicle.car_of_the_week_picked', 'vehicle.car_of_the_week_withdrawn', 'payment.refunded',
  'rental.status_changed', 'vehicle.rental_settings_changed', 'vehicle.rental_created',
].map((a) => `'${a}'`).join(', ');
const REVIEW_ACTIONS = `'review.hidden', 'review.shown'`;

/**
 * Reviews from real dealings (see domain/src/review/review-rules.ts): a renter's or an owner's after a
 * completed rental (one per side per booking, published when both have written or the 14 days end),
 * and a buyer's of a seller they talked to (one per buyer per listing, published at once). The
 * reviewed person may reply once; staff may hide one with a reason. `seller_ratings` keeps each
 * person's average as a seller or owner (published, not hidden), so pages read one row.
 */
export class Migration20261204000100_reviews extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table reviews (
        id bigserial primary key,
        kind text not null check (kind in ('rental', 'listing')),
        booking_id bigint references rentals (id) on delete cascade,
        vehicle_id integer references listings (id) on delete set null,
        vehicle_title text not null,
        reviewer_id text not null references users (id) on delete cascade,
        reviewee_id text not null references users (id) on delete cascade,
        reviewee_role text not null check (reviewee_role in ('seller', 'owner', 'renter')),
        rating smallint not null check (rating between 1 and 5),
        title text not null check (char_length(title) between 1 and 100),
        comment text not null check (char_length(comment) between 1 and 2000),
        reply text check (char_length(reply) between 1 and 2000),
        replied_at timestamptz,
        published_at timestamptz,
        hidden_at timestamptz,
        hidden_reason text,
        hidden_by text,
        created_at timestamptz not null,
        check (reviewer_id <> reviewee_id),
        check ((kind = 'rental') = (booking_id is not null)),
        check ((reply is null) = (replied_at is null)),
        check ((hidden_at is null) = (hidden_reason is null))
      );`);
    this.addSql(`create unique index reviews_one_per_booking on reviews (booking_id, reviewer_id) where kind = 'rental';`);
    this.addSql(`create unique index reviews_one_per_listing on reviews (vehicle_id, reviewer_id) where kind = 'listing';`);
    this.addSql(`create index reviews_of on reviews (reviewee_id, published_at desc, id desc) where published_at is not null and hidden_at is null;`);
    this.addSql(`create index reviews_unpublished on reviews (booking_id) where published_at is null;`);
    this.addSql(`create index reviews_created on reviews (created_at desc, id desc);`);
    this.addSql(`
      create table seller_ratings (
        user_id text primary key references users (id) on delete cascade,
        rating_sum integer not null check (rating_sum >= 0),
        rating_count integer not null check (rating_count >= 0)
      );`);
    this.addSql(`alter table audit_log drop constraint audit_log_resource_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_resource_check check (resource in ('vehicles', 'users', 'payments', 'rentals', 'reviews'));`);
    this.addSql(`alter table audit_log drop constraint audit_log_action_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_action_check check (action in (${ACTIONS_BEFORE}, ${REVIEW_ACTIONS}));`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from audit_log where resource = 'reviews' or action in (${REVIEW_ACTIONS});`);
    this.addSql(`alter table audit_log drop constraint audit_log_action_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_action_check check (action in (${ACTIONS_BEFORE}));`);
    this.addSql(`alter table audit_log drop constraint audit_log_resource_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_resource_check check (resource in ('vehicles', 'users', 'payments', 'rentals'));`);
    this.addSql('drop table if exists seller_ratings;');
    this.addSql('drop table if exists reviews;');
  }
}
