import { Migration } from '@mikro-orm/migrations';

/**
 * A rental vehicle's rating and review count came from no renter: nothing in the product collects
 * reviews yet and the staff's create form leaves them empty, so only the demo data filled them, with
 * invented figures. They go until reviews exist, which will bring a table of their own.
 */
export class Migration20261201000000_no_rental_ratings extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table rental_specs drop column rating, drop column review_count;');
  }

  override async down(): Promise<void> {
    this.addSql(`alter table rental_specs
      add column rating numeric(2, 1) check (rating between 0 and 5),
      add column review_count integer not null default 0 check (review_count >= 0);`);
  }
}
