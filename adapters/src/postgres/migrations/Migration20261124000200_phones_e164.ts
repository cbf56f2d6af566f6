import { Migration } from '@mikro-orm/migrations';

/**
 * Phones are stored in E.164 from now on (the application reads typed numbers with
 * libphonenumber). Numbers stored before in the common shapes (0803 555 1234, +234 803-555-1234)
 * are rewritten; anything else is left exactly as it was, never dropped.
 */
export class Migration20261124000200_phones_e164 extends Migration {
  override async up(): Promise<void> {
    for (const [table, column] of [['users', 'phone'], ['listings', 'seller_phone']]) {
      const digits = `regexp_replace(${column}, '[^0-9+]', '', 'g')`;
      this.addSql(`
        update ${table} set ${column} = case
          when ${digits} ~ '^0[789][01][0-9]{8}$' then '+234' || substr(${digits}, 2)
          when ${digits} ~ '^\\+2340[789][01][0-9]{8}$' then '+234' || substr(${digits}, 6)
          when ${digits} ~ '^\\+[1-9][0-9]{7,14}$' then ${digits}
          else ${column}
        end
        where ${column} is not null;`);
    }
  }

  override async down(): Promise<void> {
    // E.164 numbers are still valid phone numbers: nothing to undo.
  }
}
