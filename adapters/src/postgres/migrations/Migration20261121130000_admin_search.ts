import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes measured with `npm run bench:admin`: staff search listings of every status by title,
 * brand and model (trigram), and page users and listings newest first with the id as tie-breaker.
 */
export class Migration20261121130000_admin_search extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index listings_search_trgm on listings using gin (search_text gin_trgm_ops);`);
    this.addSql(`drop index if exists users_created;`);
    this.addSql(`create index users_created on users (created_at desc, id desc);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists listings_search_trgm;');
    this.addSql('drop index if exists users_created;');
    this.addSql('create index users_created on users (created_at desc, id);');
  }
}
