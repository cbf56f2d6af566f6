import { beforeEach, describe, expect, it } from 'vitest';
import { type Actor, type ListingDetails, User } from '@voltmarket/domain';
import {
  type AdminReadModel, AuditTrail, CurrentCarOfTheWeek, BulkModerateListings, ChangeUserRole, ExportUsers, GetAdminStats, ListAdminUsers,
  ListAdminVehicles, ListAuditEntries, ModerateListing, SubmitListing,
} from '../src/index.js';
import {
  FixedClock, InMemoryAuditLog, InMemoryCarOfTheWeekPicks, InMemoryListingRepository, InMemoryUnitOfWork, InMemoryUploadLedger,
  InMemoryUserRepository, SimplePhoneNumbers, InMemoryAlertQueue, noScreening } from './support/in-memory.js';
import { quietNotifier } from './support/in-memory-conversations.js';

const phones = new SimplePhoneNumbers();

const seller: Actor = { userId: 'seller', role: 'user' };
const support: Actor = { userId: 'support', role: 'support' };
const admin: Actor = { userId: 'admin', role: 'admin' };
const staffConfig = { adminEmails: ['admin@voltmarket.ng'], supportEmails: [] };

const details: ListingDetails = {
  title: '2021 Nissan Leaf', description: 'City car.', price: 15_000_000, year: 2021, mileage: 40_000, range: 270,
  vehicleType: 'car', brand: 'Nissan', model: 'Leaf', location: 'Abuja', imageUrls: ['/uploads/a.webp'],
  batteryHealth: 92, chargingType: 'AC', fastChargingTime: null, vin: null, sellerPhone: null,
  isRentalAvailable: false, dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null,
};

let listings: InMemoryListingRepository;
let users: InMemoryUserRepository;
let audit: InMemoryAuditLog;
let uploads: InMemoryUploadLedger;
let clock: FixedClock;
let moderate: ModerateListing;
let carOfTheWeek: CurrentCarOfTheWeek;

const register = async (uid: string, email: string | null, role: User['role'] = 'user') => {
  const user = User.register({ uid, email, emailVerified: true, name: `${uid} Person`, phone: null, signInProvider: 'password' }, clock.now());
  user.role = role;
  await users.save(user);
};

beforeEach(async () => {
  listings = new InMemoryListingRepository();
  users = new InMemoryUserRepository();
  audit = new InMemoryAuditLog();
  clock = new FixedClock();
  uploads = new InMemoryUploadLedger(listings, clock);
  await uploads.record({ url: '/uploads/a.webp', uploaderId: 'seller', networkKey: 'net-1', guest: false, bytes: 10, at: clock.now() });
  carOfTheWeek = new CurrentCarOfTheWeek(new InMemoryCarOfTheWeekPicks(listings), clock);
  moderate = new ModerateListing(listings, users, new AuditTrail(audit, users, clock), new InMemoryUnitOfWork([listings, users], audit), clock, carOfTheWeek, uploads, phones, quietNotifier(clock), new InMemoryAlertQueue());
  await register('seller', 'ada@x.ng');
  await register('support', 'help@voltmarket.ng', 'support');
  await register('admin', 'admin@voltmarket.ng', 'admin');
});

const submit = () => new SubmitListing(listings, users, clock, uploads, phones, noScreening).execute(details, seller);

describe('moderation leaves an audit trail', () => {
  it('records who approved which listing, with the status before and after', async () => {
    const { id } = await submit();
    clock.advance(60_000);
    await moderate.execute({ id, action: { kind: 'approve' } }, support);
    expect(audit.entries).toEqual([expect.objectContaining({
      actorId: 'support', actorEmail: 'help@voltmarket.ng', action: 'vehicle.approved', resource: 'vehicles', recordId: String(id),
      recordLabel: '2021 Nissan Leaf', before: { status: 'pending', isVerified: false }, after: { status: 'active', isVerified: true },
      createdAt: clock.now(),
    })]);
  });

  it('records nothing for an edit that changes nothing, and keeps the time of the last real change', async () => {
    const { id, updatedAt } = await submit();
    clock.advance(60_000);
    await moderate.execute({ id, action: { kind: 'edit', changes: { title: details.title, price: details.price } } }, support);
    expect(audit.entries).toEqual([]);
    expect(listings.rows.get(id)?.updatedAt.toISOString()).toBe(updatedAt);
  });

  it('changes nothing when the move is not allowed', async () => {
    const { id } = await submit();
    await moderate.execute({ id, action: { kind: 'reject', reason: 'Blurry photos' } }, support);
    await expect(moderate.execute({ id, action: { kind: 'reject' } }, support)).rejects.toMatchObject({ code: 'LISTING_ILLEGAL_TRANSITION' });
    await expect(moderate.execute({ id, action: { kind: 'approve' } }, seller)).rejects.toMatchObject({ code: 'STAFF_ONLY' });
    expect(audit.entries.map((e) => e.action)).toEqual(['vehicle.rejected']);
    expect(listings.rows.get(id)?.rejectionReason).toBe('Blurry photos');
  });
});

