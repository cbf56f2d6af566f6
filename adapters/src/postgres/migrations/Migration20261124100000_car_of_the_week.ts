import { Migration } from '@mikro-orm/migrations';

const ACTIONS_BEFORE = `'vehicle.approved', 'vehicle.rejected', 'vehicle.edited', 'vehicle.deleted', 'user.role_changed'`;
const CAR_OF_THE_WEEK_ACTIONS = `'vehicle.car_of_the_week_picked', 'vehicle.car_of_the_week_withdrawn'`;

/**
 * Car of the week: when each listing went live, and staff picks (one per week, named by Monday's
 * date in Lagos). Live listings get their approval time from the audit log's last approval, or, for
 * listings approved before the log existed, their last update (the latest it can have been).
 */
export class Migration20261124100000_car_of_the_week extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table listings add column approved_at timestamptz;`);
    this.addSql(`
      update listings l set approved_at = coalesce(
        (select max(a.created_at) from audit_log a
         where a.resource = 'vehicles' and a.record_id = l.id::text and a.action = 'vehicle.approved'),
        l.updated_at)
      where l.status = 'active';`);
    // The automatic choice reads the live listings approved in the last 7 days.
    this.addSql(`create index listings_active_approved on listings (approved_at) where status = 'active';`);
    this.addSql(`
      create table car_of_the_week_picks (
        week_of date primary key,
        listing_id integer not null,
        picked_by text not null,
        picked_at timestamptz not null,
        -- Named as MikroORM names them, so the mapping and the table agree.
        constraint car_of_the_week_picks_listing_id_foreign foreign key (listing_id) references listings (id) on update cascade on delete cascade,
        constraint car_of_the_week_picks_picked_by_foreign foreign key (picked_by) references users (id) on update cascade
      );`);
    this.addSql(`create index car_of_the_week_picks_listing on car_of_the_week_picks (listing_id);`);
    this.addSql(`alter table audit_log drop constraint audit_log_action_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_action_check check (action in (${ACTIONS_BEFORE}, ${CAR_OF_THE_WEEK_ACTIONS}));`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from audit_log where action in (${CAR_OF_THE_WEEK_ACTIONS});`);
    this.addSql(`alter table audit_log drop constraint audit_log_action_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_action_check check (action in (${ACTIONS_BEFORE}));`);
    this.addSql('drop table if exists car_of_the_week_picks;');
    this.addSql('drop index if exists listings_active_approved;');
    this.addSql('alter table listings drop column if exists approved_at;');
  }
}
