import { beforeEach, describe, expect, it } from 'vitest';
import { type Actor, type ListingDetails, User } from '@voltmarket/domain';
import { ModerateListing, AuditTrail, CurrentCarOfTheWeek, ReviseListing, ScreenListing, SubmitListing, UploadListingImage } from '../src/index.js';
import {
  FixedClock, InMemoryAlertQueue, InMemoryAuditLog, InMemoryCarOfTheWeekPicks, InMemoryImageStore, InMemoryListingRepository, InMemoryMarketPrices,
  InMemoryPhotoHashes, InMemoryUnitOfWork, InMemoryUploadLedger, InMemoryUserRepository, SimplePhoneNumbers,
  InMemoryListingRevisions,
} from './support/in-memory.js';
import { quietNotifier } from './support/in-memory-conversations.js';

const ada: Actor = { userId: 'ada', role: 'user' };
const emeka: Actor = { userId: 'emeka', role: 'user' };
const support: Actor = { userId: 'support', role: 'support' };
const DAY = 86_400_000;
const M = 1_000_000;
/** A JPEG to the in-memory store, whose hash is the eight bytes after the format's two. */
const photoBytes = (...hash: number[]) => new Uint8Array([0xff, 0xd8, ...hash]);
const ORIGINAL = photoBytes(0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0);
const SAME_PICTURE_RESAVED = photoBytes(0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf1); // one bit off
const ANOTHER_PICTURE = photoBytes(0xa5, 0xc3, 0x0f, 0x81, 0x3c, 0x66, 0x99, 0x18);

let listings: InMemoryListingRepository;
let users: InMemoryUserRepository;
let clock: FixedClock;
let ledger: InMemoryUploadLedger;
let images: InMemoryImageStore;
let hashes: InMemoryPhotoHashes;
let market: InMemoryMarketPrices;
let screening: ScreenListing;

beforeEach(async () => {
  listings = new InMemoryListingRepository();
  users = new InMemoryUserRepository();
  clock = new FixedClock();
  ledger = new InMemoryUploadLedger(listings, clock);
  images = new InMemoryImageStore(clock);
  hashes = new InMemoryPhotoHashes(listings);
  market = new InMemoryMarketPrices();
  screening = new ScreenListing(hashes, images, market, clock);
  for (const uid of ['ada', 'emeka', 'support']) {
    await users.save(User.register({ uid, email: `${uid}@x.ng`, emailVerified: true, name: uid, phone: null, signInProvider: 'password' }, clock.now()));
  }
});

const details = (imageUrls: string[], overrides: Partial<ListingDetails> = {}): ListingDetails => ({
  title: '2023 BYD Atto 3', description: 'Like new.', price: 28 * M, year: 2023, mileage: 8_000, range: 420,
  vehicleType: 'car', brand: 'BYD', model: 'Atto 3', location: 'Lagos', imageUrls, batteryHealth: 99,
  chargingType: 'Both', fastChargingTime: 40, vin: null, sellerPhone: null, isRentalAvailable: false,
  dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null, ...overrides,
});
const upload = async (actor: Actor, bytes: Uint8Array) =>
  (await new UploadListingImage(images, ledger, { perAccount: 100, perGuestNetwork: 10 }, clock, hashes).execute({ bytes, fileName: 'car.jpg', networkKey: 'n' }, actor)).url;
const submit = async (actor: Actor, imageUrls: string[], overrides: Partial<ListingDetails> = {}) =>
  (await new SubmitListing(listings, users, clock, ledger, new SimplePhoneNumbers(), screening).execute(details(imageUrls, overrides), actor)).id;
const flagsOf = async (id: number) => (await listings.findById(id))!.moderationFlags;
const approve = (id: number) =>
  new ModerateListing(listings, users, new AuditTrail(new InMemoryAuditLog(), users, clock), new InMemoryUnitOfWork([listings]), clock,
    new CurrentCarOfTheWeek(new InMemoryCarOfTheWeekPicks(listings), clock), ledger, new SimplePhoneNumbers(), quietNotifier(clock), new InMemoryAlertQueue())
    .execute({ id, action: { kind: 'approve' } }, support);

