import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { Listing, type ListingDetails, User } from '@voltmarket/domain';
import { PostgresListingImpressions } from '../../src/postgres/listing-impressions.js';
import { MikroOrmListingRepository } from '../../src/postgres/listing-repository.js';
import { inContext } from '../../src/postgres/orm.js';
import { SearchCache } from '../../src/postgres/search/search-cache.js';
import { MikroOrmUserRepository } from '../../src/postgres/user-repository.js';
import { createTestOrm } from '../support/harness.js';

let orm: MikroORM;
let pool: pg.Pool;
let close: () => Promise<void>;
const ids: number[] = [];
// 23:30 in Lagos on the 26th is the 26th there, though it is past 22:30 UTC.
const lateEvening = new Date('2026-11-26T22:30:00Z');

const details: ListingDetails = {
  title: '2022 Hyundai IONIQ 5', description: 'One owner.', price: 38_500_000, year: 2022, mileage: 20_000, range: 480,
  vehicleType: 'car', brand: 'Hyundai', model: 'IONIQ 5', location: 'Lagos', imageUrls: ['/uploads/a.webp'],
  batteryHealth: 95, chargingType: 'Both', fastChargingTime: 18, vin: null, sellerPhone: null,
  isRentalAvailable: false, dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null,
};

beforeAll(async () => {
  ({ orm, pool, close } = await createTestOrm());
  await inContext(orm, async () => {
    await new MikroOrmUserRepository(orm).save(User.register({ uid: 's1', email: 'ada@x.ng', emailVerified: true, name: 'Ada Okafor', phone: null, signInProvider: 'password' }, lateEvening));
    const repo = new MikroOrmListingRepository(orm, new SearchCache());
    for (let i = 0; i < 3; i++) {
      const listing = Listing.submit(await repo.nextId(), 's1', details, lateEvening);
      listing.approve(lateEvening);
      await repo.save(listing);
      ids.push(listing.id);
    }
  });
});

afterAll(async () => close());

const rows = async () =>
  (await pool.query<{ listing_id: number; day: string; tier: number; promoted: number; organic: number }>(
    `select listing_id, to_char(day, 'YYYY-MM-DD') as day, tier, promoted, organic from listing_impressions order by listing_id, tier`,
  )).rows;

describe('PostgresListingImpressions', () => {
  it('counts in memory and writes every listing-day at once, by Lagos day and tier, adding to what was written before', async () => {
    const statements: string[] = [];
    const watched = { query: (sql: string, params: unknown[]) => (statements.push(sql), pool.query(sql, params)) } as unknown as pg.Pool;
    const impressions = new PostgresListingImpressions(watched, () => lateEvening);
    try {
      const [a, b] = [ids[0]!, ids[1]!];
      impressions.record([{ listingId: a, promoted: true, tier: 3 }, { listingId: a, promoted: false, tier: 3 }, { listingId: b, promoted: false, tier: 0 }]);
      impressions.record([{ listingId: a, promoted: true, tier: 3 }]);
      // Nothing reaches the database until the batch is written.
      expect(statements).toEqual([]);
      await impressions.flush();
      expect(statements).toHaveLength(1);
      expect(await rows()).toEqual([
        { listing_id: a, day: '2026-11-26', tier: 3, promoted: 2, organic: 1 },
        { listing_id: b, day: '2026-11-26', tier: 0, promoted: 0, organic: 1 },
      ]);
      impressions.record([{ listingId: a, promoted: false, tier: 3 }]);
      await impressions.flush();
      await impressions.flush(); // nothing waiting: no statement
      expect(statements).toHaveLength(2);
      expect((await rows())[0]).toMatchObject({ promoted: 2, organic: 2 });
    } finally {
      await impressions.close();
      await pool.query('delete from listing_impressions');
    }
  });

  it('skips a listing deleted meanwhile, and keeps the counts of a write that failed for the next one', async () => {
    const failing = { query: () => Promise.reject(new Error('database gone')) } as unknown as pg.Pool;
    const errors: unknown[] = [];
    const impressions = new PostgresListingImpressions(failing, () => lateEvening, (err) => errors.push(err));
    const live = ids[2]!;
    impressions.record([{ listingId: live, promoted: false, tier: 1 }, { listingId: 999_999, promoted: true, tier: 2 }]);
    await impressions.flush();
    expect(errors).toHaveLength(1);
    // The same counter, now pointed at a database that answers: nothing counted before the failure is lost.
    Object.assign(impressions, { pool });
    impressions.record([{ listingId: live, promoted: true, tier: 1 }]);
    await impressions.close();
    expect(await rows()).toEqual([{ listing_id: live, day: '2026-11-26', tier: 1, promoted: 1, organic: 1 }]);
    await pool.query('delete from listing_impressions');
  });
});
