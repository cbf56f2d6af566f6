import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { type AuditEntry, type AuditLog, Listing, type ListingDetails, User } from '@voltmarket/domain';
import { AuditTrail, CurrentCarOfTheWeek, PickCarOfTheWeek } from '@voltmarket/application';
import { MikroOrmAuditLog } from '../../src/postgres/audit-log.js';
import { MikroOrmCarOfTheWeekPicks, PostgresCarOfTheWeekReads } from '../../src/postgres/car-of-the-week-store.js';
import { SearchCache } from '../../src/postgres/search/search-cache.js';
import { MikroOrmListingRepository } from '../../src/postgres/listing-repository.js';
import { createOrm, inContext, migrate } from '../../src/postgres/orm.js';
import { MikroOrmUnitOfWork } from '../../src/postgres/unit-of-work.js';
import { MikroOrmUserRepository } from '../../src/postgres/user-repository.js';
import { createTestDatabase, createTestOrm } from '../support/harness.js';

let orm: MikroORM;
let pool: pg.Pool;
let close: () => Promise<void>;
const HOUR = 3_600_000;
// Wednesday 25 November 2026, 11:00 in Lagos: the week of Monday 23 November.
const now = new Date('2026-11-25T10:00:00Z');
const clock = { now: () => now };

const details = (title: string): ListingDetails => ({
  title, description: 'Clean, one owner.', price: 28_500_000, year: 2023, mileage: 9_000, range: 450,
  vehicleType: 'car', brand: 'Kia', model: 'EV6', location: 'Ibadan', imageUrls: ['/uploads/a.webp'],
  batteryHealth: 98, chargingType: 'Both', fastChargingTime: 18, vin: null, sellerPhone: null,
  isRentalAvailable: false, dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null,
});

beforeAll(async () => {
  ({ orm, pool, close } = await createTestOrm());
  await inContext(orm, async () => {
    const users = new MikroOrmUserRepository(orm);
    for (const uid of ['seller', 'support']) {
      await users.save(User.register({ uid, email: `${uid}@voltmarket.test`, emailVerified: true, name: `${uid} Person`, phone: null, signInProvider: 'password' }, now));
    }
  });
});
afterAll(async () => close());

/** A listing approved `approvedAgo` ms before `now` (pending when undefined), with `views` views. */
async function listing(title: string, approvedAgo: number | undefined, views: number): Promise<number> {
  return inContext(orm, async () => {
    const repo = new MikroOrmListingRepository(orm, new SearchCache());
    const created = new Date(now.getTime() - 30 * 24 * HOUR);
    const l = Listing.submit(await repo.nextId(), 'seller', details(title), created);
    if (approvedAgo !== undefined) l.approve(new Date(now.getTime() - approvedAgo));
    l.views = views;
    await repo.save(l);
    return l.id;
  });
}

const reads = () => new PostgresCarOfTheWeekReads(pool);

