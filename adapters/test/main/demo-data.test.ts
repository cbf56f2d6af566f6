import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CurrentCarOfTheWeek } from '@voltmarket/application';
import { lagosDay, LISTING_LOCATIONS, type ListingLocation, sellerDisplayName, VEHICLE_TYPES } from '@voltmarket/domain';
import { emulatorSignIn } from '../../src/firebase/auth-emulator.js';
import { PostgresCarOfTheWeekReads } from '../../src/postgres/car-of-the-week-store.js';
import { PostgresRentalReads } from '../../src/postgres/rental-read-model.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureDemoAccounts, seedDemoData, type SeedReport } from '../../src/postgres/seed/demo-data.js';
import { DEMO_SELLERS } from '../../src/postgres/seed/demo-sellers.js';
import { LocalDiskImageStore } from '../../src/storage/photo-store.js';
import { createTestOrm, useEmulator } from '../support/harness.js';

let orm: MikroORM;
let pool: pg.Pool;
let close: () => Promise<void>;
let report: SeedReport;
const seededAt = new Date();
const uploads = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-seed-'));

// Rendering and re-encoding 63 photos takes seconds of CPU: the limit is for a hang, not a speed goal.
beforeAll(async () => {
  ({ orm, pool, close } = await createTestOrm());
  report = await seedDemoData(orm, new LocalDiskImageStore(uploads), seededAt);
}, 120_000);
afterAll(async () => {
  await close();
  await fs.rm(uploads, { recursive: true, force: true });
});

const DAY = 24 * 3_600_000;

/**
 * Places people name in a listing besides its city, by the city they are in (the catalogue's cities
 * are names too). A description names places of its own listing's city only.
 */
const PLACES: Record<ListingLocation, string[]> = {
  Lagos: ['Eko', 'Lekki', 'Ikeja', 'Victoria Island', 'Ikoyi', 'Surulere', 'Yaba', 'Apapa', 'Ajah', 'Magodo', 'Oregun', 'Admiralty Way', 'Festac'],
  Abuja: ['FCT', 'Wuse', 'Maitama', 'Garki', 'Jabi', 'Gwarinpa', 'Asokoro', 'Utako', 'Kubwa', 'Katampe', 'Central Business District'],
  'Port Harcourt': ['Trans-Amadi', 'Rumuola', 'Rumuokoro', 'D-Line', 'GRA Phase 2', 'Garden City', 'Rivers State'],
  Kano: ['Zoo Road', 'Bompai', 'Sabon Gari', 'Sharada', 'Kano State'],
  Ibadan: ['Bodija', 'Dugbe', 'Challenge', 'Mokola', 'Jericho', 'Iwo Road', 'Oyo State'],
  Kaduna: ['Barnawa', 'Kachia Road', 'Ungwan Rimi', 'Malali', 'Kawo'],
  Jos: ['Rayfield', 'Bukuru', 'Terminus', 'Hwolshe', 'Shere Hills', 'Plateau'],
  'Benin City': ['Benin', 'Sapele Road', 'Ugbowo', 'Uselu', 'Ikpoba', 'Edo State'],
};
const names = (place: string) => new RegExp(`\\b${place.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}\\b`);

/** What only a business says: a person selling their own car has no showroom, fleet or partner bank. */
const DEALER_ONLY = /\b(showroom|forecourt|fleet|trade-ins?|part-exchange|partner banks?|our (branch|yard|depot|workshop|technicians|team)|from us|in stock)\b/i;

const sentences = (text: string) => text.split(/[.!?]+(?:\s+|$)/).map((s) => s.trim().toLowerCase()).filter((s) => s.length > 0);

interface Described { id: number; location: ListingLocation; description: string; seller_id: string; first_name: string | null; last_name: string | null; email: string | null }
const described = async () => (await pool.query<Described>(
  `select l.id, l.location, l.description, l.seller_id, u.first_name, u.last_name, u.email from listings l join users u on u.id = l.seller_id order by l.id`)).rows;

