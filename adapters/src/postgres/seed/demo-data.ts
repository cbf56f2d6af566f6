import type { MikroORM } from '@mikro-orm/postgresql';
import type { Auth } from 'firebase-admin/auth';
import type { ImageStore } from '@voltmarket/application';
import { LISTING_LOCATIONS, Listing, type Role, User } from '@voltmarket/domain';
import { renderVehicleArtwork } from '../../storage/vehicle-artwork.js';
import { inContext, requestEm } from '../orm.js';
import { MikroOrmListingRepository } from '../listing-repository.js';
import { SearchCache } from '../search/search-cache.js';
import { PostgresUploadLedger } from '../upload-ledger.js';
import { DEMO_MODELS, DEMO_PHRASES } from './demo-catalogue.js';
import { seedDemoConversations } from './demo-conversations.js';
import { seedDemoRentals } from './demo-rentals.js';
import { seedDemoBoosts } from './demo-boosts.js';

export const DEMO_PASSWORD = 'voltmarket-demo';
const HOUR = 3_600_000;

export interface DemoAccount {
  uid: string;
  email: string;
  name: string;
  role: Role;
  phone: string | null;
  label: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { uid: 'demo-admin', email: 'admin@voltmarket.test', name: 'Amaka Admin', role: 'admin', phone: null, label: 'admin' },
  { uid: 'demo-support', email: 'support@voltmarket.test', name: 'Sola Support', role: 'support', phone: null, label: 'support' },
  { uid: 'demo-seller-ada', email: 'ada.okafor@voltmarket.test', name: 'Ada Okafor', role: 'user', phone: '+2348035550101', label: 'seller' },
  { uid: 'demo-seller-emeka', email: 'emeka.bello@voltmarket.test', name: 'Emeka Bello', role: 'user', phone: '+2348055550202', label: 'seller' },
  { uid: 'demo-buyer-tunde', email: 'tunde.adeyemi@voltmarket.test', name: 'Tunde Adeyemi', role: 'user', phone: '+2348075550303', label: 'buyer' },
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

    for (const account of DEMO_ACCOUNTS) {
      const existing = await em.findOne(User, { id: account.uid });
      const user = existing ?? User.register(
        { uid: account.uid, email: account.email, emailVerified: true, name: account.name, phone: account.phone, signInProvider: 'password' },
        now,
      );
      user.changeRole(account.role, now);
      em.persist(user);
    }
    await em.flush();

    const random = randomSequence(2026);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const sellers = DEMO_ACCOUNTS.filter((a) => a.label === 'seller');
    const artwork = new Map<string, string[]>();
    const repo = new MikroOrmListingRepository(orm, new SearchCache());
    const ledger = new PostgresUploadLedger(orm);
    let imageCount = 0;
    const total = 72;
    for (let i = 0; i < total; i++) {
      const model = DEMO_MODELS[i % DEMO_MODELS.length] ?? DEMO_MODELS[0]!;
      const key = `${model.type}-${i % 6}`;
      const seller = sellers[i % sellers.length]!;
      const created = new Date(now.getTime() - (total - i) * 5 * 3600_000);
      if (!artwork.has(key)) {
        const urls: string[] = [];
        for (let scene = 0; scene < 3; scene++) {
          const png = await renderVehicleArtwork(model.type, (i % 6) * 57 + 10, scene);
          const { url } = await images.store(png);
          // In the ledger like any upload, or the cleanup would take the demo photos for strays.
          await ledger.record({ url, uploaderId: seller.uid, networkKey: '', guest: false, bytes: png.length, at: created });
          urls.push(url);
          imageCount++;
        }
        artwork.set(key, urls);
      }
      const year = now.getUTCFullYear() - Math.floor(random() * 7);
      const age = now.getUTCFullYear() - year;
      const mileage = age === 0 ? Math.floor(random() * 3000) : Math.floor((age * 9000 + random() * 12000) / 100) * 100;
      const price = Math.round((model.basePrice * Math.pow(0.88, age) * (0.9 + random() * 0.2)) / 10_000) * 10_000;
      const location = LISTING_LOCATIONS[i % LISTING_LOCATIONS.length] ?? 'Lagos';
      const listing = Listing.submit(await repo.nextId(), seller.uid, {
        title: `${year} ${model.brand} ${model.model}`,
        description: `${year} ${model.brand} ${model.model} in ${location}. ${pick(DEMO_PHRASES)} ${pick(DEMO_PHRASES)}`,
        price: Math.max(price, 100_000),
        year,
        mileage,
        range: Math.round(model.range * (0.9 + random() * 0.1)),
        vehicleType: model.type,
        brand: model.brand,
        model: model.model,
        location,
        imageUrls: artwork.get(key) ?? [],
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
      // Most demo listings are live; a few wait for review and a few were turned down. A moderator
      // gets to a listing a few hours after it arrives, and views gather while it is live, some
      // listings drawing more interest than others: the most viewed recent one is car of the week.
      const reviewed = new Date(Math.min(created.getTime() + (2 + Math.floor(random() * 22)) * HOUR, now.getTime() - HOUR));
      if (i % 12 === 5) {
        /* stays pending */
      } else if (i % 24 === 11) {
        listing.reject('Photos do not show the vehicle clearly', reviewed);
      } else {
        listing.approve(reviewed);
        const daysLive = (now.getTime() - reviewed.getTime()) / (24 * HOUR);
        listing.views = Math.round(daysLive * (4 + random() * 36));
      }
      em.persist(listing);
    }
    await em.flush();
    await seedDemoConversations(orm, now);
    await seedDemoBoosts(orm, now);
    await seedDemoRentals(orm, images, now);
    return { seeded: true, listings: total, images: imageCount };
  });
}
