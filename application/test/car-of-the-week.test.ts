import { beforeEach, describe, expect, it } from 'vitest';
import { type Actor, type ListingDetails, User } from '@voltmarket/domain';
import {
  AuditTrail, CurrentCarOfTheWeek, GetCarOfTheWeek, GetListing, ListMyListings, ModerateListing, PickCarOfTheWeek,
  SearchListings, SubmitListing, WithdrawCarOfTheWeek,
} from '../src/index.js';
import {
  FixedClock, InMemoryAuditLog, InMemoryCarOfTheWeekPicks, InMemoryListingRepository, InMemoryListingSearch,
  InMemoryListingActivity, InMemoryUnitOfWork, InMemoryUploadLedger, InMemoryUserRepository, SimplePhoneNumbers, InMemoryAlertQueue, InMemoryMarketPrices, InMemoryListingRevisions, noScreening } from './support/in-memory.js';
import { quietNotifier } from './support/in-memory-conversations.js';

const seller: Actor = { userId: 'seller', role: 'user' };
const support: Actor = { userId: 'support', role: 'support' };
const admin: Actor = { userId: 'admin', role: 'admin' };
const HOUR = 3_600_000;

const details = (title: string): ListingDetails => ({
  title, description: 'Well kept, full service history.', price: 28_500_000, year: 2023, mileage: 12_000, range: 420,
  vehicleType: 'car', brand: 'Hyundai', model: 'IONIQ 5', location: 'Kano', imageUrls: ['/uploads/a.webp'],
  batteryHealth: 96, chargingType: 'Both', fastChargingTime: 18, vin: null, sellerPhone: null,
  isRentalAvailable: false, dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null,
});

let listings: InMemoryListingRepository;
let users: InMemoryUserRepository;
let picks: InMemoryCarOfTheWeekPicks;
let audit: InMemoryAuditLog;
let clock: FixedClock;
let carOfTheWeek: CurrentCarOfTheWeek;
let pick: PickCarOfTheWeek;
let withdraw: WithdrawCarOfTheWeek;
let uploads: InMemoryUploadLedger;
const phones = new SimplePhoneNumbers();

beforeEach(async () => {
  listings = new InMemoryListingRepository();
  users = new InMemoryUserRepository();
  picks = new InMemoryCarOfTheWeekPicks(listings);
  audit = new InMemoryAuditLog();
  // Wednesday 25 November 2026, 11:00 in Lagos.
  clock = new FixedClock(new Date('2026-11-25T10:00:00Z'));
  carOfTheWeek = new CurrentCarOfTheWeek(picks, clock);
  uploads = new InMemoryUploadLedger(listings, clock);
  await uploads.record({ url: '/uploads/a.webp', uploaderId: 'seller', networkKey: 'net-1', guest: false, bytes: 10, at: clock.now() });
  const work = new InMemoryUnitOfWork([listings, picks], audit);
  const trail = new AuditTrail(audit, users, clock);
  pick = new PickCarOfTheWeek(listings, picks, users, trail, work, clock, carOfTheWeek);
  withdraw = new WithdrawCarOfTheWeek(listings, picks, users, trail, work, clock, carOfTheWeek);
  for (const [uid, name, role] of [['seller', 'Ada Okafor', 'user'], ['support', 'Sola Support', 'support'], ['admin', 'Amaka Admin', 'admin']] as const) {
    const user = User.register({ uid, email: `${uid}@voltmarket.test`, emailVerified: true, name, phone: null, signInProvider: 'password' }, clock.now());
    user.role = role;
    await users.save(user);
  }
});

/** A listing approved `approvedAgo` ms ago with `views` views (or left pending when not approved). */
async function listing(title: string, options: { approvedAgo?: number; views?: number } = {}): Promise<number> {
  const { id } = await new SubmitListing(listings, users, clock, uploads, phones, noScreening).execute(details(title), seller);
  const stored = listings.rows.get(id)!;
  if (options.approvedAgo !== undefined) stored.approve(new Date(clock.now().getTime() - options.approvedAgo));
  stored.views = options.views ?? 0;
  return id;
}

const search = () => new SearchListings(new InMemoryListingSearch(listings), carOfTheWeek).execute({ sort: 'default', limit: 24, offset: 0 });
const flagged = async () => (await search()).items.filter((v) => v.isCarOfTheWeek).map((v) => v.title);