describe('demo data', () => {
  it('fills an empty marketplace once: 60+ live listings over every type and city, with images on disk', async () => {
    expect(report.seeded).toBe(true);
    const conn = orm.em.getConnection();
    const byStatus = await conn.execute<{ status: string; n: number }[]>('select status, count(*)::int as n from listings group by status order by status');
    expect(byStatus).toEqual([{ status: 'active', n: 72 }, { status: 'pending', n: 7 }, { status: 'rejected', n: 3 }, { status: 'sold', n: 4 }]);
    const types = await conn.execute<{ vehicle_type: string }[]>(`select distinct vehicle_type from listings where status = 'active'`);
    expect(types.map((t) => t.vehicle_type).sort()).toEqual([...VEHICLE_TYPES].sort());
    const cities = await conn.execute<{ location: string }[]>(`select distinct location from listings where status = 'active'`);
    expect(cities.map((c) => c.location).sort()).toEqual([...LISTING_LOCATIONS].sort());
    const images = await conn.execute<{ url: string }[]>(`select distinct jsonb_array_elements_text(image_urls) as url from listings`);
    for (const { url } of images) await expect(fs.access(path.join(uploads, url.replace('/uploads/', '')))).resolves.toBeUndefined();
    const prices = await conn.execute<{ min: number; max: number }[]>('select min(price) as min, max(price) as max from listings');
    expect(prices[0]!.min).toBeGreaterThanOrEqual(100_000);
    expect(prices[0]!.max).toBeLessThanOrEqual(200_000_000);

    // A buyer's first day, ready to try: chats with both sellers (one answer unread), an inquiry, a wishlist.
    const chats = await conn.execute<{ buyer_id: string; seller_id: string; messages: number }[]>(
      `select c.buyer_id, c.seller_id, count(m.id)::int as messages from conversations c join messages m on m.conversation_id = c.id group by 1, 2 order by 2`);
    expect(chats).toEqual([
      { buyer_id: 'demo-buyer-tunde', seller_id: 'demo-seller-ada', messages: 1 },
      { buyer_id: 'demo-buyer-tunde', seller_id: 'demo-seller-emeka', messages: 4 },
    ]);
    const unread = await conn.execute<{ user_id: string; n: number }[]>(
      `select user_id, count(*)::int as n from notifications where not is_read group by 1 order by 1`);
    expect(unread).toEqual([
      { user_id: 'demo-buyer-tunde', n: 1 }, { user_id: 'demo-seller-ada', n: 2 }, { user_id: 'demo-seller-emeka', n: 1 },
    ]);
    const saved = await conn.execute<{ n: number }[]>(
      `select count(*)::int as n from wishlist w join listings l on l.id = w.vehicle_id and l.status = 'active' where w.user_id = 'demo-buyer-tunde'`);
    expect(saved).toEqual([{ n: 2 }]);

    // Boosts bought in the sandbox: some running at each tier, and every payment outcome for the backoffice.
    const running = await conn.execute<{ boost_tier: number; n: number }[]>(
      `select boost_tier, count(*)::int as n from listings where status = 'active' and boosted_until > now() group by 1 order by 1`);
    expect(running).toEqual([{ boost_tier: 1, n: 2 }, { boost_tier: 2, n: 3 }, { boost_tier: 3, n: 2 }]);
    const outcomes = await conn.execute<{ status: string; n: number }[]>('select status, count(*)::int as n from payments group by 1 order by 1');
    expect(outcomes).toEqual([{ status: 'failed', n: 1 }, { status: 'pending', n: 1 }, { status: 'reversed', n: 1 }, { status: 'success', n: 9 }]);
    const activePackages = await conn.execute<{ n: number }[]>(`select count(*)::int as n from advertising_packages where status = 'active' and end_date > now()`);
    expect(activePackages).toEqual([{ n: 7 }]);

    // The rental page's four sample vehicles, with bookings in every state (one out on rent today).
    const rentals = await conn.execute<{ title: string; body_type: string; daily_rental_rate: number; bookings: string[] }[]>(
      `select l.title, s.body_type, l.daily_rental_rate, array(select r.status from rentals r where r.vehicle_id = l.id order by r.id) as bookings
       from listings l join rental_specs s on s.vehicle_id = l.id where l.status = 'active' and l.is_rental_available order by l.daily_rental_rate`);
    expect(rentals.map((r) => [r.title, r.body_type, r.daily_rental_rate])).toEqual([
      ['2022 Nissan Leaf', 'Hatchback', 15_000], ['2023 Tesla Model 3', 'Sedan', 25_000], ['2023 Ford F-150 Lightning', 'Truck', 28_000], ['2024 Hyundai IONIQ 5', 'SUV', 32_000],
    ]);
    expect(rentals.flatMap((r) => r.bookings).sort()).toEqual(['active', 'cancelled', 'completed', 'confirmed', 'pending', 'pending']);
    // Each demo payment is known to the sandbox as Paystack would know it, so a refund of one goes through.
    const sides = await conn.execute<{ payment: string; sandbox: string | null }[]>(
      `select p.status as payment, s.status as sandbox from payments p left join sandbox_transactions s using (reference) order by p.id`);
    const expected: Record<string, string> = { success: 'success', reversed: 'reversed', failed: 'failed', pending: 'abandoned' };
    expect(sides.length).toBeGreaterThan(0);
    for (const side of sides) expect(side.sandbox, side.payment).toBe(expected[side.payment]);
    // Past stays too: each is charged for the days between its dates (the drop-off day not counted).
    const stays = await conn.execute<{ status: string; days: number; between: number }[]>(`select status, days, end_date - start_date as between from rentals order by id`);
    for (const stay of stays) expect(stay.days, stay.status).toBe(stay.between);

    expect((await seedDemoData(orm, new LocalDiskImageStore(uploads))).seeded).toBe(false);
  });

  it('gives the market prices something to show (a model and year with 5 or more prices), computed in full on the next run', async () => {
    const conn = orm.em.getConnection();
    const groups = await conn.execute<{ brand: string; model: string; year: number; n: number }[]>(
      `select brand, model, year, count(*)::int as n from listings where status in ('active', 'sold') group by 1, 2, 3 having count(*) >= 5 order by 1, 2, 3`);
    expect(groups.map((g) => `${g.year} ${g.brand} ${g.model}`)).toEqual([`${seededAt.getUTCFullYear() - 1} Hyundai IONIQ 5`, `${seededAt.getUTCFullYear() - 2} Tesla Model 3`]);
    // Written with past dates, the listings would look unchanged to the job: its runs are forgotten, so the next is a full one.
    expect(await conn.execute('select * from market_price_runs')).toEqual([]);
  });

  it('names places in a description only in its listing\'s own city', async () => {
    const listings = await described();
    expect(listings.length).toBe(86);
    const misplaced = listings.flatMap((l) => LISTING_LOCATIONS.filter((city) => city !== l.location)
      .flatMap((city) => [city, ...PLACES[city]].filter((place) => names(place).test(l.description)).map((place) => `${l.location} listing ${l.id} names ${place} (${city})`)));
    expect(misplaced).toEqual([]);
  });

  it('repeats no sentence across listings: each description reads as its own seller wrote it', async () => {
    const firstSaidBy = new Map<string, number>();
    const repeated: string[] = [];
    for (const l of await described()) {
      for (const sentence of new Set(sentences(l.description))) {
        const earlier = firstSaidBy.get(sentence);
        if (earlier === undefined) firstSaidBy.set(sentence, l.id);
        else repeated.push(`"${sentence}" in ${earlier} and ${l.id}`);
      }
    }
    expect(repeated).toEqual([]);
  });

  it('has dealers under their business names and private sellers under their own, and only dealers talk of showrooms and fleets', async () => {
    const listings = await described();
    const kinds = new Map(DEMO_SELLERS.map((s) => [s.uid, s]));
    const overheard = listings.filter((l) => kinds.get(l.seller_id)?.kind !== 'dealer' && DEALER_ONLY.test(l.description))
      .map((l) => `${l.first_name} ${l.last_name}: ${DEALER_ONLY.exec(l.description)![0]}`);
    expect(overheard).toEqual([]);

    expect([...new Set(listings.map((l) => l.seller_id))].sort()).toEqual(DEMO_SELLERS.map((s) => s.uid).sort());
    expect(DEMO_SELLERS.filter((s) => s.kind === 'dealer').length).toBeGreaterThanOrEqual(3);
    expect(DEMO_SELLERS.filter((s) => s.kind === 'private').length).toBeGreaterThanOrEqual(10);
    for (const l of listings) {
      // What a visitor reads on the listing: the seller's business or own name, never "Private Seller" for want of a full name.
      expect(sellerDisplayName({ firstName: l.first_name, lastName: l.last_name, email: l.email }, 'visitor')).toBe(kinds.get(l.seller_id)!.name);
    }
  });

  it('has members joining over the last two years, each before anything they listed, said, booked or paid', async () => {
    const { rows: members } = await pool.query<{ id: string; joined: Date }>('select id, created_at as joined from users');
    const joined = members.map((m) => m.joined.getTime());
    expect(Math.max(...joined)).toBeLessThanOrEqual(seededAt.getTime());
    expect(Math.min(...joined)).toBeGreaterThanOrEqual(seededAt.getTime() - 730 * DAY);
    expect(Math.max(...joined) - Math.min(...joined)).toBeGreaterThan(540 * DAY);
    expect(new Set(members.map((m) => lagosDay(m.joined))).size).toBe(members.length);

    const { rows: early } = await pool.query<{ id: string; what: string; joined: Date; at: Date }>(
      `with done (user_id, what, at) as (
         select seller_id, 'listing', created_at from listings
         union all select uploader_id, 'upload', created_at from uploads
         union all select buyer_id, 'conversation', created_at from conversations
         union all select seller_id, 'conversation', created_at from conversations
         union all select sender_id, 'message', created_at from messages
         union all select receiver_id, 'message', created_at from messages
         union all select seller_id, 'inquiry', created_at from inquiries
         union all select user_id, 'notification', created_at from notifications
         union all select user_id, 'wishlist', created_at from wishlist
         union all select renter_id, 'rental', created_at from rentals
         union all select owner_id, 'rental', created_at from rentals
         union all select user_id, 'payment', created_at from payments
         union all select user_id, 'boost', created_at from advertising_packages)
       select u.id, d.what, u.created_at as joined, d.at from done d join users u on u.id = d.user_id where d.at <= u.created_at`);
    expect(early).toEqual([]);

    // And what they talk about or pay to boost was live by then.
    const { rows: beforeLive } = await pool.query<{ what: string; id: number }>(
      `select 'conversation' as what, l.id from conversations c join listings l on l.id = c.vehicle_id where l.approved_at is null or l.approved_at >= c.created_at
       union all select 'inquiry', l.id from inquiries i join listings l on l.id = i.vehicle_id where l.approved_at is null or l.approved_at >= i.created_at
       union all select 'wishlist', l.id from wishlist w join listings l on l.id = w.vehicle_id where l.approved_at is null or l.approved_at >= w.created_at
       union all select 'payment', l.id from payments p join listings l on l.id = p.vehicle_id where l.approved_at is null or l.approved_at >= p.created_at`);
    expect(beforeLive).toEqual([]);
  });

  it('rates people only from reviews of real dealings: both sides of each completed rental, nothing invented', async () => {
    const { rows: reviews } = await pool.query<{ kind: string; booking_status: string; published: boolean; within: boolean }>(
      `select v.kind, r.status as booking_status, v.published_at is not null as published, v.created_at <= r.updated_at + interval '14 days' as within
       from reviews v left join rentals r on r.id = v.booking_id`);
    expect(reviews.length).toBeGreaterThan(0);
    for (const r of reviews) expect(r).toEqual({ kind: 'rental', booking_status: 'completed', published: true, within: true });
    const page = await new PostgresRentalReads(pool).vehicles({ sort: 'recommended', limit: 10, offset: 0, today: lagosDay(seededAt) });
    expect(page.items.length).toBe(4);
    const { rows: ratings } = await pool.query<{ user_id: string; average: number; count: number }>(
      `select reviewee_id as user_id, avg(rating)::float as average, count(*)::int as count from reviews where reviewee_role in ('seller', 'owner') group by reviewee_id`);
    const byOwner = new Map(ratings.map((r) => [r.user_id, { average: Math.round(r.average * 10) / 10, count: r.count }]));
    for (const vehicle of page.items) expect(vehicle.ownerRating, vehicle.title).toEqual(byOwner.get(vehicle.ownerId) ?? null);
    expect(page.items.some((v) => v.ownerRating === null)).toBe(true);
  });

  it('leaves the trust-and-safety screens one real piece of work each, and no live listing about to expire on the first start', async () => {
    const { rows: changes } = await pool.query<{ seller_id: string; fields: string[]; live: boolean }>(
      `select c.seller_id, array(select jsonb_object_keys(c.changes) order by 1) as fields, l.status = 'active' as live
       from listing_changes c join listings l on l.id = c.listing_id where c.status = 'pending'`);
    expect(changes).toEqual([{ seller_id: 'demo-seller-ada', fields: ['description', 'price'], live: true }]);
    const { rows: reports } = await pool.query<{ reporter_id: string; reason: string }>(`select reporter_id, reason from reports where status = 'open'`);
    expect(reports).toEqual([{ reporter_id: 'demo-buyer-tunde', reason: 'already_sold' }]);
    const { rows: [soonest] } = await pool.query<{ days: number }>(`select min(extract(epoch from expires_at - $1::timestamptz) / 86400)::float as days from listings where status = 'active'`, [seededAt]);
    expect(soonest!.days).toBeGreaterThanOrEqual(2);
  });

  it('approves live listings hours after they were submitted, with views growing over their time live, so one recent listing is car of the week', { timeout: 90_000 }, async () => {
    const now = new Date();
    const { orm: fresh, pool, close: closeFresh } = await createTestOrm();
    try {
      await seedDemoData(fresh, new LocalDiskImageStore(uploads), now);
      const { rows } = await pool.query<{ id: number; status: string; views: number; created_at: Date; approved_at: Date | null }>(
        'select id, status, views, created_at, approved_at from listings order by id',
      );
      const HOUR = 3_600_000;
      const live = rows.filter((r) => r.status === 'active');
      for (const r of rows.filter((row) => row.status === 'pending' || row.status === 'rejected')) expect(r).toMatchObject({ approved_at: null, views: 0 });
      // A sold listing went live first, and sold in its time live.
      const { rows: sold } = await pool.query<{ approved_at: Date; sold_at: Date }>(`select approved_at, sold_at from listings where status = 'sold'`);
      expect(sold.length).toBeGreaterThan(0);
      for (const r of sold) expect(r.approved_at.getTime()).toBeLessThan(r.sold_at.getTime());
      for (const r of live) {
        const wait = r.approved_at!.getTime() - r.created_at.getTime();
        expect(wait).toBeGreaterThanOrEqual(HOUR);
        expect(wait).toBeLessThanOrEqual(48 * HOUR);
        expect(r.approved_at!.getTime()).toBeLessThan(now.getTime());
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const liveFor = (r: (typeof live)[number]) => now.getTime() - r.approved_at!.getTime();
      expect(median(live.filter((r) => liveFor(r) > 7 * 24 * HOUR).map((r) => r.views)))
        .toBeGreaterThan(3 * median(live.filter((r) => liveFor(r) < 2 * 24 * HOUR).map((r) => r.views)));

      const standing = await new CurrentCarOfTheWeek(new PostgresCarOfTheWeekReads(pool), { now: () => now }).standing();
      const recent = live.filter((r) => liveFor(r) <= 7 * 24 * HOUR).sort((a, b) => b.views - a.views);
      expect(recent.length).toBeGreaterThan(10);
      expect(recent[0]!.views).toBeGreaterThan(recent[1]!.views);
      expect(standing.choice).toMatchObject({ listingId: recent[0]!.id, source: 'most_viewed' });
    } finally {
      await closeFresh();
    }
  });

  it("spreads each live listing's views over its days live, so a seller's Insights add up to the views its listing shows", async () => {
    const { rows } = await pool.query<{ id: number; views: number; counted: number; days: number; first: string; approved: string }>(
      `select l.id, l.views, coalesce(sum(c.views), 0)::int as counted, count(c.day)::int as days,
              to_char(min(c.day), 'YYYY-MM-DD') as first, to_char((l.approved_at at time zone 'Africa/Lagos')::date, 'YYYY-MM-DD') as approved
       from listings l left join listing_daily_counts c on c.listing_id = l.id
       where l.status = 'active' and l.views > 0 group by l.id order by l.id`);
    expect(rows.length).toBeGreaterThan(40);
    for (const r of rows) {
      expect(r.counted, `listing ${r.id}`).toBe(r.views);
      expect(r.first >= r.approved, `listing ${r.id} counted before it went live`).toBe(true);
    }
    const [{ n }] = (await pool.query<{ n: number }>(`select count(*)::int as n from listing_daily_counts c join listings l on l.id = c.listing_id where l.status <> 'active'`)).rows as [{ n: number }];
    expect(n).toBe(0);
  });

  it('creates the demo accounts in the identity provider, idempotently, with the printed password', async () => {
    const { host, projectId } = useEmulator();
    const app = initializeApp({ projectId }, `demo-accounts-${Date.now()}`);
    try {
      await ensureDemoAccounts(getAuth(app));
      await ensureDemoAccounts(getAuth(app));
      for (const account of DEMO_ACCOUNTS) {
        await expect(emulatorSignIn(host, account.email, DEMO_PASSWORD)).resolves.toMatch(/\./);
        expect((await getAuth(app).getUser(account.uid)).emailVerified).toBe(true);
      }
    } finally {
      await deleteApp(app);
    }
  });
});

describe('the dealer API on demo data', () => {
  it('has Emeka\'s dealership verified, so the quickstart\'s keys can be made with the demo account', async () => {
    const [emeka] = await orm.em.getConnection().execute<{ dealer_status: string; dealer_business_name: string }[]>(
      `select dealer_status, dealer_business_name from users where email = 'emeka.bello@voltmarket.test'`);
    expect(emeka).toEqual({ dealer_status: 'verified', dealer_business_name: 'Bello Electric Motors Ltd' });
  });
});
