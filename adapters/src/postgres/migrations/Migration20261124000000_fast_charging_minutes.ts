import { Migration } from '@mikro-orm/migrations';

/**
 * Fast charging time was a `real`, which cannot hold every number the contract allows (5e-324 or
 * 1e-46 underflow and failed the insert). Minutes are now kept to one decimal by the domain, in a
 * column that holds any such value with room to spare.
 */
export class Migration20261124000000_fast_charging_minutes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table listings alter column fast_charging_time type double precision;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table listings alter column fast_charging_time type real;`);
  }
}
