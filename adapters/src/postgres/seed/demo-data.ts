import type { MikroORM } from '@mikro-orm/postgresql';
import type { Auth } from 'firebase-admin/auth';
import type { ImageStore } from '@voltmarket/application';
import { Listing, type Role, User, type VehicleType } from '@voltmarket/domain';
import { inContext, requestEm } from '../orm.js';
import { MikroOrmListingRepository } from '../listing-repository.js';
import { SearchCache } from '../search/search-cache.js';
import { PostgresUploadLedger } from '../upload-ledger.js';
import { PostgresPhotoHashes } from '../photo-hash-store.js';
import { demoCarArtwork, demoPhotos } from './demo-photos.js';
import { DEMO_MODELS } from './demo-catalogue.js';
import { seedDemoConversations } from './demo-conversations.js';
import { DEMO_LISTINGS } from './demo-listings.js';
import { DEMO_SELLERS, demoSeller } from './demo-sellers.js';
import { seedDemoRentals } from './demo-rentals.js';
import { seedDemoSavedSearches } from './demo-saved-searches.js';
import { seedDemoReviews } from './demo-reviews.js';
import { seedDemoSafety } from './demo-safety.js';
import { sqlRows } from '../sql.js';
import { seedDemoAnalytics } from './demo-analytics.js';
import { seedDemoBoosts } from './demo-boosts.js';

export const DEMO_PASSWORD = 'voltmarket-demo';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** About how far each type goes in a year in Nigeria: a bus on its routes far more than a bicycle. */
const KM_A_YEAR: Record<VehicleType, number> = { car: 13_000, truck: 25_000, bus: 45_000, motorcycle: 6_000, bike: 1_500 };

export interface DemoAccount {
  uid: string;
  email: string;
  name: string;
  role: Role;
  phone: string | null;
  label: string;
  /** How long before the first start the account was made. */
  joinedDaysAgo: number;
}

/** The accounts people sign in with; the two sellers are described with the other demo sellers. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { uid: 'demo-admin', email: 'admin@voltmarket.test', name: 'Amaka Nwosu', role: 'admin', phone: null, label: 'admin', joinedDaysAgo: 725 },
  { uid: 'demo-support', email: 'support@voltmarket.test', name: 'Sola Ogunbiyi', role: 'support', phone: null, label: 'support', joinedDaysAgo: 600 },
  ...DEMO_SELLERS.filter((s) => s.signsIn).map((s): DemoAccount => (
    { uid: s.uid, email: s.email, name: s.name, role: 'user', phone: s.phone, label: 'seller', joinedDaysAgo: s.joinedDaysAgo })),
  { uid: 'demo-buyer-tunde', email: 'tunde.adeyemi@voltmarket.test', name: 'Tunde Adeyemi', role: 'user', phone: '+2348075550303', label: 'buyer', joinedDaysAgo: 340 },
];

/** Makes sure every demo account exists in the identity provider with its fixed uid (idempotent). */
export async function ensureDemoAccounts(auth: Auth): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const existing = await auth.getUser(account.uid).catch(() => null);
    if (existing) continue;
    await auth.createUser({
      uid: account.uid,
      email: account.email,
      password: DEMO_PASSWORD,
      displayName: account.name,
      emailVerified: true,
    });
  }
}

