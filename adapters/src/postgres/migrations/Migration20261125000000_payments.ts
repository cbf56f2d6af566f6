import { Migration } from '@mikro-orm/migrations';

/** Payments (integer kobo, one row per reference) and the advertising packages they buy. */
export class Migration20261125000000_payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table payments (
        id bigserial primary key,
        reference text not null unique check (reference ~ '^[A-Za-z0-9.=-]{6,100}$'),
        user_id text not null references users (id),
        vehicle_id integer not null,
        amount_kobo bigint not null check (amount_kobo > 0),
        currency text not null default 'NGN',
        mode text not null check (mode in ('test', 'live')),
        method text not null check (method in ('card', 'bank_transfer', 'mobile_money')),
        status text not null check (status in ('pending', 'success', 'failed', 'abandoned', 'reversed')),
        gateway_response text,
        channel text,
        failure_reason text,
        paid_at timestamptz,
        refunded_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );`);
    this.addSql(`create index payments_pending on payments (created_at) where status = 'pending';`);
    this.addSql(`create index payments_user on payments (user_id, created_at desc);`);
    this.addSql(`
      create table advertising_packages (
        id bigserial primary key,
        vehicle_id integer not null,
        user_id text not null references users (id),
        payment_id bigint not null unique references payments (id),
        package_type text not null check (package_type in ('basic', 'premium', 'ultimate')),
        package_name text not null,
        tier smallint not null check (tier between 1 and 3),
        duration_days integer not null check (duration_days > 0),
        price_kobo bigint not null check (price_kobo > 0),
        status text not null check (status in ('pending', 'active', 'expired', 'cancelled', 'refunded')),
        start_date timestamptz,
        end_date timestamptz,
        features jsonb not null default '[]',
        created_at timestamptz not null,
        updated_at timestamptz not null
      );`);
    this.addSql(`create index advertising_packages_vehicle on advertising_packages (vehicle_id, created_at desc);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists advertising_packages;');
    this.addSql('drop table if exists payments;');
  }
}