describe('screening a listing on its way to review', () => {
  it("flags a photo that is (nearly) the same picture as one of another seller's live listing", async () => {
    const original = await upload(ada, ORIGINAL);
    const adas = await submit(ada, [original]);
    await approve(adas);
    const copy = await upload(emeka, SAME_PICTURE_RESAVED);
    const own = await upload(emeka, ANOTHER_PICTURE);
    const emekas = await submit(emeka, [own, copy]);
    expect(await flagsOf(emekas)).toEqual([{ kind: 'reused_photo', photoUrl: copy, otherListingId: adas, otherPhotoUrl: original, distance: 1 }]);
    expect(await flagsOf(adas)).toEqual([]);
  });

  it('does not flag a seller showing their own photo again', async () => {
    const original = await upload(ada, ORIGINAL);
    await approve(await submit(ada, [original]));
    expect(await flagsOf(await submit(ada, [original]))).toEqual([]);
    expect(await flagsOf(await submit(ada, [await upload(ada, SAME_PICTURE_RESAVED)]))).toEqual([]);
  });

  it('does not flag the seller a photo was copied from for showing it again after the copy appeared', async () => {
    const original = await upload(ada, ORIGINAL);
    await approve(await submit(ada, [original]));
    clock.advance(DAY);
    const emekas = await submit(emeka, [await upload(emeka, SAME_PICTURE_RESAVED)]);
    expect(await flagsOf(emekas)).toHaveLength(1);
    expect(await flagsOf(await submit(ada, [original]))).toEqual([]);
  });

  it("counts another seller's pending, rejected or sold listing for 90 days, a live one always", async () => {
    const original = await upload(ada, ORIGINAL);
    const pending = await submit(ada, [original]);
    const copy = await upload(emeka, SAME_PICTURE_RESAVED);
    expect((await screening.execute({ listingId: 999, sellerId: 'emeka', imageUrls: [copy], brand: 'BYD', model: 'Atto 3', year: 2023, price: 28 * M })))
      .toMatchObject([{ kind: 'reused_photo', otherListingId: pending }]);
    clock.advance(91 * DAY);
    expect(await screening.execute({ listingId: 999, sellerId: 'emeka', imageUrls: [copy], brand: 'BYD', model: 'Atto 3', year: 2023, price: 28 * M })).toEqual([]);
    await approve(pending);
    clock.advance(400 * DAY);
    expect(await screening.execute({ listingId: 999, sellerId: 'emeka', imageUrls: [copy], brand: 'BYD', model: 'Atto 3', year: 2023, price: 28 * M }))
      .toMatchObject([{ kind: 'reused_photo', otherListingId: pending }]);
  });

  it('hashes a photo stored before hashes were kept when its listing is first screened', async () => {
    const original = await upload(ada, ORIGINAL);
    await approve(await submit(ada, [original]));
    hashes.rows.clear();
    const copy = await upload(emeka, SAME_PICTURE_RESAVED);
    hashes.rows.delete(copy);
    // The original's hash is gone too: only the new listing's photo is hashed on the spot, so the old one is not found yet.
    expect(await flagsOf(await submit(emeka, [copy]))).toEqual([]);
    expect(hashes.rows.get(copy)?.uploaderId).toBe('emeka');
  });

  it('never compares a featureless picture (one colour), which would match every other', async () => {
    const flat = new Uint8Array([0x89, 0x50, 0, 0, 0, 0, 0, 0, 0, 0]); // a PNG whose hash is 0
    await approve(await submit(ada, [await upload(ada, flat)]));
    expect(await flagsOf(await submit(emeka, [await upload(emeka, flat)]))).toEqual([]);
  });

  it('flags an asking price under half the market median for the brand, model and year', async () => {
    market.rows.set('BYD|Atto 3|2023', { brand: 'BYD', model: 'Atto 3', year: 2023, median: 28 * M, low: 26 * M, high: 30 * M, sampleSize: 9, trimmed: 0, updatedAt: clock.now() });
    const photo = await upload(ada, ORIGINAL);
    expect(await flagsOf(await submit(ada, [photo], { price: 9 * M }))).toEqual([{ kind: 'price_far_below_market', price: 9 * M, median: 28 * M }]);
    expect(await flagsOf(await submit(ada, [photo], { price: 14 * M }))).toEqual([]);
    expect(await flagsOf(await submit(ada, [photo], { price: 1 * M, year: 2022, title: '2022 BYD Atto 3' }))).toEqual([]);
  });

  it("screens a seller's edit that sends the listing back to review, and replaces what was found before", async () => {
    market.rows.set('BYD|Atto 3|2023', { brand: 'BYD', model: 'Atto 3', year: 2023, median: 28 * M, low: 26 * M, high: 30 * M, sampleSize: 9, trimmed: 0, updatedAt: clock.now() });
    const original = await upload(ada, ORIGINAL);
    await approve(await submit(ada, [original]));
    const emekas = await submit(emeka, [await upload(emeka, ANOTHER_PICTURE)]);
    expect(await flagsOf(emekas)).toEqual([]);
    const revise = (changes: Partial<ListingDetails>) => new ReviseListing(listings, users, clock, { reReviewEdits: true }, new CurrentCarOfTheWeek(new InMemoryCarOfTheWeekPicks(listings), clock),
      ledger, new SimplePhoneNumbers(), new InMemoryUnitOfWork([listings]), new InMemoryAlertQueue(), new InMemoryListingRevisions(), screening).execute({ id: emekas, changes }, emeka);
    const copy = await upload(emeka, SAME_PICTURE_RESAVED);
    await revise({ imageUrls: [copy], price: 5 * M });
    expect((await flagsOf(emekas)).map((f) => f.kind)).toEqual(['reused_photo', 'price_far_below_market']);
    await revise({ price: 27 * M });
    expect((await flagsOf(emekas)).map((f) => f.kind)).toEqual(['reused_photo']);
  });
});
