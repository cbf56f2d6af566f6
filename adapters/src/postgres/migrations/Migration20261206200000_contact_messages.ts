import { Migration } from '@mikro-orm/migrations';

const ACTION = 'contact_message.handled';
const RESOURCE = 'contact-messages';

/**
 * Contact Us messages (see domain/src/contact/contact-message.ts), from visitors (user_id null) and
 * members, kept until staff mark them handled, and after. The audit log learns the staff action
 * `contact_message.handled` on resource `contact-messages`.
 *
 * The audit log's two check constraints are extended from what they hold when this runs (read
 * from pg_constraint), not rewritten from a list, so migrations of other contexts that add their
 * own actions in the same days keep theirs, whichever runs first.
 */
export class Migration20261206200000_contact_messages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table contact_messages (
        id bigserial primary key,
        name text not null check (char_length(name) between 1 and 100),
        email text not null check (char_length(email) between 3 and 254),
        topic text not null check (topic in ('account', 'listing', 'payment', 'rental', 'report', 'privacy', 'other')),
        message text not null check (char_length(message) between 1 and 5000),
        listing_id integer,
        user_id text references users (id) on delete set null,
        created_at timestamptz not null,
        handled_at timestamptz,
        handled_by text references users (id) on delete set null,
        note text check (char_length(note) <= 1000)
      );`);
    this.addSql(`create index contact_messages_queue on contact_messages ((handled_at is null) desc, created_at desc, id desc);`);
    this.addSql(`create index contact_messages_user on contact_messages (user_id) where user_id is not null;`);
    this.addSql(extendCheck('audit_log_resource_check', 'resource', RESOURCE));
    this.addSql(extendCheck('audit_log_action_check', 'action', ACTION));
  }

  override async down(): Promise<void> {
    this.addSql(`delete from audit_log where resource = '${RESOURCE}' or action = '${ACTION}';`);
    this.addSql(shrinkCheck('audit_log_resource_check', 'resource', RESOURCE));
    this.addSql(shrinkCheck('audit_log_action_check', 'action', ACTION));
    this.addSql('drop table if exists contact_messages;');
  }
}

/** The values an `audit_log` check of the form `column in (...)` allows now, as a SQL array expression. */
const allowed = (constraint: string) => `(
  select array_agg(m[1]) from pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g') as m
  where c.conname = '${constraint}' and c.conrelid = 'audit_log'::regclass)`;

const recreate = (constraint: string, column: string, values: string) => `
  do $$
  declare vals text[] := ${values};
  begin
    execute 'alter table audit_log drop constraint ${constraint}';
    execute format('alter table audit_log add constraint ${constraint} check (${column} = any (%L::text[]))', vals);
  end $$;`;

function extendCheck(constraint: string, column: string, value: string): string {
  return recreate(constraint, column, `(select array_agg(distinct v) from unnest(${allowed(constraint)} || array['${value}']) as v)`);
}

function shrinkCheck(constraint: string, column: string, value: string): string {
  return recreate(constraint, column, `array_remove(${allowed(constraint)}, '${value}')`);
}