/** Deterministic pseudo-random numbers, so every fresh start shows the same marketplace. */
export function randomSequence(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * When the i-th of `total` demo listings was submitted: the newest 36 five hours apart, the older ones
 * about three days apart, so the market reaches back four months and is busiest lately.
 */
function submittedAt(now: Date, i: number, total: number): Date {
  const newer = total - i;
  const hoursAgo = newer <= 36 ? 5 * newer : (7.5 + (newer - 36) * 3.2) * 24;
  return new Date(now.getTime() - hoursAgo * HOUR);
}

export interface SeedReport {
  seeded: boolean;
  listings: number;
  images: number;
}

/** Demo users and listings on an empty database only; a database with any listing is left alone. */
export async function seedDemoData(orm: MikroORM, images: ImageStore, now = new Date()): Promise<SeedReport> {
  return inContext(orm, async () => {
    const em = requestEm(orm);
    const [{ count } = { count: 0 }] = await em.getConnection().execute<{ count: number }[]>('select count(*)::int as count from listings');
    if (count > 0) return { seeded: false, listings: 0, images: 0 };

    const people = [...DEMO_ACCOUNTS, ...DEMO_SELLERS.filter((s) => !s.signsIn).map((s) => ({ ...s, role: 'user' as const }))];
    for (const account of people) {
      const existing = await em.findOne(User, { id: account.uid });
      const user = existing ?? User.register(
        { uid: account.uid, email: account.email, emailVerified: true, name: account.name, phone: account.phone, signInProvider: 'password' },
        new Date(now.getTime() - account.joinedDaysAgo * DAY),
      );
      user.changeRole(account.role, now);
      em.persist(user);
    }
    await em.flush();
    // Emeka's dealership is a verified dealer, so the dealer API's quickstart (docs/api.md) works on the demo data.
    await em.getConnection().execute(
      `update users set dealer_business_name = ?, dealer_cac_number = ?, dealer_status = 'verified', dealer_submitted_at = ?, dealer_decided_at = ?
       where id = ?`,
      ['Bello Electric Motors Ltd', 'RC1849302', new Date(now.getTime() - 600 * DAY), new Date(now.getTime() - 598 * DAY), 'demo-seller-emeka']);

    const random = randomSequence(2026);
    const repo = new MikroOrmListingRepository(orm, new SearchCache());
    const photos = demoPhotos(images, new PostgresUploadLedger(orm), new PostgresPhotoHashes(orm));
    let imageCount = 0;
    const total = DEMO_LISTINGS.length;
    const placed = DEMO_LISTINGS.filter((l) => l.listedDaysAgo === undefined).length;
    for (const [i, written] of DEMO_LISTINGS.entries()) {
      const model = DEMO_MODELS.find((m) => `${m.brand} ${m.model}` === written.model);
      if (!model) throw new Error(`No demo model ${written.model}`);
      const seller = demoSeller(written.seller);
      const created = written.listedDaysAgo === undefined ? submittedAt(now, i, placed) : new Date(now.getTime() - written.listedDaysAgo * 24 * HOUR);
      // Every listing is a car of its own, with photos of its own (the reused-photo check must find none).
      const imageUrls = await photos(seller.uid, created, demoCarArtwork(i, model.type));
      imageCount += imageUrls.length;
      const age = written.age;
      const year = now.getUTCFullYear() - age;
      // A new vehicle has done the drive from the port and little else.
      const mileage = age === 0 ? 3 + Math.floor(random() * 60) : Math.floor((age * KM_A_YEAR[model.type] * (0.7 + random() * 0.6)) / 100) * 100;
      const price = Math.round((model.basePrice * Math.pow(0.88, age) * (0.9 + random() * 0.2)) / 10_000) * 10_000;
      const location = written.location;
      const description = typeof written.description === 'string' ? written.description : written.description({ km: `${mileage.toLocaleString('en-US')} km` });
      const listing = Listing.submit(await repo.nextId(), seller.uid, {
        title: `${year} ${model.brand} ${model.model}`,
        description,
        price: Math.max(price, 100_000),
        year,
        mileage,
        range: Math.round(model.range * (0.9 + random() * 0.1)),
        vehicleType: model.type,
        brand: model.brand,
        model: model.model,
        location,
        imageUrls,
        batteryHealth: Math.max(70, 100 - age * 3 - Math.floor(random() * 4)),
        chargingType: model.charging,
        fastChargingTime: model.charging === 'AC' ? null : 25 + Math.floor(random() * 40),
        vin: null,
        sellerPhone: seller.phone,
        isRentalAvailable: false,
        dailyRentalRate: null,
        weeklyRentalRate: null,
        monthlyRentalRate: null,
      }, created);
      // Most demo listings are live; a few wait for review, a few were turned down and a few sold. A moderator
      // gets to a listing a few hours after it arrives, and views gather while it is live, some
      // listings drawing more interest than others: the most viewed recent one is car of the week.
      const reviewed = new Date(Math.min(created.getTime() + (2 + Math.floor(random() * 22)) * HOUR, now.getTime() - HOUR));
      if (i % 12 === 5) {
        /* stays pending */
      } else if (i % 24 === 11) {
        listing.reject('Photos do not show the vehicle clearly', reviewed);
      } else {
        listing.approve(reviewed);
        // A few sold in their time live: off the market, still in their seller's record and in market prices.
        const sold = i % 20 === 7 ? new Date(reviewed.getTime() + Math.round((now.getTime() - reviewed.getTime()) * 0.6)) : null;
        const daysLive = ((sold ?? now).getTime() - reviewed.getTime()) / (24 * HOUR);
        listing.views = Math.round(daysLive * (4 + random() * 36));
        if (sold) listing.markSold(sold);
        // Sellers of older live listings renewed them along the way: each ends somewhere in the next 2 to 59 days.
        if (listing.status === 'active' && listing.expiresAt && listing.expiresAt.getTime() < now.getTime() + 2 * 24 * HOUR) {
          listing.expiresAt = new Date(now.getTime() + (2 + ((i * 7) % 58)) * 24 * HOUR);
        }
      }
      em.persist(listing);
    }
    await em.flush();
    await seedDemoConversations(orm, now);
    await seedDemoBoosts(orm, now);
    await seedDemoRentals(orm, images, now);
    await seedDemoSavedSearches(orm, now);
    await seedDemoReviews(orm);
    await seedDemoSafety(orm, now);
    // Whatever else went live in the past (rental vehicles) was renewed along the way too: nothing expires on the first start.
    await sqlRows(orm, `update listings set expires_at = ?::timestamptz + interval '30 days' where status = 'active' and (expires_at is null or expires_at < ?::timestamptz + interval '2 days')`, [now, now]);
    // The listings were written with their own past dates, which the market-prices job's "changed
    // since my last run" would miss: forget its runs, so its next run computes every group.
    await sqlRows(orm, 'delete from market_price_runs');
    await seedDemoAnalytics(orm, now);
    return { seeded: true, listings: total, images: imageCount };
  });
}
