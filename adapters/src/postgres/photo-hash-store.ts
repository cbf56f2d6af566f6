import type { MikroORM } from '@mikro-orm/postgresql';
import type { PhotoHashRecord, PhotoHashes, PhotoLookup, PhotoUsedElsewhere } from '@voltmarket/application';
import { bandOf, fromSignedHash, hashBands, toSignedHash } from '@voltmarket/domain';
import { IN_LIST, sqlRows } from './sql.js';

/** The bands the migration indexed (Migration20261206100000_photo_hashes): 4 bits of distance at most. */
export const INDEXED_MAX_DISTANCE = 4;
const BANDS = hashBands(INDEXED_MAX_DISTANCE);
const bandSql = (b: { shift: number; width: number }) => `((hash >> ${b.shift}) & ${2 ** b.width - 1})`;

/**
 * Hashes within the distance: each band's index finds the hashes equal in that band and checks the
 * distance on the index entry itself (index-only), then the rows found are joined to the listings
 * showing the photo.
 */
const NEAR = BANDS.map((b) => `select id from photo_hashes where ${bandSql(b)} = ? and bit_count((hash # ?::bigint)::bit(64)) <= ?`).join(' union ');

/** The candidate search on its own, with positional parameters (for EXPLAIN in tests and the bench). */
export const PHOTO_LOOKUP_SQL = {
  near: BANDS.map((b, i) => `select id from photo_hashes where ${bandSql(b)} = $${3 * i + 1} and bit_count((hash # $${3 * i + 2}::bigint)::bit(64)) <= $${3 * i + 3}`).join(' union '),
  nearParams: (hash: bigint, maxDistance: number) => BANDS.flatMap((b) => [bandOf(hash, b), toSignedHash(hash).toString(), maxDistance]),
};

/** Photo hashes in Postgres; runs in the caller's unit of work. */
export class PostgresPhotoHashes implements PhotoHashes {
  constructor(private readonly orm: MikroORM) {}

  async record(photo: PhotoHashRecord): Promise<void> {
    await sqlRows(this.orm,
      'insert into photo_hashes (url, uploader_id, hash, created_at) values (?, ?, ?::bigint, ?) on conflict (url) do nothing',
      [photo.url, photo.uploaderId, toSignedHash(photo.hash).toString(), photo.at]);
  }

  async find(urls: readonly string[]): Promise<Map<string, bigint>> {
    if (urls.length === 0) return new Map();
    const rows = await sqlRows<{ url: string; hash: string }>(this.orm,
      `select url, hash::text as hash from photo_hashes where url in ${IN_LIST}`, [JSON.stringify(urls)]);
    return new Map(rows.map((r) => [r.url, fromSignedHash(r.hash)]));
  }

  async usedByOthers(hash: bigint, lookup: PhotoLookup): Promise<PhotoUsedElsewhere[]> {
    if (lookup.maxDistance > INDEXED_MAX_DISTANCE) throw new Error(`the bands are indexed for distances up to ${INDEXED_MAX_DISTANCE}`);
    const signed = toSignedHash(hash).toString();
    const rows = await sqlRows<{ url: string; listing_id: number; distance: number }>(this.orm,
      `with near as (${NEAR})
       select p.url, l.id as listing_id, bit_count((p.hash # ?::bigint)::bit(64))::int as distance
       from near join photo_hashes p on p.id = near.id
       join listings l on l.image_urls @> jsonb_build_array(p.url)
       where l.seller_id <> ? and l.id <> ?
         and (l.status = 'active' or (l.status in ('sold', 'pending', 'rejected') and l.updated_at > ?))
         and p.created_at <= coalesce((select created_at from photo_hashes where url = ?), 'infinity')
       order by distance, l.id, p.url
       limit 50`,
      [...BANDS.flatMap((b) => [bandOf(hash, b), signed, lookup.maxDistance]), signed, lookup.sellerId, lookup.listingId, lookup.since, lookup.photoUrl]);
    return rows.map((r) => ({ url: r.url, listingId: r.listing_id, distance: r.distance }));
  }
}
