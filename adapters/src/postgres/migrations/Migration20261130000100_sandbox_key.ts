import { Migration } from '@mikro-orm/migrations';

/** The sandbox checkout's own secret key, one per database (see sandboxSecretKey); it was a published constant. */
export class Migration20261130000100_sandbox_key extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table sandbox_settings (id boolean primary key default true check (id), secret_key text not null);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists sandbox_settings;`);
  }
}
