import { Migration } from '@mikro-orm/migrations';

/**
 * Who uploaded which photo, for daily quotas, "a listing shows only its seller's uploads", and the
 * cleanup of photos no listing uses. Photos already in listings are recorded as their seller's.
 */
export class Migration20261124000100_uploads extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table uploads (
        path varchar(500) primary key,
        uploader_id text not null references users (id),
        network_key text not null,
        guest boolean not null default false,
        bytes integer not null check (bytes >= 0),
        created_at timestamptz not null default now(),
        claimed_at timestamptz
      );`);
    this.addSql(`create index uploads_uploader on uploads (uploader_id, created_at);`);
    this.addSql(`create index uploads_guest_network on uploads (network_key, created_at) where guest;`);
    this.addSql(`create index uploads_last_touched on uploads ((coalesce(claimed_at, created_at)));`);
    // "Does any listing show this photo?" must not scan every listing.
    this.addSql(`create index listings_image_urls on listings using gin (image_urls jsonb_path_ops);`);
    this.addSql(`
      insert into uploads (path, uploader_id, network_key, bytes, created_at, claimed_at)
      select distinct on (photo.url) photo.url, l.seller_id, '', 0, l.created_at, l.updated_at
      from listings l cross join lateral jsonb_array_elements_text(l.image_urls) as photo(url)
      order by photo.url, l.created_at
      on conflict do nothing;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists listings_image_urls;');
    this.addSql('drop table if exists uploads;');
  }
}
