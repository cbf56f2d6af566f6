import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { readSavedSearch } from '@voltmarket/application';
import { alertFor, type CriteriaInput, Listing, type ListingDetails, normaliseCriteria, SavedSearch, User } from '@voltmarket/domain';
import { PostgresAlertMatcher } from '../../src/postgres/alerts/alert-matcher.js';
import { PostgresSavedSearches } from '../../src/postgres/alerts/saved-search-store.js';
import { anchorWord, requiredWords } from '../../src/postgres/alerts/search-keys.js';
import { MikroOrmListingRepository } from '../../src/postgres/listing-repository.js';
import { inContext } from '../../src/postgres/orm.js';
import { SearchCache } from '../../src/postgres/search/search-cache.js';
import { MikroOrmUnitOfWork } from '../../src/postgres/unit-of-work.js';
import { MikroOrmUserRepository } from '../../src/postgres/user-repository.js';
import { createTestOrm } from '../support/harness.js';

let orm: MikroORM;
let close: () => Promise<void>;
const now = new Date('2026-11-27T10:00:00Z');

const base: ListingDetails = {
  title: '2019 Nissan Leaf SV', description: 'One owner, home charger included.', price: 7_500_000, year: 2019, mileage: 60_000, range: 240,
  vehicleType: 'car', brand: 'Nissan', model: 'Leaf', location: 'Kano', imageUrls: ['/uploads/leaf.webp'],
  batteryHealth: 88, chargingType: 'AC', fastChargingTime: null, vin: null, sellerPhone: null,
  isRentalAvailable: false, dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null,
};

const listings: Record<string, number> = {};
const searches = new Map<string, string>();
let sequence = 0;

async function list(name: string, details: Partial<ListingDetails>): Promise<void> {
  await inContext(orm, async () => {
    const repo = new MikroOrmListingRepository(orm, new SearchCache());
    const listing = Listing.submit(await repo.nextId(), 'seller', { ...base, ...details }, now);
    listing.approve(now);
    await repo.save(listing);
    listings[name] = listing.id;
  });
}

async function save(name: string, criteria: CriteriaInput, userId = 'buyer'): Promise<void> {
  await inContext(orm, async () => {
    const c = normaliseCriteria(criteria);
    const search = SavedSearch.create({ id: `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`, userId, name, criteria: c, channel: 'instant' }, now);
    await new PostgresSavedSearches(orm).add(search, readSavedSearch(c));
    searches.set(search.id, name);
  });
}

/** The saved searches a listing alerts as it goes live: the matcher's candidates, then the domain's rules. */
async function alerted(listing: string): Promise<string[]> {
  return inContext(orm, async () => {
    const found = await new PostgresAlertMatcher(orm).candidates(listings[listing]!);
    if (!found) return [];
    return found.candidates.filter((c) => alertFor(c, found.listing, { kind: 'live' })).map((c) => searches.get(c.savedSearchId)!).sort();
  });
}

beforeAll(async () => {
  ({ orm, close } = await createTestOrm());
  await inContext(orm, async () => {
    const users = new MikroOrmUserRepository(orm);
    for (const uid of ['seller', 'buyer']) {
      await users.save(User.register({ uid, email: `${uid}@x.ng`, emailVerified: true, name: uid, phone: null, signInProvider: 'password' }, now));
    }
  });
  await list('leaf-kano', {});
  await list('leaf-lagos', { location: 'Lagos', price: 6_000_000 });
  await list('ariya-kano', { title: '2023 Nissan Ariya Evolve', model: 'Ariya', price: 30_000_000, year: 2023, description: 'Seven seater? No, five.' });
  await list('model-s', { title: 'Tesla Model S Plaid', brand: 'Tesla', model: 'Model S', location: 'Lagos', price: 90_000_000, year: 2022, description: 'Dual motor, tow hitch.' });
  await list('model-3', { title: 'Tesla Model 3 Long Range', brand: 'Tesla', model: 'Model 3', location: 'Lagos', price: 45_000_000, year: 2021, description: 'White, glass roof.' });
  await list('bus-lagos', { title: 'BYD electric city bus, 40 seats', brand: 'BYD', model: 'Han', vehicleType: 'bus', location: 'Lagos', price: 120_000_000, year: 2022, description: 'Fleet kept, depot charged.' });

  await save('brand', { brand: 'Nissan' });
  await save('brand+city', { brand: 'Nissan', location: 'Kano' });
  await save('brand+model', { brand: 'Nissan', model: 'Leaf' });
  await save('model only', { model: 'Leaf' });
  await save('type+city', { vehicleType: 'bus', location: 'Lagos' });
  await save('under 8M', { maxPrice: 8_000_000 });
  await save('under 7M', { maxPrice: 7_000_000 });
  await save('2021 on', { yearMin: 2021 });
  await save('text leaf', { search: 'leaf' });
  await save('text city words', { search: 'leaf in kano' });
  await save('text typos', { search: 'nisan leef' });
  await save('text typo city', { search: 'lagso tesla' });
  await save('text description', { search: 'home charger' });
  await save('text exclusion', { search: 'nissan -ariya' });
  await save('text one-letter model', { search: 'tesla model s' });
  await save('text or', { search: 'leaf or ariya' });
  await save('text type word', { search: 'buses' });
  await save('text stop words', { search: 'the' });
  await save('text excluded type', { search: 'lagos -buses' });
});