describe('bulk moderation', () => {
  it('moves each listing it can and says why the others did not move', async () => {
    const a = await submit();
    const b = await submit();
    await moderate.execute({ id: b.id, action: { kind: 'approve' } }, support);
    const bulk = new BulkModerateListings(moderate);
    const result = await bulk.execute({ ids: [a.id, b.id, 404], action: { kind: 'approve' } }, support);
    expect(result.updated).toEqual([a.id]);
    expect(result.failed.map((f) => [f.id, f.code])).toEqual([[b.id, 'LISTING_ILLEGAL_TRANSITION'], [404, 'LISTING_NOT_FOUND']]);
    await expect(bulk.execute({ ids: [a.id], action: { kind: 'approve' } }, seller)).rejects.toMatchObject({ code: 'STAFF_ONLY' });
  });

  it('refuses a reason that is too long before touching any listing', async () => {
    const a = await submit();
    const bulk = new BulkModerateListings(moderate);
    await expect(bulk.execute({ ids: [a.id], action: { kind: 'reject', reason: 'x'.repeat(501) } }, support)).rejects.toMatchObject({ kind: 'validation' });
    expect(listings.rows.get(a.id)?.status).toBe('pending');
  });
});

describe('role changes', () => {
  const change = () => new ChangeUserRole(users, staffConfig, new AuditTrail(audit, users, clock), new InMemoryUnitOfWork([users], audit), clock);

  it('are for admins only and are audited', async () => {
    await expect(change().execute({ userId: 'seller', role: 'support' }, support)).rejects.toMatchObject({ code: 'ADMIN_ONLY' });
    await change().execute({ userId: 'seller', role: 'support' }, admin);
    expect(users.rows.get('seller')?.role).toBe('support');
    expect(audit.entries).toEqual([expect.objectContaining({ action: 'user.role_changed', recordLabel: 'ada@x.ng', before: { role: 'user' }, after: { role: 'support' } })]);
    await change().execute({ userId: 'seller', role: 'support' }, admin);
    expect(audit.entries).toHaveLength(1);
  });

  it('never leave the marketplace without an administrator', async () => {
    await register('second', 'second@x.ng', 'admin');
    await change().execute({ userId: 'second', role: 'user' }, admin);
    await expect(change().execute({ userId: 'admin', role: 'user' }, admin)).rejects.toMatchObject({ code: 'LAST_ADMIN' });
    await expect(change().execute({ userId: 'nobody', role: 'user' }, admin)).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
  });
});

describe('staff reads', () => {
  const reads: AdminReadModel = {
    vehicleIds: async () => ({ items: [2, 1, 99], total: 3 }),
    users: async () => ({ items: [{ id: 'admin', email: 'admin@voltmarket.ng', emailVerified: true, firstName: null, lastName: null, displayName: 'admin', phone: null, verifiedPhone: null, phoneVerified: false, profileImageUrl: null, role: 'admin', createdAt: '', updatedAt: '', listingCount: 0, activeListingCount: 0 }], total: 1 }),
    allUsers: async function* () { /* nothing to export */ },
    auditEntries: async () => ({ items: [], total: 0 }),
    stats: async (since) => ({ totalUsers: since.getTime(), activeListings: 0, totalVehicles: 0, pendingListings: 0, rejectedListings: 0, staffMembers: 0, newUsersLast7Days: 0, newListingsLast7Days: 0, totalViews: 0, adRevenue: 0, adSales: 0, activeBoosts: 0, pendingPayments: 0 }),
    activity: async () => [],
  };
  const query = { filter: {}, sort: { field: 'id' as const, order: 'ASC' as const }, range: { start: 0, end: 24 } };

  it('are refused to anyone who is not staff', async () => {
    for (const actor of [null, seller]) {
      await expect(new ListAdminVehicles(reads, listings, users, carOfTheWeek).execute(query, actor)).rejects.toMatchObject({ kind: actor ? 'forbidden' : 'unauthenticated' });
      await expect(new ListAdminUsers(reads, staffConfig, phones).execute(query, actor)).rejects.toMatchObject({ kind: actor ? 'forbidden' : 'unauthenticated' });
      await expect(new ListAuditEntries(reads).execute(query, actor)).rejects.toMatchObject({ kind: actor ? 'forbidden' : 'unauthenticated' });
      await expect(new GetAdminStats(reads, clock).execute(undefined, actor)).rejects.toMatchObject({ kind: actor ? 'forbidden' : 'unauthenticated' });
      expect(() => new ExportUsers(reads, phones).execute({ filter: {}, sort: { field: 'id', order: 'ASC' } }, actor)).toThrow();
    }
  });

  it('keep the read model order, skip listings deleted meanwhile, and mark bootstrap staff', async () => {
    const first = await submit();
    const second = await submit();
    const page = await new ListAdminVehicles(reads, listings, users, carOfTheWeek).execute(query, support);
    expect(page.items.map((v) => v.id)).toEqual([second.id, first.id]);
    expect(page.items[0]?.seller).toMatchObject({ email: 'ada@x.ng' });
    const people = await new ListAdminUsers(reads, staffConfig, phones).execute(query, support);
    expect(people.items[0]?.isBootstrapStaff).toBe(true);
    const stats = await new GetAdminStats(reads, clock).execute(undefined, support);
    expect(stats.totalUsers).toBe(clock.now().getTime() - 7 * 24 * 3600_000);
  });
});