describe('the car of the week in Postgres', () => {
  it('stores when a listing went live, and reads every listing tied on the top view count since a moment', async () => {
    const old = await listing('2020 Tesla Model 3', 8 * 24 * HOUR, 9_000);
    const a = await listing('2023 Kia EV6 GT-Line', 2 * 24 * HOUR, 310);
    const b = await listing('2024 Hyundai IONIQ 5 N', 3 * HOUR, 310);
    await listing('2022 Nissan Leaf e+', HOUR, 12);
    await listing('2024 BYD Seal', undefined, 5_000);
    const { rows } = await pool.query('select id, approved_at from listings where id = any($1::int[]) order by id', [[old, a]]);
    expect(rows).toEqual([
      { id: old, approved_at: new Date(now.getTime() - 8 * 24 * HOUR) },
      { id: a, approved_at: new Date(now.getTime() - 2 * 24 * HOUR) },
    ]);

    const top = await reads().mostViewedApprovedSince(new Date(now.getTime() - 7 * 24 * HOUR));
    expect(top.map((c) => c.listingId).sort()).toEqual([a, b].sort());
    expect(top.find((c) => c.listingId === b)).toEqual({ listingId: b, isLive: true, views: 310, approvedAt: new Date(now.getTime() - 3 * HOUR) });
    const standing = await new CurrentCarOfTheWeek(reads(), clock).standing();
    expect(standing.choice).toEqual({ listingId: b, weekOf: '2026-11-23', source: 'most_viewed' });
  });

  it('saves a staff pick with its audit entry in one transaction, replaces the week\'s pick, and reads it back with its listing', async () => {
    const first = await listing('2021 Zero Motorcycles SR/F Premium', 20 * 24 * HOUR, 4);
    const second = await listing('2023 Electric Bikes NG Cargo Pro', 20 * 24 * HOUR, 2);
    const users = new MikroOrmUserRepository(orm);
    const carOfTheWeek = new CurrentCarOfTheWeek(reads(), clock);
    const pick = (log: AuditLog = new MikroOrmAuditLog(orm)) => new PickCarOfTheWeek(
      new MikroOrmListingRepository(orm, new SearchCache()), new MikroOrmCarOfTheWeekPicks(orm), users,
      new AuditTrail(log, users, clock), new MikroOrmUnitOfWork(orm), clock, carOfTheWeek,
    );
    const support = { userId: 'support', role: 'support' } as const;
    await inContext(orm, () => pick().execute({ id: first }, support));
    await inContext(orm, () => pick().execute({ id: second }, support));
    const { rows } = await pool.query(`select week_of::text, listing_id, picked_by, picked_at from car_of_the_week_picks`);
    expect(rows).toEqual([{ week_of: '2026-11-23', listing_id: second, picked_by: 'support', picked_at: now }]);
    expect(await reads().staffPick('2026-11-23')).toEqual({
      weekOf: '2026-11-23', listing: { listingId: second, isLive: true, views: 2, approvedAt: new Date(now.getTime() - 20 * 24 * HOUR) },
      pickedBy: 'support', pickedAt: now,
    });
    expect(await reads().staffPick('2026-11-16')).toBeNull();

    // No audit entry, no pick.
    const failingLog = { append: async (_entry: AuditEntry) => { throw new Error('disk full'); } };
    await expect(inContext(orm, () => pick(failingLog).execute({ id: first }, support))).rejects.toThrow('disk full');
    expect((await pool.query('select listing_id from car_of_the_week_picks')).rows).toEqual([{ listing_id: second }]);
    const audit = await pool.query(`select action, record_id from audit_log where action like 'vehicle.car_of_the_week%' order by id`);
    expect(audit.rows).toEqual([
      { action: 'vehicle.car_of_the_week_picked', record_id: String(first) },
      { action: 'vehicle.car_of_the_week_withdrawn', record_id: String(first) },
      { action: 'vehicle.car_of_the_week_picked', record_id: String(second) },
    ]);

    // A deleted listing takes its pick with it.
    await pool.query('delete from listings where id = $1', [second]);
    expect((await pool.query('select count(*)::int as n from car_of_the_week_picks')).rows).toEqual([{ n: 0 }]);
  });

  it('maps the new table and column exactly as the migration made them (the schema diff is empty for them)', async () => {
    const diff = await orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
    const ours = diff.split('\n').filter((line) => /approved_at|car_of_the_week/.test(line));
    expect(ours).toEqual([]);
  });
});

describe('the migration', () => {
  it('backfills approval times of live listings from the audit log, else their last update, and leaves the others empty', async () => {
    const db = await createTestDatabase();
    const migrating = await createOrm({ clientUrl: db.url, poolMax: 2 });
    try {
      await migrating.getMigrator().down({ migrations: ['Migration20261124100000_car_of_the_week'] });
      const conn = migrating.em.getConnection();
      await conn.execute(`insert into users (id, email) values ('seller', 'ada@voltmarket.test'), ('support', 'sola@voltmarket.test')`);
      await conn.execute(`
        insert into listings (id, seller_id, status, is_verified, title, description, price, year, mileage, range, vehicle_type, brand, model, location, created_at, updated_at)
        values (1, 'seller', 'active', true, '2023 Kia EV6', 'x', 28500000, 2023, 100, 400, 'car', 'Kia', 'EV6', 'Lagos', '2026-10-01T08:00:00Z', '2026-11-20T09:00:00Z'),
               (2, 'seller', 'active', true, '2022 Tesla Model Y', 'x', 45000000, 2022, 100, 400, 'car', 'Tesla', 'Model Y', 'Abuja', '2026-10-02T08:00:00Z', '2026-11-21T09:00:00Z'),
               (3, 'seller', 'rejected', false, '2021 Nissan Leaf', 'x', 9000000, 2021, 100, 200, 'car', 'Nissan', 'Leaf', 'Kano', '2026-10-03T08:00:00Z', '2026-10-04T09:00:00Z')`);
      await conn.execute(`
        insert into audit_log (created_at, actor_id, action, resource, record_id, record_label)
        values ('2026-10-01T10:00:00Z', 'support', 'vehicle.approved', 'vehicles', '1', '2023 Kia EV6'),
               ('2026-11-02T10:00:00Z', 'support', 'vehicle.approved', 'vehicles', '1', '2023 Kia EV6'),
               ('2026-10-04T09:00:00Z', 'support', 'vehicle.approved', 'vehicles', '3', '2021 Nissan Leaf')`);
      expect(await migrate(migrating)).toEqual(['Migration20261124100000_car_of_the_week']);
      const rows = await conn.execute<{ id: number; approved_at: string | null }[]>('select id, approved_at from listings order by id');
      expect(rows.map((r) => ({ id: r.id, approved_at: r.approved_at && new Date(r.approved_at) }))).toEqual([
        { id: 1, approved_at: new Date('2026-11-02T10:00:00Z') },
        { id: 2, approved_at: new Date('2026-11-21T09:00:00Z') },
        { id: 3, approved_at: null },
      ]);
    } finally {
      await migrating.close();
      await db.drop();
    }
  });
});
