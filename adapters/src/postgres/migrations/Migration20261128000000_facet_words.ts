import { Migration } from '@mikro-orm/migrations';

/**
 * A text search narrowed by city, type or brand was counted through the words' index alone, then
 * each of the words' matches read from the table to check the rest. At a million listings, "mercedes
 * eqs" in Benin City read 17,457 pages for 2,586 matches (46 ms warm, 515 ms on a new connection),
 * and "Mercedes-Benz EQS" among bikes read 17,457 pages for none (55 ms). One GIN over the three
 * (btree_gin) and the words finds exactly the matches of them together: 2,529 pages, 8 ms (109 ms
 * on a new connection); the bikes read no table page at all (5 ms). Words alone are found through it
 * as well (a GIN serves any of its columns): Postgres chose it over the words-only index even with both
 * there, so that one goes, and a listing write updates one GIN, not two.
 */
export class Migration20261128000000_facet_words extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists btree_gin;`);
    this.addSql(`create index listings_active_facets_fts on listings using gin (vehicle_type, location, brand, search_vector) where status = 'active';`);
    this.addSql(`drop index if exists listings_active_search_fts;`);
  }

  override async down(): Promise<void> {
    this.addSql(`create index if not exists listings_active_search_fts on listings using gin (search_vector) where status = 'active';`);
    this.addSql(`drop index if exists listings_active_facets_fts;`);
  }
}
