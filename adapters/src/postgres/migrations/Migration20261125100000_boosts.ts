import { Migration } from '@mikro-orm/migrations';

const ACTIONS_BEFORE = [
  'vehicle.approved', 'vehicle.rejected', 'vehicle.edited', 'vehicle.deleted', 'user.role_changed',
  'vehicle.car_of_the_week_picked', 'vehicle.car_of_the_week_withdrawn',
].map((a) => `'${a}'`).join(', ');

/**
 * What running boosts need: the reconciliation schedule of pending payments, the reminder three
 * days before a listing's boost ends, refunds in the audit log, and the sandbox checkout's own
 * transactions (kept in Postgres so every API replica serves the same checkout).
 */
export class Migration20261125100000_boosts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table payments add column checks_done integer not null default 0, add column next_check_at timestamptz;`);
    this.addSql(`update payments set next_check_at = created_at + interval '1 minute' where status = 'pending';`);
    this.addSql(`drop index if exists payments_pending;`);
    this.addSql(`create index payments_due on payments (next_check_at) where status = 'pending';`);
    this.addSql(`create index payments_created on payments (created_at desc);`);
    this.addSql(`create index advertising_packages_created on advertising_packages (created_at desc);`);
    this.addSql(`create index advertising_packages_running on advertising_packages (end_date) where status = 'active';`);
    // Which boost end the seller was told about: a boost extended later gets its own reminder.
    this.addSql(`alter table listings add column boost_reminded_for timestamptz;`);
    // A tier always comes with its end: a boost with no end would never read as running or ended.
    this.addSql(`update listings set boost_tier = 0 where boost_tier > 0 and boosted_until is null;`);
    this.addSql(`alter table listings add constraint listings_boost_has_end check (boost_tier = 0 or boosted_until is not null);`);
    // Search reads the running boosts it matches (by their end, a few thousand entries at most) and
    // the ended ones not cleared yet, from this small index alone, with the columns the filters need.
    this.addSql(`create index listings_boost_ends on listings (boosted_until)
                 include (id, boost_tier, created_at, price, mileage, year, vehicle_type, location, brand) where status = 'active' and boost_tier > 0;`);
    this.addSql(`alter table audit_log drop constraint if exists audit_log_resource_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_resource_check check (resource in ('vehicles', 'users', 'payments'));`);
    this.addSql(`alter table audit_log drop constraint audit_log_action_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_action_check check (action in (${ACTIONS_BEFORE}, 'payment.refunded'));`);
    this.addSql(`
      create table sandbox_transactions (
        reference text primary key,
        access_code text not null unique,
        email text not null,
        amount_kobo bigint not null,
        currency text not null,
        callback_url text not null,
        channels jsonb not null default '[]',
        metadata jsonb not null default '{}',
        status text not null check (status in ('abandoned', 'success', 'failed', 'reversed')),
        channel text,
        paid_at timestamptz,
        created_at timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists sandbox_transactions;');
    this.addSql(`alter table audit_log drop constraint audit_log_action_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_action_check check (action in (${ACTIONS_BEFORE}));`);
    this.addSql(`alter table audit_log drop constraint if exists audit_log_resource_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_resource_check check (resource in ('vehicles', 'users'));`);
    this.addSql('drop index if exists listings_boost_ends;');
    this.addSql('alter table listings drop constraint if exists listings_boost_has_end;');
    this.addSql('alter table listings drop column if exists boost_reminded_for;');
    this.addSql('drop index if exists advertising_packages_running;');
    this.addSql('drop index if exists advertising_packages_created;');
    this.addSql('drop index if exists payments_created;');
    this.addSql('drop index if exists payments_due;');
    this.addSql('alter table payments drop column if exists next_check_at, drop column if exists checks_done;');
  }
}
