import { Migration } from '@mikro-orm/migrations';

const ACTIONS_BEFORE = [
  'vehicle.approved', 'vehicle.rejected', 'vehicle.edited', 'vehicle.deleted', 'user.role_changed',
  'vehicle.car_of_the_week_picked', 'vehicle.car_of_the_week_withdrawn', 'payment.refunded',
].map((a) => `'${a}'`).join(', ');
const RENTAL_ACTIONS = `'rental.status_changed', 'vehicle.rental_settings_changed', 'vehicle.rental_created'`;

/**
 * Rentals: what renters read about a rental vehicle beyond its listing, and bookings. No two
 * confirmed or active bookings of a vehicle share a day: an exclusion constraint on the days held
 * (btree_gist lets the vehicle id take part), so concurrent confirmations cannot both commit.
 */
export class Migration20261126000000_rentals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists btree_gist;`);
    this.addSql(`
      create table rental_specs (
        vehicle_id integer primary key references listings (id) on delete cascade,
        body_type text check (body_type in ('Sedan', 'SUV', 'Hatchback', 'Truck')),
        seats smallint check (seats between 1 and 60),
        features text[] not null default '{}',
        battery_capacity numeric(6, 1) check (battery_capacity > 0),
        rating numeric(2, 1) check (rating between 0 and 5),
        review_count integer not null default 0 check (review_count >= 0)
      );`);
    // A booking outlives its listing (the vehicle's title is kept): history is never lost to a deletion.
    this.addSql(`
      create table rentals (
        id bigserial primary key,
        vehicle_id integer not null,
        vehicle_title text not null,
        renter_id text not null references users (id),
        owner_id text not null references users (id),
        start_date date not null,
        end_date date not null,
        days integer not null check (days >= 1),
        total_price bigint not null check (total_price >= 0),
        daily_rate integer not null check (daily_rate > 0),
        weekly_rate integer check (weekly_rate > 0),
        monthly_rate integer check (monthly_rate > 0),
        status text not null default 'pending' check (status in ('pending', 'confirmed', 'active', 'completed', 'cancelled')),
        pickup_location text not null,
        dropoff_location text not null,
        notes text not null default '',
        cancel_reason text,
        cancelled_by text check (cancelled_by in ('renter', 'owner', 'staff', 'system')),
        expires_at timestamptz not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint rentals_dates check (end_date > start_date),
        constraint rentals_cancel_reason check ((status = 'cancelled') = (cancel_reason is not null)),
        constraint rentals_no_double_booking exclude using gist (vehicle_id with =, daterange(start_date, end_date, '[)') with &&)
          where (status in ('confirmed', 'active'))
      );`);
    this.addSql(`create index rentals_renter on rentals (renter_id, created_at desc);`);
    this.addSql(`create index rentals_owner on rentals (owner_id, created_at desc);`);
    this.addSql(`create index rentals_created on rentals (created_at desc);`);
    this.addSql(`create index rentals_vehicle_open on rentals (vehicle_id, end_date) where status in ('pending', 'confirmed', 'active');`);
    this.addSql(`create index rentals_lapsing on rentals (expires_at) where status = 'pending';`);
    this.addSql(`create index listings_rental on listings (id) where daily_rental_rate > 0;`);
    this.addSql(`alter table notifications drop constraint notifications_type_check;`);
    this.addSql(`alter table notifications add constraint notifications_type_check check (type in ('message', 'listing', 'rental', 'system', 'other'));`);
    this.addSql(`alter table audit_log drop constraint audit_log_resource_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_resource_check check (resource in ('vehicles', 'users', 'payments', 'rentals'));`);
    this.addSql(`alter table audit_log drop constraint audit_log_action_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_action_check check (action in (${ACTIONS_BEFORE}, ${RENTAL_ACTIONS}));`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from audit_log where resource = 'rentals' or action in (${RENTAL_ACTIONS});`);
    this.addSql(`alter table audit_log drop constraint audit_log_action_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_action_check check (action in (${ACTIONS_BEFORE}));`);
    this.addSql(`alter table audit_log drop constraint audit_log_resource_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_resource_check check (resource in ('vehicles', 'users', 'payments'));`);
    this.addSql(`update notifications set type = 'other' where type = 'rental';`);
    this.addSql(`alter table notifications drop constraint notifications_type_check;`);
    this.addSql(`alter table notifications add constraint notifications_type_check check (type in ('message', 'listing', 'system', 'other'));`);
    this.addSql('drop index if exists listings_rental;');
    this.addSql('drop table if exists rentals;');
    this.addSql('drop table if exists rental_specs;');
  }
}