describe('the car of the week on the storefront', () => {
  it('is the most viewed listing approved in the last 7 days, on exactly one card', async () => {
    await listing('2020 Tesla Model 3 Standard Range Plus', { approvedAgo: 30 * 24 * HOUR, views: 4_000 });
    await listing('2023 Kia EV6 GT-Line', { approvedAgo: 2 * 24 * HOUR, views: 310 });
    await listing('2024 BYD Atto 3 Extended Range', { approvedAgo: 5 * HOUR, views: 120 });
    expect(await flagged()).toEqual(['2023 Kia EV6 GT-Line']);
    expect((await search()).items.every((v) => v.isVerified)).toBe(true);
  });

  it("is marked on the listing's own page and in its seller's list", async () => {
    const id = await listing('2023 Kia EV6 GT-Line', { approvedAgo: HOUR, views: 3 });
    const other = await listing('2022 Nissan Leaf e+', { approvedAgo: 40 * 24 * HOUR, views: 9 });
    const get = new GetListing(listings, users, new InMemoryListingActivity(listings, clock), clock, carOfTheWeek, new InMemoryMarketPrices(), { ratingOf: async () => null }, new InMemoryListingRevisions());
    expect((await get.execute({ id, visitorKey: 'v' }, null)).isCarOfTheWeek).toBe(true);
    expect((await get.execute({ id: other, visitorKey: 'v' }, null)).isCarOfTheWeek).toBe(false);
    const mine = await new ListMyListings(new InMemoryListingSearch(listings), carOfTheWeek).execute(undefined, seller);
    expect(mine.map((v) => [v.id, v.isCarOfTheWeek])).toEqual([[id, true], [other, false]]);
  });

  it('is nobody when nothing live was approved in the last 7 days', async () => {
    await listing('2020 Tesla Model 3', { approvedAgo: 8 * 24 * HOUR, views: 4_000 });
    await listing('2024 BYD Dolphin', { views: 50 });
    expect(await flagged()).toEqual([]);
  });
});

describe('a staff pick', () => {
  it("makes a live listing this week's car of the week, with an audit entry, and the storefront follows at once", async () => {
    await listing('2023 Kia EV6 GT-Line', { approvedAgo: HOUR, views: 900 });
    const picked = await listing('2021 Zero Motorcycles SR/F Premium', { approvedAgo: 20 * 24 * HOUR, views: 4 });
    expect(await flagged()).toEqual(['2023 Kia EV6 GT-Line']);

    clock.advance(1_000);
    const view = await pick.execute({ id: picked }, support);
    expect(view).toMatchObject({ id: picked, isCarOfTheWeek: true, isStaffPick: true });
    expect(picks.rows.get('2026-11-23')).toMatchObject({ listingId: picked, pickedBy: 'support', pickedAt: clock.now() });
    expect(audit.entries).toEqual([expect.objectContaining({
      actorId: 'support', action: 'vehicle.car_of_the_week_picked', resource: 'vehicles', recordId: String(picked),
      recordLabel: '2021 Zero Motorcycles SR/F Premium', before: { carOfTheWeekPick: null }, after: { carOfTheWeekPick: '2026-11-23' },
    })]);
    expect(await flagged()).toEqual(['2021 Zero Motorcycles SR/F Premium']);
  });

  it('replaces an earlier pick of the same week, and the log says so for both listings', async () => {
    const first = await listing('2023 Kia EV6 GT-Line', { approvedAgo: HOUR });
    const second = await listing('2024 Hyundai IONIQ 5 N', { approvedAgo: HOUR });
    await pick.execute({ id: first }, support);
    await pick.execute({ id: second }, admin);
    expect([...picks.rows.values()].map((p) => p.listingId)).toEqual([second]);
    expect(audit.entries.map((e) => [e.action, e.recordId, e.actorId])).toEqual([
      ['vehicle.car_of_the_week_picked', String(first), 'support'],
      ['vehicle.car_of_the_week_withdrawn', String(first), 'admin'],
      ['vehicle.car_of_the_week_picked', String(second), 'admin'],
    ]);
    // Picking the same listing again changes nothing and records nothing.
    await pick.execute({ id: second }, support);
    expect(audit.entries).toHaveLength(3);
  });

  it('is refused for a listing that is not live, for visitors and for non-staff, and changes nothing', async () => {
    const pending = await listing('2024 BYD Seal Performance');
    const live = await listing('2023 Kia EV6 GT-Line', { approvedAgo: HOUR });
    await expect(pick.execute({ id: pending }, support)).rejects.toMatchObject({ kind: 'conflict', code: 'LISTING_NOT_LIVE' });
    await expect(pick.execute({ id: 99_999 }, support)).rejects.toMatchObject({ kind: 'not_found', code: 'LISTING_NOT_FOUND' });
    await expect(pick.execute({ id: live }, null)).rejects.toMatchObject({ kind: 'unauthenticated' });
    await expect(pick.execute({ id: live }, seller)).rejects.toMatchObject({ kind: 'forbidden', code: 'STAFF_ONLY' });
    expect(picks.rows.size).toBe(0);
    expect(audit.entries).toEqual([]);
  });

  it('stops showing at once when its listing is taken down, and the most viewed recent listing shows instead', async () => {
    const picked = await listing('2021 Zero Motorcycles SR/F Premium', { approvedAgo: 20 * 24 * HOUR });
    await listing('2023 Kia EV6 GT-Line', { approvedAgo: HOUR, views: 12 });
    await pick.execute({ id: picked }, support);
    await new ModerateListing(listings, users, new AuditTrail(audit, users, clock), new InMemoryUnitOfWork([listings], audit), clock, carOfTheWeek, uploads, phones, quietNotifier(clock), new InMemoryAlertQueue())
      .execute({ id: picked, action: { kind: 'reject', reason: 'Sold elsewhere' } }, support);
    expect(await flagged()).toEqual(['2023 Kia EV6 GT-Line']);
  });

  it("lasts for its week only: on Monday 00:00 in Lagos the automatic choice is back", async () => {
    const picked = await listing('2021 Zero Motorcycles SR/F Premium', { approvedAgo: 20 * 24 * HOUR });
    await listing('2023 Kia EV6 GT-Line', { approvedAgo: HOUR, views: 12 });
    await pick.execute({ id: picked }, support);
    clock.current = new Date('2026-11-29T22:59:59Z');
    expect(await flagged()).toEqual(['2021 Zero Motorcycles SR/F Premium']);
    clock.current = new Date('2026-11-29T23:00:00Z');
    expect(await flagged()).toEqual(['2023 Kia EV6 GT-Line']);
  });

  it('is withdrawn by staff, with an audit entry; withdrawing a listing that is not the pick is refused', async () => {
    const picked = await listing('2023 Kia EV6 GT-Line', { approvedAgo: 20 * 24 * HOUR });
    const other = await listing('2024 Hyundai IONIQ 5 N', { approvedAgo: 20 * 24 * HOUR });
    await pick.execute({ id: picked }, support);
    await expect(withdraw.execute({ id: other }, support)).rejects.toMatchObject({ kind: 'conflict', code: 'NOT_CAR_OF_THE_WEEK_PICK' });
    await expect(withdraw.execute({ id: picked }, seller)).rejects.toMatchObject({ code: 'STAFF_ONLY' });
    const view = await withdraw.execute({ id: picked }, admin);
    expect(view).toMatchObject({ isCarOfTheWeek: false, isStaffPick: false });
    expect(picks.rows.size).toBe(0);
    expect(audit.entries.at(-1)).toMatchObject({
      action: 'vehicle.car_of_the_week_withdrawn', actorId: 'admin', before: { carOfTheWeekPick: '2026-11-23' }, after: { carOfTheWeekPick: null },
    });
    expect(await flagged()).toEqual([]);
  });
});

