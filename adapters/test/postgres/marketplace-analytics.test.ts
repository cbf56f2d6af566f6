import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { analyticsBuckets, type AnalyticsInterval, Listing, type ListingDetails, User } from '@voltmarket/domain';
import { PostgresMarketplaceAnalytics } from '../../src/postgres/analytics/marketplace-analytics-store.js';
import { PostgresListingInsightsReads } from '../../src/postgres/analytics/listing-insights-reads.js';
import { MikroOrmListingRepository } from '../../src/postgres/listing-repository.js';
import { inContext } from '../../src/postgres/orm.js';
import { SearchCache } from '../../src/postgres/search/search-cache.js';
import { MikroOrmUserRepository } from '../../src/postgres/user-repository.js';
import { createTestOrm } from '../support/harness.js';

/**
 * The roll-up on fixtures with known answers. Times straddle Lagos midnight: 22:30 UTC on the 26th is
 * 23:30 on the 26th in Lagos, 23:05 UTC is already 00:05 on the 27th there.
 */
let orm: MikroORM;
let pool: pg.Pool;
let close: () => Promise<void>;
let store: PostgresMarketplaceAnalytics;
let first: number;
let second: number;
const lateOn26th = '2026-11-26T22:30:00Z';
const earlyOn27th = '2026-11-26T23:05:00Z';
const noonOn26th = '2026-11-26T11:00:00Z';

const details: ListingDetails = {
  title: '2022 Hyundai IONIQ 5', description: 'One owner.', price: 38_500_000, year: 2022, mileage: 20_000, range: 480,
  vehicleType: 'car', brand: 'Hyundai', model: 'IONIQ 5', location: 'Lagos', imageUrls: ['/uploads/a.webp'],
  batteryHealth: 95, chargingType: 'Both', fastChargingTime: 18, vin: null, sellerPhone: null,
  isRentalAvailable: false, dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null,
};

const person = (uid: string, name: string) =>
  User.register({ uid, email: `${uid}@x.ng`, emailVerified: true, name, phone: null, signInProvider: 'password' }, new Date(noonOn26th));

beforeAll(async () => {
  ({ orm, pool, close } = await createTestOrm());
  store = new PostgresMarketplaceAnalytics(pool);
  await inContext(orm, async () => {
    const users = new MikroOrmUserRepository(orm);
    for (const [uid, name] of [['s1', 'Ada Okafor'], ['s2', 'Bola Ade'], ['b1', 'Chidi Eze']] as const) await users.save(person(uid, name));
    const repo = new MikroOrmListingRepository(orm, new SearchCache());
    const one = Listing.submit(await repo.nextId(), 's1', details, new Date(lateOn26th));
    const two = Listing.submit(await repo.nextId(), 's2', details, new Date(earlyOn27th));
    await repo.save(one);
    await repo.save(two);
    [first, second] = [one.id, two.id];
  });
  const sql = (text: string, params: unknown[] = []) => pool.query(text, params);
  for (const [action, at, id] of [['vehicle.approved', lateOn26th, first], ['vehicle.rejected', earlyOn27th, second], ['vehicle.edited', earlyOn27th, second]] as const) {
    await sql(`insert into audit_log (created_at, actor_id, action, resource, record_id, record_label) values ($1, 'staff', $2, 'vehicles', $3, 'x')`, [at, action, String(id)]);
  }
  const chat = `${first}_b1_s1`;
  await sql(`insert into conversations (id, vehicle_id, buyer_id, seller_id, listing_title, created_at, last_message_at) values ($1, $2, 'b1', 's1', 't', $3, $3)`, [chat, first, noonOn26th]);
  // The buyer writes on the 26th; the seller answers early on the 27th (Lagos).
  await sql(`insert into messages (conversation_id, sender_id, receiver_id, content, created_at) values ($1, 'b1', 's1', 'Is it still for sale?', $2), ($1, 's1', 'b1', 'Yes', $3)`, [chat, noonOn26th, earlyOn27th]);
  await sql(`insert into inquiries (vehicle_id, seller_id, buyer_id, buyer_name, buyer_email, buyer_phone, message, created_at) values ($1, 's1', null, 'Visitor', 'v@x.ng', '+2348030000000', 'Price?', $2)`, [first, lateOn26th]);
  await sql(`insert into rentals (vehicle_id, vehicle_title, renter_id, owner_id, start_date, end_date, days, total_price, daily_rate, pickup_location, dropoff_location, expires_at, created_at, updated_at)
             values ($1, 't', 'b1', 's1', '2026-12-01', '2026-12-03', 2, 100000, 50000, 'Lagos', 'Lagos', $2, $2, $2)`, [first, earlyOn27th]);
  const payment = (reference: string, status: string, amountKobo: number, paidAt: string) =>
    sql(`insert into payments (reference, user_id, vehicle_id, amount_kobo, mode, method, status, paid_at, created_at, updated_at) values ($1, 's1', $2, $3, 'test', 'card', $4, $5, $5, $5)`,
      [reference, first, amountKobo, status, paidAt]);
  await payment('ref-one-26', 'success', 500_000_00, lateOn26th);
  await payment('ref-refunded', 'reversed', 1_200_000_00, lateOn26th);
  await payment('ref-two-27', 'success', 1_200_000_00, earlyOn27th);
  await payment('ref-pending', 'pending', 2_000_000_00, earlyOn27th);
  await sql(`insert into listing_daily_counts (listing_id, day, views, saves) values ($1, '2026-11-26', 5, 1), ($2, '2026-11-27', 3, 0), ($1, '2026-11-27', 2, 2)`, [first, second]);
  await sql(`insert into listing_impressions (listing_id, day, tier, promoted, organic) values ($1, '2026-11-26', 0, 0, 40), ($1, '2026-11-26', 2, 12, 8), ($1, '2026-11-27', 2, 3, 1)`, [first]);
});

