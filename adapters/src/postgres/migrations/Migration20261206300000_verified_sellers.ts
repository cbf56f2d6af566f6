import { Migration } from '@mikro-orm/migrations';

const ACTIONS_BEFORE = [
  'vehicle.approved', 'vehicle.rejected', 'vehicle.edited', 'vehicle.deleted', 'user.role_changed',
  'vehicle.car_of_the_week_picked', 'vehicle.car_of_the_week_withdrawn', 'payment.refunded',
  'rental.status_changed', 'vehicle.rental_settings_changed', 'vehicle.rental_created',
  'review.hidden', 'review.shown',
  // Added by the trust-and-safety and contact-messages migrations, which run before this one.
  'vehicle.changes_approved', 'vehicle.changes_rejected', 'vehicle.taken_down',
  'user.suspended', 'user.suspension_lifted', 'user.warned', 'report.dismissed', 'contact_message.handled',
].map((a) => `'${a}'`).join(', ');
const DEALER_ACTIONS = `'user.dealer_verified', 'user.dealer_rejected'`;

/**
 * Verified sellers (see domain/src/identity/dealer-verification.ts): the phone number the identity
 * provider verified by SMS, one account per number; and a seller's dealer verification request
 * (business name, CAC number), waiting for staff, verified or rejected with a reason. Staff's
 * waiting list reads the oldest request first through a partial index.
 */
export class Migration20261206300000_verified_sellers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table users
        add column verified_phone text,
        add column phone_verified_at timestamptz,
        add column dealer_business_name text check (char_length(dealer_business_name) between 2 and 100),
        add column dealer_cac_number text check (dealer_cac_number ~ '^(RC|BN)[0-9]{1,8}$'),
        add column dealer_status text check (dealer_status in ('pending', 'verified', 'rejected')),
        add column dealer_rejection_reason text,
        add column dealer_submitted_at timestamptz,
        add column dealer_decided_at timestamptz,
        add column dealer_decided_by text,
        add constraint users_dealer_complete check (
          (dealer_status is null) = (dealer_business_name is null)
          and (dealer_status is null) = (dealer_cac_number is null)
          and (dealer_status is null) = (dealer_submitted_at is null)
          and ((dealer_status = 'rejected') = (dealer_rejection_reason is not null)));`);
    this.addSql(`create unique index users_verified_phone on users (verified_phone) where verified_phone is not null;`);
    this.addSql(`create index users_dealer_waiting on users (dealer_submitted_at, id) where dealer_status = 'pending';`);
    this.addSql(`alter table audit_log drop constraint audit_log_action_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_action_check check (action in (${ACTIONS_BEFORE}, ${DEALER_ACTIONS}));`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from audit_log where action in (${DEALER_ACTIONS});`);
    this.addSql(`alter table audit_log drop constraint audit_log_action_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_action_check check (action in (${ACTIONS_BEFORE}));`);
    this.addSql(`drop index if exists users_dealer_waiting;`);
    this.addSql(`drop index if exists users_verified_phone;`);
    this.addSql(`
      alter table users
        drop constraint users_dealer_complete,
        drop column verified_phone, drop column phone_verified_at, drop column dealer_business_name,
        drop column dealer_cac_number, drop column dealer_status, drop column dealer_rejection_reason,
        drop column dealer_submitted_at, drop column dealer_decided_at, drop column dealer_decided_by;`);
  }
}