afterAll(async () => close());

describe('matching a listing against saved searches', () => {
  it('finds every saved search a listing matches, and no other', async () => {
    expect(await alerted('leaf-kano')).toEqual([
      'brand', 'brand+city', 'brand+model', 'model only', 'text city words', 'text description', 'text exclusion', 'text leaf', 'text or', 'text typos', 'under 8M',
    ].sort());
    expect(await alerted('leaf-lagos')).toEqual([
      'brand', 'brand+model', 'model only', 'text description', 'text exclusion', 'text excluded type', 'text leaf', 'text or', 'text typos', 'under 7M', 'under 8M',
    ].sort());
    expect(await alerted('ariya-kano')).toEqual(['2021 on', 'brand', 'brand+city', 'text or'].sort());
    expect(await alerted('model-s')).toEqual(['2021 on', 'text excluded type', 'text one-letter model', 'text typo city'].sort());
    expect(await alerted('model-3')).toEqual(['2021 on', 'text excluded type', 'text typo city'].sort());
    expect(await alerted('bus-lagos')).toEqual(['2021 on', 'text type word', 'type+city'].sort());
  });

  it('reads the price ceiling from the keys: a listing over a ceiling passes its search by', async () => {
    await inContext(orm, async () => {
      const conn = orm.em.getConnection();
      // Filed under no filter at all: the two price ceilings and the year. A ₦90M listing reads only the year's.
      const under = (price: number) => conn.execute<{ n: number }[]>(
        `select count(*)::int as n from saved_search_keys where key = 'f:|||' and (max_price is null or max_price >= ?)`, [price]);
      expect((await under(0))[0]!.n).toBe(3);
      expect((await under(90_000_000))[0]!.n).toBe(1);
    });
  });
});

describe('reading a listing\'s candidates a page at a time', () => {
  it('pages the same candidates by buyer from a cursor in the transaction, and gives only verified addresses', async () => {
    await inContext(orm, async () => {
      const users = new MikroOrmUserRepository(orm);
      await users.save(User.register({ uid: 'amina', email: 'amina@x.ng', emailVerified: false, name: 'Amina', phone: null, signInProvider: 'password' }, now));
    });
    await save('amina nissans', { brand: 'Nissan' }, 'amina');
    await save('amina in kano', { location: 'Kano' }, 'amina');
    const matcher = new PostgresAlertMatcher(orm);
    const whole = await inContext(orm, () => matcher.candidates(listings['leaf-kano']!));
    const paged = await inContext(orm, () => new MikroOrmUnitOfWork(orm).run(async () => {
      const pages = await matcher.pages(listings['leaf-kano']!, 3);
      const seen: { userId: string; savedSearchId: string }[][] = [];
      for (let page = await pages!.next(); page.length > 0; page = await pages!.next()) seen.push(page.map((c) => ({ userId: c.userId, savedSearchId: c.savedSearchId })));
      expect(await pages!.next()).toEqual([]);
      return seen;
    }));
    const flat = paged.flat();
    expect(paged.every((page) => page.length <= 3)).toBe(true);
    expect(flat.map((c) => c.savedSearchId).sort()).toEqual(whole!.candidates.map((c) => c.savedSearchId).sort());
    // By buyer: Amina's two first (her id sorts first), then the buyer's.
    expect(flat.map((c) => c.userId)).toEqual([...flat.map((c) => c.userId)].sort());
    expect(flat.filter((c) => c.userId === 'amina').map((c) => searches.get(c.savedSearchId)).sort()).toEqual(['amina in kano', 'amina nissans']);
    // Amina's address is not verified: mail may go only to the buyer's.
    expect(await inContext(orm, () => matcher.verifiedEmails(['amina', 'buyer', 'nobody']))).toEqual(new Map([['buyer', 'buyer@x.ng']]));
    // Outside a transaction there is no cursor to page from: it says so rather than read everything.
    await expect(inContext(orm, () => matcher.pages(listings['leaf-kano']!, 3))).rejects.toThrow(/transaction/);
    expect(await inContext(orm, () => new MikroOrmUnitOfWork(orm).run(() => matcher.pages(999_999, 3)))).toBeNull();
  });
});

describe('the words a search requires', () => {
  it('reads them from the query as Postgres prints it', () => {
    expect(requiredWords(`'nissan' & 'leaf'`)).toEqual(['nissan', 'leaf']);
    expect(requiredWords(`'nissan' & !'ariya'`)).toEqual(['nissan']);
    expect(requiredWords(`'model' <-> '3' & 'tesla'`)).toEqual(['model', '3', 'tesla']);
    expect(requiredWords(`'tesla' & !( 'model' <-> 's' )`)).toEqual(['tesla']);
    expect(requiredWords(`'leaf' | 'ariya'`)).toEqual([]);
    expect(requiredWords(`'o''neil' & 'car'`)).toEqual(["o'neil", 'car']);
    expect(anchorWord(`'ev' & 'charger' & 'home'`)).toBe('charger');
    expect(anchorWord('')).toBeNull();
  });
});