afterAll(async () => close());

describe('the marketplace roll-up', () => {
  it('counts each Lagos day from the facts', async () => {
    const at = new Date('2026-11-27T10:00:00Z');
    await store.rollUp({ first: '2026-11-25', last: '2026-11-27' }, at);
    expect(await store.days({ first: '2026-11-25', last: '2026-11-27' })).toEqual([
      { day: '2026-11-25', newListings: 0, approvals: 0, rejections: 0, messages: 0, inquiries: 0, chats: 0, rentalRequests: 0, adRevenueKobo: 0, adSales: 0, views: 0, saves: 0 },
      { day: '2026-11-26', newListings: 1, approvals: 1, rejections: 0, messages: 1, inquiries: 1, chats: 1, rentalRequests: 0, adRevenueKobo: 500_000_00, adSales: 1, views: 5, saves: 1 },
      { day: '2026-11-27', newListings: 1, approvals: 0, rejections: 1, messages: 1, inquiries: 0, chats: 0, rentalRequests: 1, adRevenueKobo: 1_200_000_00, adSales: 1, views: 5, saves: 2 },
    ]);
    expect(await store.lastRollUp()).toEqual({ at, lastDay: '2026-11-27' });
  });

  it('counts a seller once per range: active when they list or answer a buyer', async () => {
    // The 26th: Ada listed. The 27th: Bola listed, Ada answered. Both days: two sellers, not three.
    const sellers = (first: string, last: string, interval: AnalyticsInterval) =>
      store.activeSellers({ first, last, interval }, analyticsBuckets({ first, last, interval }));
    expect(await sellers('2026-11-25', '2026-11-27', 'day')).toEqual({ perBucket: [0, 1, 2], total: 2 });
    // Whole weeks and months as the roll-up counted them (the week before was never rolled up: 0)...
    expect(await sellers('2026-11-16', '2026-11-29', 'week')).toEqual({ perBucket: [0, 2], total: 2 });
    expect(await sellers('2026-11-01', '2026-11-30', 'month')).toEqual({ perBucket: [2], total: 2 });
    // ...and weeks cut by the range, counted from their days.
    expect(await sellers('2026-11-27', '2026-12-02', 'week')).toEqual({ perBucket: [2, 0], total: 2 });
  });

  it('counts a day again when it changed: a refund leaves its day', async () => {
    await pool.query(`update payments set status = 'reversed', refunded_at = now() where reference = 'ref-two-27'`);
    await store.rollUp({ first: '2026-11-27', last: '2026-11-27' }, new Date('2026-11-27T10:10:00Z'));
    const [day] = await store.days({ first: '2026-11-27', last: '2026-11-27' });
    expect(day).toMatchObject({ adRevenueKobo: 0, adSales: 0, newListings: 1 });
    expect((await store.activeSellers({ first: '2026-11-27', last: '2026-11-27', interval: 'day' }, [{ first: '2026-11-27', last: '2026-11-27' }])).perBucket).toEqual([2]);
  });

  it('deletes counters older than the days kept, and the viewer log before yesterday', async () => {
    await pool.query(`insert into listing_views (listing_id, day, viewer_key) values ($1, '2026-11-25', 'a'), ($1, '2026-11-26', 'a'), ($1, '2026-11-27', 'a')`, [first]);
    const pruned = await store.prune('2026-11-27', '2026-11-26');
    expect(pruned).toEqual({ listingDays: 1, impressionDays: 2, marketplaceDays: 2, marketplacePeriods: 2, sellerDays: 1, viewers: 1 });
    expect((await pool.query(`select count(*)::int as n from listing_daily_counts`)).rows[0].n).toBe(2);
    expect((await pool.query(`select count(*)::int as n from listing_views`)).rows[0].n).toBe(2);
  });
});

describe("a listing's insights", () => {
  const reads = () => new PostgresListingInsightsReads(pool);

  it("reads each day's figures from where they are kept", async () => {
    await pool.query(`insert into listing_daily_counts (listing_id, day, views, saves) values ($1, '2026-11-26', 5, 1) on conflict do nothing`, [first]);
    await pool.query(`insert into listing_impressions (listing_id, day, tier, promoted, organic) values ($1, '2026-11-26', 0, 0, 40), ($1, '2026-11-26', 2, 12, 8) on conflict do nothing`, [first]);
    const days = await reads().days(first, { first: '2026-11-26', last: '2026-11-27' });
    expect(days).toEqual([
      { day: '2026-11-26', views: 5, searchImpressions: 48, promotedImpressions: 12, inquiries: 1, chats: 1, saves: 1, rentalRequests: 0 },
      { day: '2026-11-27', views: 2, searchImpressions: 1, promotedImpressions: 3, inquiries: 0, chats: 0, saves: 2, rentalRequests: 1 },
    ]);
  });

  it('compares with the other live listings of the brand and model only', async () => {
    await pool.query(`update listings set status = 'active' where id in ($1, $2)`, [first, second]);
    const draws = await reads().similarDraws({ id: first, brand: 'Hyundai', model: 'IONIQ 5' }, { first: '2026-11-26', last: '2026-11-27' });
    expect(draws).toEqual([{ views: 3, inquiries: 0 }]);
    expect(await reads().similarDraws({ id: first, brand: 'Hyundai', model: 'Kona Electric' }, { first: '2026-11-26', last: '2026-11-27' })).toEqual([]);
  });
});
