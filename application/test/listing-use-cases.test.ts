import { beforeEach, describe, expect, it } from 'vitest';
import { type Actor, type ListingDetails, User } from '@voltmarket/domain';
import {
  AuditTrail, CurrentCarOfTheWeek, DeleteListing, GetListing, GetMarketplaceStats, GetSitemap, GetSitemapPart, ListMyListings, type ListingCriteria, type ListingSearch, ModerateListing, ReviseListing, SearchListings, searchFingerprint,
  SITEMAP_KEEP_MS, SITEMAP_MAX_LISTINGS, SITEMAP_PART_IDS, SITEMAP_PARTS_KEPT, SITEMAP_PARTS_WAITING_MAX, SITEMAP_SITE_PAGES_MAX, type SitemapEntry, type SitemapPart, SubmitListing, WithdrawListing,
} from '../src/index.js';
import {
  FixedClock, InMemoryAuditLog, InMemoryCarOfTheWeekPicks, InMemoryImageStore, InMemoryListingRepository, InMemoryUnitOfWork,
  InMemoryListingSearch, InMemoryListingActivity, InMemoryUploadLedger, InMemoryUserRepository, SimplePhoneNumbers, InMemoryAlertQueue, InMemoryMarketPrices, InMemoryListingRevisions, noScreening } from './support/in-memory.js';
import { quietNotifier } from './support/in-memory-conversations.js';

const phones = new SimplePhoneNumbers();

const seller: Actor = { userId: 'seller', role: 'user' };
const buyer: Actor = { userId: 'buyer', role: 'user' };
const support: Actor = { userId: 'support', role: 'support' };
const admin: Actor = { userId: 'admin', role: 'admin' };

const input = (overrides: Partial<ListingDetails> = {}): ListingDetails => ({
  title: '2021 Nissan Leaf', description: 'City car.', price: 15_000_000, year: 2021, mileage: 40_000, range: 270,
  vehicleType: 'car', brand: 'Nissan', model: 'Leaf', location: 'Abuja', imageUrls: ['/uploads/a.webp'],
  batteryHealth: 92, chargingType: 'AC', fastChargingTime: null, vin: null, sellerPhone: '+234 803 000 0000',
  isRentalAvailable: false, dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null, ...overrides,
});

let listings: InMemoryListingRepository;
let users: InMemoryUserRepository;
let clock: FixedClock;
let views: InMemoryListingActivity;
let audit: InMemoryAuditLog;
let work: InMemoryUnitOfWork;
let uploads: InMemoryUploadLedger;
let images: InMemoryImageStore;
let carOfTheWeek: CurrentCarOfTheWeek;

beforeEach(async () => {
  listings = new InMemoryListingRepository();
  users = new InMemoryUserRepository();
  clock = new FixedClock();
  views = new InMemoryListingActivity(listings, clock);
  audit = new InMemoryAuditLog();
  work = new InMemoryUnitOfWork([listings, users], audit);
  uploads = new InMemoryUploadLedger(listings, clock);
  images = new InMemoryImageStore(clock);
  await uploads.record({ url: '/uploads/a.webp', uploaderId: 'seller', networkKey: 'net-1', guest: false, bytes: 10, at: clock.now() });
  carOfTheWeek = new CurrentCarOfTheWeek(new InMemoryCarOfTheWeekPicks(listings), clock);
  await users.save(User.register({ uid: 'seller', email: 'ada@x.ng', emailVerified: true, name: 'Ada Okafor', phone: '+234 1', signInProvider: 'password' }, clock.now()));
});

const submit = (actor: Actor | null = seller, overrides: Partial<ListingDetails> = {}) =>
  new SubmitListing(listings, users, clock, uploads, phones, noScreening).execute(input(overrides), actor);
const moderate = new (class {
  run(id: number, action: Parameters<ModerateListing['execute']>[0]['action'], actor: Actor | null) {
    return new ModerateListing(listings, users, new AuditTrail(audit, users, clock), work, clock, carOfTheWeek, uploads, phones, quietNotifier(clock), new InMemoryAlertQueue()).execute({ id, action }, actor);
  }
})();