describe('the remembered choice', () => {
  it('is decided at most once a minute, and again at once after a pick changes', async () => {
    const kia = await listing('2023 Kia EV6 GT-Line', { approvedAgo: HOUR, views: 5 });
    await search();
    await search();
    expect(picks.reads).toBe(1);
    // A view count moving does not change the badge until the minute is up.
    const leaf = await listing('2022 Nissan Leaf e+', { approvedAgo: HOUR, views: 50 });
    clock.advance(59_000);
    expect(await flagged()).toEqual(['2023 Kia EV6 GT-Line']);
    clock.advance(1_000);
    expect(await flagged()).toEqual(['2022 Nissan Leaf e+']);
    expect(picks.reads).toBe(2);
    await pick.execute({ id: kia }, support);
    expect(await flagged()).toEqual(['2023 Kia EV6 GT-Line']);
    expect(leaf).toBeGreaterThan(kia);
  });
});

describe("the dashboard's car of the week", () => {
  const report = (actor: Actor | null = support) => new GetCarOfTheWeek(carOfTheWeek, listings, users).execute(undefined, actor);

  it('names the staff member who picked it, or says it is the most viewed', async () => {
    const kia = await listing('2023 Kia EV6 GT-Line', { approvedAgo: HOUR, views: 40 });
    expect(await report()).toMatchObject({
      weekOf: '2026-11-23', weekStart: '2026-11-22T23:00:00.000Z', weekEnd: '2026-11-29T23:00:00.000Z',
      source: 'most_viewed', listing: { id: kia, title: '2023 Kia EV6 GT-Line' }, pickedBy: null, pickedAt: null, staffPick: null,
    });
    const zero = await listing('2021 Zero Motorcycles SR/F Premium', { approvedAgo: 20 * 24 * HOUR });
    await pick.execute({ id: zero }, support);
    expect(await report()).toMatchObject({
      source: 'staff_pick', listing: { id: zero }, pickedBy: { id: 'support', name: 'Sola Support' }, pickedAt: clock.now().toISOString(),
      staffPick: { listingId: zero, isLive: true },
    });
  });

  it('tells when the staff pick is no longer live, and when there is no car of the week at all', async () => {
    const zero = await listing('2021 Zero Motorcycles SR/F Premium', { approvedAgo: 20 * 24 * HOUR });
    await pick.execute({ id: zero }, support);
    listings.rows.get(zero)!.reject('Sold elsewhere', clock.now());
    carOfTheWeek.forget();
    const nothing = await report(admin);
    expect(nothing).not.toHaveProperty('listing');
    expect(nothing).toMatchObject({
      source: null, pickedBy: null, staffPick: { listingId: zero, title: '2021 Zero Motorcycles SR/F Premium', isLive: false, pickedBy: { name: 'Sola Support' } },
    });
    await expect(report(seller)).rejects.toMatchObject({ code: 'STAFF_ONLY' });
  });
});
