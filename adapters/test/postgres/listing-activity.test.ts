import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { Listing, type ListingDetails, User } from '@voltmarket/domain';
import { PostgresListingActivity } from '../../src/postgres/analytics/listing-activity.js';
import { MikroOrmListingRepository } from '../../src/postgres/listing-repository.js';
import { inContext } from '../../src/postgres/orm.js';
import { SearchCache } from '../../src/postgres/search/search-cache.js';
import { MikroOrmUserRepository } from '../../src/postgres/user-repository.js';
import { createTestOrm } from '../support/harness.js';

let orm: MikroORM;
let pool: pg.Pool;
let close: () => Promise<void>;
const ids: number[] = [];
// 23:30 in Lagos on the 26th: still the 26th there, though past 22:30 UTC. Half an hour later it is the 27th.
const lateEvening = new Date('2026-11-26T22:30:00Z');
const afterMidnight = new Date('2026-11-26T23:05:00Z');

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

beforeEach(async () => {
  await pool.query('delete from listing_daily_counts; delete from listing_views; update listings set views = 0');
});

const counts = async () =>
  (await pool.query<{ listing_id: number; day: string; views: number; saves: number }>(
    `select listing_id, to_char(day, 'YYYY-MM-DD') as day, views, saves from listing_daily_counts order by listing_id, day`,
  )).rows;
const totalViews = async (id: number) => (await pool.query<{ views: number }>('select views from listings where id = $1', [id])).rows[0]!.views;

/** A pool whose statements are recorded, and which can be told to fail the next one before or after it ran. */
function watched(): { pool: pg.Pool; statements: string[]; failNext: (when: 'before' | 'after') => void } {
  const statements: string[] = [];
  let failing: 'before' | 'after' | null = null;
  const query = async (sql: string, params: unknown[]) => {
    statements.push(sql);
    const when = failing;
    failing = null;
    if (when === 'before') throw new Error('connection lost');
    const result = await pool.query(sql, params);
    if (when === 'after') throw new Error('connection lost after the commit');
    return result;
  };
  return { pool: { query } as unknown as pg.Pool, statements, failNext: (when) => (failing = when) };
}

describe('PostgresListingActivity', () => {
  it('counts in memory and writes views and saves in one statement, a viewer once per Lagos day', async () => {
    const db = watched();
    let now = lateEvening;
    const activity = new PostgresListingActivity(db.pool, () => now);
    try {
      const [a, b] = [ids[0]!, ids[1]!];
      activity.viewed(a, 'user:ada');
      activity.viewed(a, 'user:ada');
      activity.viewed(a, 'visitor:x');
      activity.viewed(b, 'visitor:x');
      activity.saved(a);
      activity.saved(a);
      // Nothing reaches the database until the batch is written.
      expect(db.statements).toEqual([]);
      await activity.flush();
      expect(db.statements).toHaveLength(1);
      // The same viewer again in a later batch: not counted; after midnight in Lagos, a new day.
      activity.viewed(a, 'user:ada');
      now = afterMidnight;
      activity.viewed(a, 'user:ada');
      activity.saved(b);
      await activity.flush();
      expect(db.statements).toHaveLength(2);
      expect(await counts()).toEqual([
        { listing_id: a, day: '2026-11-26', views: 2, saves: 2 },
        { listing_id: a, day: '2026-11-27', views: 1, saves: 0 },
        { listing_id: b, day: '2026-11-26', views: 1, saves: 0 },
        { listing_id: b, day: '2026-11-27', views: 0, saves: 1 },
      ]);
      expect(await totalViews(a)).toBe(3);
      expect(await totalViews(b)).toBe(1);
      // Nothing waiting: no statement.
      await activity.flush();
      expect(db.statements).toHaveLength(2);
    } finally {
      await activity.close();
    }
  });

  it('loses no view when 200 viewers arrive at once on two API processes, and counts none twice', async () => {
    const [one, two] = [new PostgresListingActivity(pool, () => lateEvening), new PostgresListingActivity(pool, () => lateEvening)];
    const id = ids[2]!;
    try {
      // 200 viewers, each seen by both processes (a load balancer sends their requests either way), in two waves.
      await Promise.all(Array.from({ length: 200 }, async (_, i) => {
        await Promise.resolve();
        one.viewed(id, `visitor:${i}`);
        two.viewed(id, `visitor:${i}`);
        if (i % 2 === 0) two.viewed(id, `visitor:${i}`);
      }));
      await Promise.all([one.flush(), two.flush()]);
      await Promise.all(Array.from({ length: 200 }, async (_, i) => one.viewed(id, `visitor:${i + 100}`)));
      await Promise.all([one.flush(), two.flush()]);
      expect(await counts()).toEqual([{ listing_id: id, day: '2026-11-26', views: 300, saves: 0 }]);
      expect(await totalViews(id)).toBe(300);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('keeps a failed batch for the next write', async () => {
    const db = watched();
    const activity = new PostgresListingActivity(db.pool, () => lateEvening);
    const id = ids[0]!;
    try {
      activity.viewed(id, 'visitor:a');
      activity.saved(id);
      db.failNext('before');
      await activity.flush();
      expect(await counts()).toEqual([]);
      activity.viewed(id, 'visitor:b');
      activity.saved(id);
      await activity.flush();
      expect(await counts()).toEqual([{ listing_id: id, day: '2026-11-26', views: 2, saves: 2 }]);
      expect(await totalViews(id)).toBe(2);
    } finally {
      await activity.close();
    }
  });

  it('adds no view when a batch is written twice (its answer lost after the commit)', async () => {
    const db = watched();
    const activity = new PostgresListingActivity(db.pool, () => lateEvening);
    const id = ids[0]!;
    try {
      activity.viewed(id, 'visitor:a');
      activity.viewed(id, 'visitor:b');
      db.failNext('after');
      await activity.flush();
      await activity.flush();
      expect(db.statements).toHaveLength(2);
      // The viewer log decides. (Saves have no such log: a save in a batch written twice counts twice, see docs/analytics.md.)
      expect((await counts()).map((c) => c.views)).toEqual([2]);
      expect(await totalViews(id)).toBe(2);
    } finally {
      await activity.close();
    }
  });

  it('skips a listing deleted before its batch is written', async () => {
    const activity = new PostgresListingActivity(pool, () => lateEvening);
    const gone = await inContext(orm, async () => {
      const repo = new MikroOrmListingRepository(orm, new SearchCache());
      const listing = Listing.submit(await repo.nextId(), 's1', details, lateEvening);
      await repo.save(listing);
      return listing;
    });
    try {
      activity.viewed(gone.id, 'visitor:a');
      activity.saved(gone.id);
      activity.viewed(ids[0]!, 'visitor:a');
      await pool.query('delete from listings where id = $1', [gone.id]);
      await activity.close();
      expect(await counts()).toEqual([{ listing_id: ids[0], day: '2026-11-26', views: 1, saves: 0 }]);
    } finally {
      await activity.close();
    }
  });
});
