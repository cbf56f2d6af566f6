import { Migration } from '@mikro-orm/migrations';

/**
 * Scam defences at submission (docs/trust-and-safety.md#scam-defences). `photo_hashes` keeps the
 * 64-bit difference hash of every stored photo (as a signed bigint), written at upload and, for a
 * photo stored before, on its listing's first screening. A photo within 4 bits of another agrees
 * with it on at least one of 5 bands (four of 13 bits, one of 12: pigeonhole), so one index per band
 * finds every candidate; each index carries the hash and the row id, so the distance can be checked
 * on the index entry. `listings.moderation_flags` keeps what screening found for moderators.
 */
const BANDS = [
  { shift: 51, mask: 8191 }, { shift: 38, mask: 8191 }, { shift: 25, mask: 8191 }, { shift: 12, mask: 8191 }, { shift: 0, mask: 4095 },
];

export class Migration20261206100000_photo_hashes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table photo_hashes (
        id bigserial primary key,
        url text not null unique,
        uploader_id text not null,
        hash bigint not null,
        created_at timestamptz not null
      );`);
    for (const [i, { shift, mask }] of BANDS.entries()) {
      this.addSql(`create index photo_hashes_band_${i} on photo_hashes (((hash >> ${shift}) & ${mask})) include (hash, id);`);
    }
    this.addSql(`alter table listings add column moderation_flags jsonb not null default '[]';`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table listings drop column if exists moderation_flags;');
    this.addSql('drop table if exists photo_hashes;');
  }
}
