import { Migration } from '@mikro-orm/migrations';

/**
 * Rate limits counted in the database, so that every API process behind a load balancer counts the
 * same window (30 messages a minute is 30, not 30 per replica). A fixed window per limit and
 * caller, from their first request: one row, bumped by an upsert, started again once it ended. Unlogged: a count is worth nothing after a crash (the
 * table comes back empty, a minute's allowance at worst) and not worth a write-ahead log entry per
 * request; unlogged tables are not copied to a streaming replica, which never reads them.
 */
export class Migration20261209000000_rate_limits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create unlogged table rate_limit_windows (
      name text not null,
      key text not null,
      window_start timestamptz not null,
      ends_at timestamptz not null,
      hits integer not null,
      primary key (name, key)
    );`);
    this.addSql(`create index rate_limit_windows_ends_at on rate_limit_windows (ends_at);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists rate_limit_windows;`);
  }
}
