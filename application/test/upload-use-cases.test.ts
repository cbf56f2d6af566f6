import { beforeEach, describe, expect, it } from 'vitest';
import { type Actor, type ListingDetails, User } from '@voltmarket/domain';
import {
  AuditTrail, CleanUpUploads, CurrentCarOfTheWeek, DeleteListing, ModerateListing, ReviseListing, SubmitListing, UploadListingImage, WithdrawListing,
} from '../src/index.js';
import {
  FixedClock, InMemoryAuditLog, InMemoryCarOfTheWeekPicks, InMemoryImageStore, InMemoryListingRepository, InMemoryUnitOfWork, InMemoryUploadLedger, InMemoryUserRepository, SimplePhoneNumbers, InMemoryAlertQueue, InMemoryListingRevisions, noScreening, InMemoryPhotoHashes } from './support/in-memory.js';
import { quietNotifier } from './support/in-memory-conversations.js';

const phones = new SimplePhoneNumbers();

const ada: Actor = { userId: 'ada', role: 'user' };
const emeka: Actor = { userId: 'emeka', role: 'user' };
const guest: Actor = { userId: 'guest-1', role: 'user', isGuest: true };
const otherGuest: Actor = { userId: 'guest-2', role: 'user', isGuest: true };
const support: Actor = { userId: 'support', role: 'support' };
const admin: Actor = { userId: 'admin', role: 'admin' };
const HOUR = 3600_000;
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

let listings: InMemoryListingRepository;
let users: InMemoryUserRepository;
let clock: FixedClock;
let ledger: InMemoryUploadLedger;
let images: InMemoryImageStore;
let work: InMemoryUnitOfWork;
let audit: InMemoryAuditLog;

beforeEach(async () => {
  listings = new InMemoryListingRepository();
  users = new InMemoryUserRepository();
  clock = new FixedClock();
  ledger = new InMemoryUploadLedger(listings, clock);
  images = new InMemoryImageStore(clock);
  audit = new InMemoryAuditLog();
  work = new InMemoryUnitOfWork([listings, users], audit);
  for (const [uid, name] of [['ada', 'Ada Okafor'], ['emeka', 'Emeka Bello'], ['support', 'Sam Staff'], ['admin', 'Ann Admin']] as const) {
    await users.save(User.register({ uid, email: `${uid}@x.ng`, emailVerified: true, name, phone: null, signInProvider: 'password' }, clock.now()));
  }
});

const upload = (actor: Actor, networkKey = 'lagos-mtn-1', quota = { perAccount: 3, perGuestNetwork: 2 }) =>
  new UploadListingImage(images, ledger, quota, clock, new InMemoryPhotoHashes(listings)).execute({ bytes: jpeg, fileName: 'car.jpg', networkKey }, actor);
const details = (imageUrls: string[], overrides: Partial<ListingDetails> = {}): ListingDetails => ({
  title: '2023 BYD Atto 3', description: 'Like new.', price: 28_500_000, year: 2023, mileage: 8_000, range: 420,
  vehicleType: 'car', brand: 'BYD', model: 'Atto 3', location: 'Port Harcourt', imageUrls, batteryHealth: 99,
  chargingType: 'Both', fastChargingTime: 40, vin: null, sellerPhone: null, isRentalAvailable: false,
  dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null, ...overrides,
});
const submit = (actor: Actor, imageUrls: string[]) => new SubmitListing(listings, users, clock, ledger, phones, noScreening).execute(details(imageUrls), actor);
const moderate = () => new ModerateListing(listings, users, new AuditTrail(audit, users, clock), work, clock, carOfTheWeek(), ledger, phones, quietNotifier(clock), new InMemoryAlertQueue());
const carOfTheWeek = () => new CurrentCarOfTheWeek(new InMemoryCarOfTheWeekPicks(listings), clock);

describe('daily upload quota', () => {
  it('lets an account upload its allowance in 24 hours, then says when there is room again', async () => {
    for (let i = 0; i < 3; i++) {
      await upload(ada);
      clock.advance(HOUR);
    }
    await expect(upload(ada)).rejects.toMatchObject({ kind: 'quota', code: 'UPLOAD_QUOTA_EXCEEDED', retryAfterSeconds: 21 * 3600 });
    expect(images.stored).toHaveLength(3);
    await upload(emeka); // everyone has their own allowance
    clock.advance(21 * HOUR);
    await upload(ada); // the first upload is a day old now
  });

  it('counts anonymous guests by network address, so a new guest account is no new allowance', async () => {
    await upload(guest, 'abuja-glo-7');
    await upload(otherGuest, 'abuja-glo-7');
    await expect(upload({ ...guest, userId: 'guest-3' }, 'abuja-glo-7')).rejects.toMatchObject({ code: 'UPLOAD_QUOTA_EXCEEDED' });
    await upload(guest, 'kano-airtel-2');
    await upload(ada, 'abuja-glo-7'); // a signed-up account on that network has its own
  });
});