describe('SubmitListing', () => {
  it('needs a signed-in seller and stores a pending listing owned by the caller', async () => {
    await expect(submit(null)).rejects.toMatchObject({ kind: 'unauthenticated' });
    const view = await submit();
    expect(view).toMatchObject({ status: 'pending', sellerId: 'seller', seller: { name: 'Ada Okafor' } });
    expect(listings.rows.get(view.id)?.sellerId).toBe('seller');
  });

  it('stores nothing when the input breaks a rule', async () => {
    await expect(submit(seller, { year: 1990 })).rejects.toMatchObject({ kind: 'validation' });
    expect(listings.rows.size).toBe(0);
  });
});

describe('ReviseListing and WithdrawListing', () => {
  it('let only the seller change or delete a listing', async () => {
    const { id } = await submit();
    await moderate.run(id, { kind: 'approve' }, support);
    const revise = new ReviseListing(listings, users, clock, { reReviewEdits: false }, carOfTheWeek, uploads, phones, new InMemoryUnitOfWork([listings]), new InMemoryAlertQueue(), new InMemoryListingRevisions(), noScreening);
    await expect(revise.execute({ id, changes: { price: 1 } }, buyer)).rejects.toMatchObject({ kind: 'forbidden', code: 'NOT_LISTING_OWNER' });
    await expect(new WithdrawListing(listings, uploads, images).execute({ id }, buyer)).rejects.toMatchObject({ kind: 'forbidden' });
    expect(listings.rows.get(id)?.price).toBe(15_000_000);
    const revised = await revise.execute({ id, changes: { price: 14_000_000 } }, seller);
    expect(revised.price).toBe(14_000_000);
    await new WithdrawListing(listings, uploads, images).execute({ id }, seller);
    expect(listings.rows.has(id)).toBe(false);
  });

  it('answers 404, not 403, for a hidden listing of someone else', async () => {
    const { id } = await submit();
    const revise = new ReviseListing(listings, users, clock, { reReviewEdits: false }, carOfTheWeek, uploads, phones, new InMemoryUnitOfWork([listings]), new InMemoryAlertQueue(), new InMemoryListingRevisions(), noScreening);
    await expect(revise.execute({ id, changes: { price: 1 } }, buyer)).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('ModerateListing and DeleteListing', () => {
  it('let support and admins approve and reject, and nobody else', async () => {
    const { id } = await submit();
    await expect(moderate.run(id, { kind: 'approve' }, seller)).rejects.toMatchObject({ kind: 'forbidden', code: 'STAFF_ONLY' });
    await expect(moderate.run(id, { kind: 'approve' }, null)).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect((await moderate.run(id, { kind: 'approve' }, support)).status).toBe('active');
    await expect(moderate.run(id, { kind: 'approve' }, admin)).rejects.toMatchObject({ kind: 'conflict' });
    expect((await moderate.run(id, { kind: 'reject', reason: 'Sold elsewhere' }, admin)).rejectionReason).toBe('Sold elsewhere');
  });

  it('let only admins delete', async () => {
    const { id } = await submit();
    const remove = new DeleteListing(listings, users, new AuditTrail(audit, users, clock), work, carOfTheWeek, uploads, images);
    await expect(remove.execute({ id }, support)).rejects.toMatchObject({ code: 'ADMIN_ONLY' });
    expect((await remove.execute({ id }, admin)).title).toBe('2021 Nissan Leaf');
    expect(listings.rows.size).toBe(0);
    await expect(remove.execute({ id }, admin)).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('GetListing', () => {
  const get = (id: number, actor: Actor | null, visitorKey = 'v1') =>
    new GetListing(listings, users, views, clock, carOfTheWeek, new InMemoryMarketPrices(), { ratingOf: async () => null }, new InMemoryListingRevisions()).execute({ id, visitorKey }, actor);

  it('hides a pending listing from the public but shows it to its seller and staff', async () => {
    const { id } = await submit();
    await expect(get(id, null)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(get(id, buyer)).rejects.toMatchObject({ kind: 'not_found' });
    expect((await get(id, seller)).status).toBe('pending');
    expect((await get(id, support)).status).toBe('pending');
  });

  it("shows the seller's email and phone with the listing only to its seller and staff (buyers ask, counted)", async () => {
    const { id } = await submit();
    await moderate.run(id, { kind: 'approve' }, support);
    const anonymous = await get(id, null);
    expect(anonymous.seller).not.toHaveProperty('email');
    expect(anonymous.seller).not.toHaveProperty('phone');
    expect(anonymous).not.toHaveProperty('sellerPhone');
    const signedIn = await get(id, buyer);
    expect(signedIn.seller).not.toHaveProperty('email');
    expect(signedIn.seller).not.toHaveProperty('phone');
    expect((await get(id, seller)).seller).toMatchObject({ email: 'ada@x.ng', phone: '+2348030000000' });
    expect((await get(id, support)).seller).toMatchObject({ email: 'ada@x.ng', phone: '+2348030000000' });
  });

  it("counts a view once per viewer per day, never the seller's own", async () => {
    const { id } = await submit();
    await moderate.run(id, { kind: 'approve' }, support);
    await get(id, seller);
    await get(id, buyer);
    await get(id, buyer);
    await get(id, null, 'visitor-a');
    await get(id, null, 'visitor-a');
    expect(listings.rows.get(id)?.views).toBe(2);
    clock.advance(24 * 3600_000);
    expect((await get(id, buyer)).views).toBe(3);
  });
});

describe('SearchListings and ListMyListings', () => {
  /** Asks each search in turn (first page, 24 a page): what each page says was read from its text, and what the search port was asked. */
  const askText = async (asked: Partial<ListingCriteria>[]) => {
    const search = new InMemoryListingSearch(listings);
    const use = new SearchListings(search, carOfTheWeek);
    const pages = [];
    for (const criteria of asked) pages.push(await use.execute({ sort: 'default', limit: 24, offset: 0, ...criteria }));
    const calls = search.calls.map(({ search: text, correctedSearch, location, vehicleType }) => ({ text, correctedSearch, location, vehicleType }));
    return { fromText: pages.map((p) => p.fromText), calls };
  };

  it('trims the free text, drops an empty one and its symbols (emoji, ₦) and offers a corrected spelling', async () => {
    const search = new InMemoryListingSearch(listings);
    const use = new SearchListings(search, carOfTheWeek);
    await use.execute({ search: '  tesla   model 3 ', sort: 'default', limit: 24, offset: 0 });
    await use.execute({ search: '   ', sort: 'default', limit: 24, offset: 0 });
    await use.execute({ search: 'hyundia ioniq', sort: 'default', limit: 24, offset: 0 });
    await use.execute({ search: '🚗 nisan  leaf ₦9m', sort: 'default', limit: 24, offset: 0 });
    await use.execute({ search: ' 🚗 ', sort: 'default', limit: 24, offset: 0 });
    expect(search.calls.map((c) => c.search)).toEqual(['tesla model 3', undefined, 'hyundia ioniq', 'nisan leaf 9m', '🚗']);
    expect(search.calls.map((c) => c.correctedSearch)).toEqual([undefined, undefined, 'hyundai ioniq', 'nissan leaf 9m', undefined]);
  });

  it('searches a city or kind of vehicle typed as its filter, the rest as words', async () => {
    const { fromText, calls } = await askText([
      { search: 'tesla model 3 Port Harcourt' },
      { search: 'electric buses in kano' },
      { search: 'nisan leaf lagos', location: 'Abuja' },
      { search: '🚗 benin-city', sort: 'price_asc' },
      { search: 'buses in kano', location: 'Kano', vehicleType: 'bus' },
    ]);
    // What the page says was read from the text: never a filter that was given.
    // With what was left to search as words, so the same search can be asked without the city.
    expect(fromText).toEqual([
      { location: 'Port Harcourt', words: 'tesla model 3' }, { location: 'Kano', vehicleType: 'bus', words: '' }, {}, { location: 'Benin City', words: '' }, {},
    ]);
    expect(calls).toEqual([
      { text: 'tesla model 3', correctedSearch: undefined, location: 'Port Harcourt', vehicleType: undefined },
      { text: undefined, correctedSearch: undefined, location: 'Kano', vehicleType: 'bus' },
      { text: 'nisan leaf lagos', correctedSearch: 'nissan leaf lagos', location: 'Abuja', vehicleType: undefined },
      { text: undefined, correctedSearch: undefined, location: 'Benin City', vehicleType: undefined },
      { text: undefined, correctedSearch: undefined, location: 'Kano', vehicleType: 'bus' },
    ]);
  });

  it('reads a city or kind of vehicle typed with a typo once corrected, and searches on as corrected', async () => {
    const { fromText, calls } = await askText([
      { search: 'lagso tesla' },
      { search: 'lightening truk' },
      // Lagos contradicts the Location filter: it stays a word, and the corrected words are tried after the typed ones.
      { search: 'lagso tesla', location: 'Abuja' },
    ]);
    expect(fromText).toEqual([{ location: 'Lagos', words: 'tesla' }, { vehicleType: 'truck', words: 'lightning' }, {}]);
    expect(calls).toEqual([
      { text: 'tesla', correctedSearch: undefined, location: 'Lagos', vehicleType: undefined },
      { text: 'lightning', correctedSearch: undefined, location: undefined, vehicleType: 'truck' },
      { text: 'lagso tesla', correctedSearch: 'lagos tesla', location: 'Abuja', vehicleType: undefined },
    ]);
  });

  it('reads a city or brand filter in any case as the catalogue spells it, and does not call it read from the text', async () => {
    const search = new InMemoryListingSearch(listings);
    const use = new SearchListings(search, carOfTheWeek);
    const page = await use.execute({ location: 'port harcourt', brand: 'TESLA', search: 'model 3 port-harcourt', sort: 'default', limit: 24, offset: 0 });
    expect(search.calls.map(({ location, brand, search: text }) => ({ location, brand, text }))).toEqual([{ location: 'Port Harcourt', brand: 'Tesla', text: 'model 3' }]);
    expect(page.fromText).toEqual({});
  });

  it('continues from a cursor of the same search and sort, and refuses one with an offset, of another search or sort, or past the deepest page', async () => {
    const search = new InMemoryListingSearch(listings);
    const use = new SearchListings(search, carOfTheWeek);
    const lagos = { location: 'Lagos', search: 'tesla' };
    const cursor = { sort: 'price_asc' as const, shown: 48, after: { key: '21000000', id: 7 }, of: searchFingerprint(lagos) };
    await use.execute({ ...lagos, sort: 'price_asc', limit: 24, offset: 0, cursor });
    expect(search.calls.at(-1)?.cursor).toEqual(cursor);
    // The same search, as the catalogue spells it; and a page's cursor names its search.
    await use.execute({ location: 'lagos', search: 'tesla ', sort: 'price_asc', limit: 24, offset: 0, cursor });
    // Text is searched in any case and spacing, so its cursor holds for it too ("teslamodl", then "TeslaModl").
    await use.execute({ location: 'Lagos', search: ' TESLA  ', sort: 'price_asc', limit: 24, offset: 0, cursor });
    // And in the symbols and full-width letters the search drops or reads as plain ones.
    await use.execute({ location: 'Lagos', search: 'Ｔｅｓｌａ ★', sort: 'price_asc', limit: 24, offset: 0, cursor });
    for (let i = 0; i < 2; i++) await moderate.run((await submit()).id, { kind: 'approve' }, support);
    const first = await use.execute({ sort: 'price_asc', limit: 1, offset: 0 });
    expect(first.next).toMatchObject({ sort: 'price_asc', of: searchFingerprint({}) });
    const refused = async (criteria: Parameters<SearchListings['execute']>[0], message: string) =>
      expect(use.execute(criteria)).rejects.toMatchObject({ kind: 'validation', details: [{ field: 'cursor', message }] });
    await refused({ ...lagos, sort: 'price_asc', limit: 24, offset: 24, cursor }, 'Give either cursor or offset, not both');
    await refused({ ...lagos, sort: 'newest', limit: 24, offset: 0, cursor }, 'This cursor belongs to another sort order; start the search again');
    await refused({ ...lagos, sort: 'price_asc', limit: 24, offset: 0, cursor: { ...cursor, shown: 10_001 } }, 'cursor cannot go past 10000 listings');
    for (const other of [{ location: 'Abuja', search: 'tesla' }, { location: 'Lagos' }, { ...lagos, maxPrice: 20_000_000 }, { ...lagos, vehicleType: 'car' as const }]) {
      await refused({ ...other, sort: 'price_asc', limit: 24, offset: 0, cursor }, 'This cursor belongs to another search; start the search again');
    }
    expect(search.calls).toHaveLength(5);
  });

  it("lists the caller's own listings in every status", async () => {
    const a = await submit();
    const b = await submit();
    await moderate.run(b.id, { kind: 'reject' }, support);
    await uploads.record({ url: '/uploads/b.webp', uploaderId: 'buyer', networkKey: 'net-2', guest: false, bytes: 10, at: clock.now() });
    await submit(buyer, { imageUrls: ['/uploads/b.webp'] });
    const mine = await new ListMyListings(new InMemoryListingSearch(listings), carOfTheWeek).execute(undefined, seller);
    expect(mine.map((l) => [l.id, l.status])).toEqual([[a.id, 'pending'], [b.id, 'rejected']]);
    await expect(new ListMyListings(new InMemoryListingSearch(listings), carOfTheWeek).execute(undefined, null)).rejects.toMatchObject({ kind: 'unauthenticated' });
  });
});

describe('phone numbers', () => {
  it("stores a listing's contact phone as E.164 and refuses one that cannot be dialled, naming the field", async () => {
    expect((await submit(seller, { sellerPhone: '0803 555 1234' })).sellerPhone).toBe('+2348035551234');
    await expect(submit(seller, { sellerPhone: '0803 555 12' })).rejects.toMatchObject({
      kind: 'validation', details: [{ field: 'sellerPhone', message: 'Enter a valid phone number, like 0803 555 1234 or +234 803 555 1234' }],
    });
    const { id } = await submit(seller, { sellerPhone: null });
    const revise = new ReviseListing(listings, users, clock, { reReviewEdits: false }, carOfTheWeek, uploads, phones, new InMemoryUnitOfWork([listings]), new InMemoryAlertQueue(), new InMemoryListingRevisions(), noScreening);
    expect((await revise.execute({ id, changes: { sellerPhone: '+44 20 7946 0958' } }, seller)).sellerPhone).toBe('+442079460958');
    expect((await revise.execute({ id, changes: { price: 14_500_000 } }, seller)).sellerPhone).toBe('+442079460958');
    await expect(moderate.run(id, { kind: 'edit', changes: { sellerPhone: '12' } }, support)).rejects.toMatchObject({ details: [{ field: 'sellerPhone' }] });
  });
});

describe('GetSitemap', () => {
  it('reads the live listings again after 10 minutes, showing the kept ones while it does', async () => {
    const search = new InMemoryListingSearch(listings);
    const sitemap = new GetSitemap(search, clock);
    const entries = async () => {
      const found = await sitemap.execute();
      if (found.kind !== 'listings') throw new Error(`a few listings make an index: ${found.kind}`);
      return found.entries;
    };
    const before = await entries();
    const { id } = await submit();
    await moderate.run(id, { kind: 'approve' }, support);
    clock.advance(SITEMAP_KEEP_MS - 1);
    expect(await entries()).toBe(before);
    clock.advance(1);
    expect(await entries()).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(before.map((e) => e.id)).not.toContain(id);
    expect((await entries()).map((e) => e.id)).toContain(id);
  });
});

/** Live listings of a large market by id (every third id taken down since), behind the sitemap's part of the search port. */
class LargeMarket implements Pick<ListingSearch, 'sitemapParts' | 'liveListingsForSitemap' | 'liveListingsBetween'> {
  readonly ranges: [number, number][] = [];
  constructor(private readonly live: SitemapEntry[]) {}
  async sitemapParts(partIds: number): Promise<SitemapPart[]> {
    const parts = new Map<number, SitemapPart>();
    for (const e of this.live) {
      const part = Math.floor((e.id - 1) / partIds) + 1;
      const seen = parts.get(part);
      parts.set(part, { part, listings: (seen?.listings ?? 0) + 1, lastModified: seen && seen.lastModified > e.updatedAt ? seen.lastModified : e.updatedAt });
    }
    return [...parts.values()];
  }
  async liveListingsForSitemap(limit: number): Promise<SitemapEntry[]> {
    return [...this.live].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, limit);
  }
  reading = 0;
  mostAtOnce = 0;
  async liveListingsBetween(first: number, last: number): Promise<SitemapEntry[]> {
    this.ranges.push([first, last]);
    this.mostAtOnce = Math.max(this.mostAtOnce, ++this.reading);
    await new Promise((resolve) => setTimeout(resolve, 1));
    this.reading--;
    return this.live.filter((e) => e.id >= first && e.id <= last);
  }
}

const market = (lastId: number) => new LargeMarket(Array.from({ length: lastId }, (_, i) => i + 1).filter((id) => id % 3 !== 0)
  .map((id) => ({ id, updatedAt: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString() })));

describe('GetSitemap and GetSitemapPart for a large market', () => {
  it('lists every live listing in one file up to 50,000, and an index of id ranges beyond', async () => {
    // Ids 1 to 74,985 with every third taken down: 49,990 live, and room for the site's own pages in the file.
    expect(SITEMAP_MAX_LISTINGS + SITEMAP_SITE_PAGES_MAX).toBe(50_000);
    const fits = await new GetSitemap(market(74_985), clock).execute();
    expect(fits.kind === 'listings' && fits.entries.length).toBe(SITEMAP_MAX_LISTINGS);
    expect((await new GetSitemap(market(74_986), clock).execute()).kind).toBe('index');
    const large = market(200_002);
    const index = await new GetSitemap(large, clock).execute();
    if (index.kind !== 'index') throw new Error('133,335 live listings fit no single file');
    expect(index.parts).toHaveLength(Math.ceil(200_002 / SITEMAP_PART_IDS));
    expect(index.parts.reduce((sum, p) => sum + p.listings, 0)).toBe(133_335);
    expect(index.parts[0]).toEqual({ part: 1, listings: 6_667, lastModified: new Date(Date.UTC(2026, 0, 1) + 10_000 * 60_000).toISOString() });
    expect(index.parts.at(-1)).toMatchObject({ part: 21, listings: 1 });
  });

  it('gives a part its range of ids, and no part the index does not list', async () => {
    const large = market(200_002);
    const parts = new GetSitemapPart(new GetSitemap(large, clock), large, clock);
    const second = await parts.execute({ part: 2 });
    expect(second?.[0]?.id).toBe(10_001);
    expect(second?.at(-1)?.id).toBe(20_000);
    expect(second?.every((e) => e.id > SITEMAP_PART_IDS && e.id <= 2 * SITEMAP_PART_IDS && e.id % 3 !== 0)).toBe(true);
    expect(await parts.execute({ part: 22 })).toBeNull();
    expect(await parts.execute({ part: 0 })).toBeNull();
    const small = market(74_985);
    expect(await new GetSitemapPart(new GetSitemap(small, clock), small, clock).execute({ part: 1 })).toBeNull();
  });

  it('keeps the parts it read, the 16 asked for last', async () => {
    const large = market(200_002);
    const parts = new GetSitemapPart(new GetSitemap(large, clock), large, clock);
    const first = await parts.execute({ part: 1 });
    expect(await parts.execute({ part: 1 })).toBe(first);
    expect(large.ranges).toEqual([[1, 10_000]]);
    for (let part = 2; part <= SITEMAP_PARTS_KEPT + 1; part++) await parts.execute({ part });
    // Part 1 was let go to keep the 16 asked for since; part 17, the last, is still kept.
    expect(large.ranges).toHaveLength(SITEMAP_PARTS_KEPT + 1);
    await parts.execute({ part: SITEMAP_PARTS_KEPT + 1 });
    expect(large.ranges).toHaveLength(SITEMAP_PARTS_KEPT + 1);
    expect(await parts.execute({ part: 1 })).not.toBe(first);
    expect(large.ranges.at(-1)).toEqual([1, 10_000]);
  });

  it('reads one part at a time, and asks whoever would wait behind too many others to come back', async () => {
    const large = market(200_002);
    const parts = new GetSitemapPart(new GetSitemap(large, clock), large, clock);
    await parts.execute({ part: 21 });
    const asked = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => parts.execute({ part: i + 1 })));
    const read = asked.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    const refused = asked.flatMap((a) => (a.status === 'rejected' ? [a.reason as unknown] : []));
    expect(read).toHaveLength(SITEMAP_PARTS_WAITING_MAX);
    const firstLive = (id: number) => (id % 3 === 0 ? id + 1 : id);
    expect(read.map((entries) => entries?.[0]?.id)).toEqual(Array.from({ length: SITEMAP_PARTS_WAITING_MAX }, (_, i) => firstLive(i * SITEMAP_PART_IDS + 1)));
    expect(refused).toHaveLength(20 - SITEMAP_PARTS_WAITING_MAX);
    for (const reason of refused) expect(reason).toMatchObject({ kind: 'quota', code: 'SITEMAP_BUSY', retryAfterSeconds: 10 });
    expect(large.mostAtOnce).toBe(1);
    // Nothing refused is remembered: asked again, one at a time, each part is read.
    expect((await parts.execute({ part: 20 }))?.[0]?.id).toBe(190_001);
    // The refused took no place among the kept parts: the first one asked for is still kept.
    const reads = large.ranges.length;
    expect((await parts.execute({ part: 21 }))?.[0]?.id).toBe(200_002);
    expect(large.ranges).toHaveLength(reads);
  });
});

describe('GetMarketplaceStats', () => {
  it('counts live listings, their sellers and their cities, for visitors too', async () => {
    await users.save(User.register({ uid: 'other', email: 'emeka@x.ng', emailVerified: true, name: 'Emeka Bello', phone: null, signInProvider: 'password' }, clock.now()));
    await uploads.record({ url: '/uploads/other.webp', uploaderId: 'other', networkKey: 'net-3', guest: false, bytes: 10, at: clock.now() });
    const other: Actor = { userId: 'other', role: 'user' };
    const live = [await submit(seller, { location: 'Lagos' }), await submit(seller, { location: 'Port Harcourt' }), await submit(other, { location: 'Lagos', imageUrls: ['/uploads/other.webp'] })];
    for (const { id } of live) await moderate.run(id, { kind: 'approve' }, support);
    await submit(seller, { location: 'Kano' });
    const stats = new GetMarketplaceStats(new InMemoryListingSearch(listings), clock);
    expect(await stats.execute(undefined, null)).toEqual({ activeListings: 3, sellers: 2, cities: 2 });
  });

  it('reuses the figures for 30 seconds, then shows them while one count refreshes them', async () => {
    const search = new InMemoryListingSearch(listings);
    const stats = new GetMarketplaceStats(search, clock);
    expect(await stats.execute(undefined, null)).toEqual({ activeListings: 0, sellers: 0, cities: 0 });
    const { id } = await submit();
    await moderate.run(id, { kind: 'approve' }, support);
    clock.advance(29_999);
    expect((await stats.execute(undefined, null)).activeListings).toBe(0);
    expect(search.statsReads).toBe(1);
    clock.advance(1);
    // Nobody waits for the count: the visitors at that moment see the last figures, and it runs once.
    const meanwhile = await Promise.all([stats.execute(undefined, null), stats.execute(undefined, null)]);
    expect(meanwhile.map((s) => s.activeListings)).toEqual([0, 0]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await stats.execute(undefined, null)).activeListings).toBe(1);
    expect(search.statsReads).toBe(2);
  });

  it('does not keep a failed count, and shows the last figures while a refresh fails, for ten minutes at most', async () => {
    const search = new InMemoryListingSearch(listings);
    const stats = new GetMarketplaceStats(search, clock);
    const real = search.marketplaceStats.bind(search);
    search.marketplaceStats = () => Promise.reject(new Error('database down'));
    await expect(stats.execute(undefined, null)).rejects.toThrow('database down');
    search.marketplaceStats = real;
    expect(await stats.execute(undefined, null)).toEqual({ activeListings: 0, sellers: 0, cities: 0 });
    search.marketplaceStats = () => Promise.reject(new Error('database down'));
    clock.advance(30_000 + 9 * 60_000);
    expect(await stats.execute(undefined, null)).toEqual({ activeListings: 0, sellers: 0, cities: 0 });
    clock.advance(60_000);
    await expect(stats.execute(undefined, null)).rejects.toThrow('database down');
    search.marketplaceStats = real;
  });
});
