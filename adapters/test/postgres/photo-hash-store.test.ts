import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { Listing, type ListingDetails, REUSED_PHOTO_MAX_DISTANCE, User, toSignedHash } from '@voltmarket/domain';
import { MikroOrmListingRepository } from '../../src/postgres/listing-repository.js';
import { inContext } from '../../src/postgres/orm.js';
import { PostgresPhotoHashes } from '../../src/postgres/photo-hash-store.js';
import { SearchCache } from '../../src/postgres/search/search-cache.js';
import { MikroOrmUserRepository } from '../../src/postgres/user-repository.js';
import { createTestOrm } from '../support/harness.js';

let orm: MikroORM;
let pool: pg.Pool;
let close: () => Promise<void>;
const now = new Date('2026-12-06T10:00:00Z');
const DAY = 86_400_000;
const since = new Date(now.getTime() - 90 * DAY);
const QUERY = 0x5a5a_f00f_3c3c_9669n;
/** QUERY with `n` bits flipped, one in each of the five bands first (so 5 flips leave no band equal). */
const flipped = (n: number) => [63, 50, 37, 24, 11, 60, 2].slice(0, n).reduce((h, bit) => h ^ (1n << BigInt(bit)), QUERY);

const details = (imageUrls: string[]): ListingDetails => ({
  title: '2023 Kia EV6', description: 'Clean, one owner.', price: 28_500_000, year: 2023, mileage: 9_000, range: 450,
  vehicleType: 'car', brand: 'Kia', model: 'EV6', location: 'Ibadan', imageUrls,
  batteryHealth: 98, chargingType: 'Both', fastChargingTime: 18, vin: null, sellerPhone: null,
  isRentalAvailable: false, dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null,
});

const ids: Record<string, number> = {};
const hashes = () => new PostgresPhotoHashes(orm);

beforeAll(async () => {
  ({ orm, pool, close } = await createTestOrm());
  // 20,000 unrelated photos first, so the lookup has to pick its few out of many.
  await pool.query(
    `insert into photo_hashes (url, uploader_id, hash, created_at)
     select '/uploads/noise/' || i || '.webp', 'noise', ((random() * 4294967296)::bigint << 32) # (random() * 4294967296)::bigint, now()
     from generate_series(1, 20000) i`);
  await inContext(orm, async () => {
    const users = new MikroOrmUserRepository(orm);
    for (const uid of ['ada', 'emeka']) {
      await users.save(User.register({ uid, email: `${uid}@voltmarket.test`, emailVerified: true, name: uid, phone: null, signInProvider: 'password' }, now));
    }
    const listings = new MikroOrmListingRepository(orm, new SearchCache());
    const listed = async (name: string, seller: string, flips: number, status: 'active' | 'pending' | 'rejected' | 'sold', changedDaysAgo = 1) => {
      const url = `/uploads/2026/12/${name}.webp`;
      await hashes().record({ url, uploaderId: seller, hash: flipped(flips), at: now });
      const changed = new Date(now.getTime() - changedDaysAgo * DAY);
      const listing = Listing.submit(await listings.nextId(), seller, details([url]), changed);
      if (status !== 'pending') listing.approve(changed);
      if (status === 'rejected') listing.reject('Blurred photos', changed);
      if (status === 'sold') listing.markSold(changed);
      await listings.save(listing);
      ids[name] = listing.id;
    };
    await listed('same', 'emeka', 0, 'active', 400);
    await listed('four-bits-off', 'emeka', 4, 'pending');
    await listed('five-bits-off', 'emeka', 5, 'active');
    await listed('adas-own', 'ada', 1, 'active');
    await listed('sold-lately', 'emeka', 2, 'sold', 30);
    await listed('rejected-long-ago', 'emeka', 3, 'rejected', 120);
  });
  await pool.query('vacuum analyze photo_hashes');
}, 60_000);
afterAll(async () => close());

const lookup = (sellerId = 'ada', listingId = 0) => inContext(orm, () =>
  hashes().usedByOthers(QUERY, { sellerId, listingId, since, maxDistance: REUSED_PHOTO_MAX_DISTANCE, photoUrl: '/uploads/2026/12/not-hashed-yet.webp' }));

describe('finding a photo another seller already shows (Postgres)', () => {
  it('finds every photo within 4 bits in other sellers\' live or recent listings, closest first, and none 5 bits off', async () => {
    expect(await lookup()).toEqual([
      { url: '/uploads/2026/12/same.webp', listingId: ids.same, distance: 0 },
      { url: '/uploads/2026/12/sold-lately.webp', listingId: ids['sold-lately'], distance: 2 },
      { url: '/uploads/2026/12/four-bits-off.webp', listingId: ids['four-bits-off'], distance: 4 },
    ]);
  });

  it("leaves out the seller's own listings and the listing being screened", async () => {
    const forEmeka = await lookup('emeka');
    expect(forEmeka.map((m) => m.listingId)).toEqual([ids['adas-own']]);
    expect((await lookup('ada', ids.same)).map((m) => m.listingId)).not.toContain(ids.same);
  });

  it('counts only photos hashed no later than the one looked up (a copy made after it does not count against it)', async () => {
    const earlier = '/uploads/2026/01/earlier.webp';
    await inContext(orm, () => hashes().record({ url: earlier, uploaderId: 'ada', hash: QUERY, at: new Date(now.getTime() - 300 * DAY) }));
    const found = await inContext(orm, () => hashes().usedByOthers(QUERY, { sellerId: 'ada', listingId: 0, since, maxDistance: REUSED_PHOTO_MAX_DISTANCE, photoUrl: earlier }));
    expect(found).toEqual([]);
  });

  it('keeps the first hash of a photo and reads hashes back unsigned', async () => {
    await inContext(orm, async () => {
      await hashes().record({ url: '/uploads/2026/12/same.webp', uploaderId: 'ada', hash: 1n, at: now });
      const found = await hashes().find(['/uploads/2026/12/same.webp', '/uploads/none.webp']);
      expect([...found]).toEqual([['/uploads/2026/12/same.webp', QUERY]]);
    });
    const { rows } = await pool.query<{ hash: string }>(`select hash::text from photo_hashes where url = '/uploads/2026/12/same.webp'`);
    expect(rows[0]!.hash).toBe(toSignedHash(QUERY).toString());
  });

  it('reads candidates through the five band indexes (no scan of the whole table)', async () => {
    const sql = (await import('../../src/postgres/photo-hash-store.js')).PHOTO_LOOKUP_SQL;
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain ${sql.near}`, sql.nearParams(QUERY, REUSED_PHOTO_MAX_DISTANCE));
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    for (let band = 0; band <= REUSED_PHOTO_MAX_DISTANCE; band++) expect(plan).toMatch(new RegExp(`Index (Only )?Scan (using|on) photo_hashes_band_${band}\\b`));
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('maps the flags column exactly as the migration made it (the schema diff is empty for it)', async () => {
    const diff = await orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
    expect(diff.split('\n').filter((line) => /moderation_flags/.test(line))).toEqual([]);
  });
});