describe("a listing shows its seller's own uploads", () => {
  it("refuses another seller's photo and a photo nobody uploaded, naming the field", async () => {
    const mine = (await upload(ada)).url;
    const theirs = (await upload(emeka)).url;
    await expect(submit(ada, [mine, theirs])).rejects.toMatchObject({ kind: 'validation', details: [{ field: 'imageUrls[1]', message: 'Image must be a photo you uploaded' }] });
    await expect(submit(ada, ['/uploads/2026/11/never-uploaded.webp'])).rejects.toMatchObject({ details: [{ field: 'imageUrls[0]' }] });
    expect(listings.rows.size).toBe(0);
    expect((await submit(ada, [mine])).imageUrls).toEqual([mine]);
  });

  it('keeps the photos a listing already shows on an edit, and checks only new ones', async () => {
    const first = (await upload(ada)).url;
    const { id } = await submit(ada, [first]);
    const revise = new ReviseListing(listings, users, clock, { reReviewEdits: false }, carOfTheWeek(), ledger, phones, new InMemoryUnitOfWork([listings]), new InMemoryAlertQueue(), new InMemoryListingRevisions(), noScreening);
    const theirs = (await upload(emeka)).url;
    await expect(revise.execute({ id, changes: { imageUrls: [first, theirs] } }, ada)).rejects.toMatchObject({ details: [{ field: 'imageUrls[1]' }] });
    const second = (await upload(ada)).url;
    expect((await revise.execute({ id, changes: { imageUrls: [second, first] } }, ada)).imageUrls).toEqual([second, first]);
  });

  it('lets staff add any uploaded photo (their own) to any listing, but not one nobody uploaded', async () => {
    const { id } = await submit(ada, [(await upload(ada)).url]);
    const staffPhoto = (await upload(support)).url;
    const edited = await moderate().execute({ id, action: { kind: 'edit', changes: { imageUrls: [staffPhoto] } } }, support);
    expect(edited.imageUrls).toEqual([staffPhoto]);
    await expect(moderate().execute({ id, action: { kind: 'edit', changes: { imageUrls: ['/uploads/x/forged.webp'] } } }, support))
      .rejects.toMatchObject({ kind: 'validation' });
  });
});

describe('uploads nobody uses are cleaned up', () => {
  it('deletes photos no listing uses a day after upload, keeps used and recent ones, and removes strays', async () => {
    const used = (await upload(ada)).url;
    await submit(ada, [used]);
    const abandoned = (await upload(ada)).url;
    await images.store(jpeg); // a file the ledger never heard of (a crash between store and record)
    clock.advance(23 * HOUR);
    const recent = (await upload(emeka)).url;
    const cleanup = new CleanUpUploads(ledger, images, clock);
    expect(await cleanup.execute()).toEqual({ unused: 0, strays: 0 });
    clock.advance(2 * HOUR);
    expect(await cleanup.execute()).toEqual({ unused: 1, strays: 1 });
    expect([...images.files.keys()].sort()).toEqual([used, recent].sort());
    expect(await ledger.known([used, abandoned, recent])).toEqual(new Set([used, recent]));
  });

  it('keeps a day-old photo a seller is about to use: claiming it restarts its day', async () => {
    const photo = (await upload(ada)).url;
    clock.advance(30 * HOUR);
    await submit(ada, [photo]);
    await new WithdrawListing(listings, ledger, images).execute({ id: [...listings.rows.keys()][0]! }, ada);
    expect(images.files.has(photo)).toBe(false); // the listing's deletion took its photos along
  });

  it("deletes a listing's photos with it, unless another listing shows them too", async () => {
    const only = (await upload(ada)).url;
    const shared = (await upload(support)).url;
    const { id } = await submit(ada, [only]);
    await moderate().execute({ id, action: { kind: 'edit', changes: { imageUrls: [only, shared] } } }, support);
    const other = await submit(emeka, [(await upload(emeka)).url]);
    await moderate().execute({ id: other.id, action: { kind: 'edit', changes: { imageUrls: [shared] } } }, support);
    await new DeleteListing(listings, users, new AuditTrail(audit, users, clock), work, carOfTheWeek(), ledger, images).execute({ id }, admin);
    expect(images.files.has(only)).toBe(false);
    expect(images.files.has(shared)).toBe(true);
  });
});
