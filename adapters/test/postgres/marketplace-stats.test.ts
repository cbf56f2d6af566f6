import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { Listing, type ListingDetails, User } from '@voltmarket/domain';
import { MikroOrmListingRepository } from '../../src/postgres/listing-repository.js';
import { SearchCache } from '../../src/postgres/search/search-cache.js';
import { PostgresListingSearch } from '../../src/postgres/search/postgres-listing-search.js';
import { MikroOrmUserRepository } from '../../src/postgres/user-repository.js';
import { inContext } from '../../src/postgres/orm.js';
import { createTestOrm } from '../support/harness.js';

let orm: MikroORM;
let pool: pg.Pool;
let close: () => Promise<void>;
const counts = new SearchCache();
const now = new Date('2026-11-21T10:00:00Z');

const details = (overrides: Partial<ListingDetails>): ListingDetails => ({
  title: '2022 Hyundai IONIQ 5', description: 'One owner.', price: 38_500_000, year: 2022, mileage: 20_000, range: 480,
  vehicleType: 'car', brand: 'Hyundai', model: 'IONIQ 5', location: 'Lagos', imageUrls: ['/uploads/a.webp'],
  batteryHealth: 95, chargingType: 'Both', fastChargingTime: 18, vin: null, sellerPhone: null,
  isRentalAvailable: false, dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null, ...overrides,
});

const stats = () => inContext(orm, () => new PostgresListingSearch(pool, counts).marketplaceStats());

/** Submits a listing (pending) and returns its id. */
const submit = (seller: string, overrides: Partial<ListingDetails>) =>
  inContext(orm, async () => {
    const repo = new MikroOrmListingRepository(orm, counts);
    const listing = Listing.submit(await repo.nextId(), seller, details(overrides), now);
    await repo.save(listing);
    return listing.id;
  });

const moderate = (id: number, decide: (listing: Listing) => void) =>
  inContext(orm, async () => {
    const repo = new MikroOrmListingRepository(orm, counts);
    const listing = await repo.findById(id);
    if (!listing) throw new Error(`no listing ${id}`);
    decide(listing);
    await repo.save(listing);
  });
const approve = (id: number) => moderate(id, (l) => l.approve(now));
const reject = (id: number) => moderate(id, (l) => l.reject('Photos show a different car', now));

beforeAll(async () => {
  ({ orm, pool, close } = await createTestOrm());
  await inContext(orm, async () => {
    const users = new MikroOrmUserRepository(orm);
    for (const [uid, name] of [['ada', 'Ada Okafor'], ['emeka', 'Emeka Bello'], ['tunde', 'Tunde Adeyemi']] as const) {
      await users.save(User.register({ uid, email: `${uid}@voltmarket.test`, emailVerified: true, name, phone: null, signInProvider: 'password' }, now));
    }
  });
});
afterAll(async () => close());

describe('PostgresListingSearch.marketplaceStats', () => {
  it('counts nothing in an empty marketplace', async () => {
    expect(await stats()).toEqual({ activeListings: 0, sellers: 0, cities: 0 });
  });

  it('counts only live listings, each seller and each city once, as listings are approved and rejected', async () => {
    const adaLagos = await submit('ada', { location: 'Lagos' });
    const adaPortHarcourt = await submit('ada', { location: 'Port Harcourt', brand: 'Tesla', model: 'Model Y', title: '2023 Tesla Model Y' });
    const emekaBenin = await submit('emeka', { location: 'Benin City', vehicleType: 'motorcycle', brand: 'Zero Motorcycles', model: 'SR/F', title: '2022 Zero SR/F' });
    const tundeKano = await submit('tunde', { location: 'Kano' });
    expect(await stats()).toEqual({ activeListings: 0, sellers: 0, cities: 0 });

    await approve(adaLagos);
    expect(await stats()).toEqual({ activeListings: 1, sellers: 1, cities: 1 });
    await approve(adaPortHarcourt);
    expect(await stats()).toEqual({ activeListings: 2, sellers: 1, cities: 2 });
    await approve(emekaBenin);
    expect(await stats()).toEqual({ activeListings: 3, sellers: 2, cities: 3 });

    await reject(tundeKano);
    expect(await stats()).toEqual({ activeListings: 3, sellers: 2, cities: 3 });
    await reject(emekaBenin);
    expect(await stats()).toEqual({ activeListings: 2, sellers: 1, cities: 2 });
    await submit('emeka', { location: 'Lagos' });
    expect(await stats()).toEqual({ activeListings: 2, sellers: 1, cities: 2 });
  });
});
