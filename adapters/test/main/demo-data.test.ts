import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CurrentCarOfTheWeek } from '@voltmarket/application';
import { LISTING_LOCATIONS, VEHICLE_TYPES } from '@voltmarket/domain';
import { emulatorSignIn } from '../../src/firebase/auth-emulator.js';
import { PostgresCarOfTheWeekReads } from '../../src/postgres/car-of-the-week-store.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureDemoAccounts, seedDemoData } from '../../src/postgres/seed/demo-data.js';
import { LocalDiskImageStore } from '../../src/storage/local-disk-image-store.js';
import { createTestOrm, useEmulator } from '../support/harness.js';

let orm: MikroORM;
let close: () => Promise<void>;
const uploads = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-seed-'));

beforeAll(async () => {
  ({ orm, close } = await createTestOrm());
});
afterAll(async () => {
  await close();
  await fs.rm(uploads, { recursive: true, force: true });
});

describe('demo data', () => {
  // Rendering and re-encoding 63 photos takes seconds of CPU: the limit is for a hang, not a speed goal.
  it('fills an empty marketplace once: 60+ live listings over every type and city, with images on disk', { timeout: 90_000 }, async () => {
    const report = await seedDemoData(orm, new LocalDiskImageStore(uploads));
    expect(report.seeded).toBe(true);
    const conn = orm.em.getConnection();
    const byStatus = await conn.execute<{ status: string; n: number }[]>('select status, count(*)::int as n from listings group by status order by status');
    expect(byStatus).toEqual([{ status: 'active', n: 67 }, { status: 'pending', n: 6 }, { status: 'rejected', n: 3 }]);
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
      for (const r of rows.filter((row) => row.status !== 'active')) expect(r).toMatchObject({ approved_at: null, views: 0 });
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
