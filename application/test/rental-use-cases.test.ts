import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Actor, type CalendarDay, Listing, type ListingDetails, RentalBooking, type RentalBookingRepository, User,
} from '@voltmarket/domain';
import { AuditTrail, ChangeRentalStatus, Notifier, type RentalReads, type RentalRecord } from '../src/index.js';
import { failure } from './support/failure.js';
import { InMemoryConversations, InMemoryNotifications, RecordingLiveEvents } from './support/in-memory-conversations.js';
import { FixedClock, InMemoryAuditLog, InMemoryListingRepository, InMemoryUnitOfWork, InMemoryUserRepository } from './support/in-memory.js';

const owner: Actor = { userId: 'adaOwner', role: 'user' };
const renter: Actor = { userId: 'tundeRenter', role: 'user' };
const support: Actor = { userId: 'solaSupport', role: 'support' };

class InMemoryBookings implements RentalBookingRepository {
  readonly rows = new Map<number, RentalBooking>();
  async add(b: RentalBooking): Promise<RentalBooking> {
    b.id = this.rows.size + 1;
    this.rows.set(b.id, b);
    return b;
  }
  async findById(id: number): Promise<RentalBooking | null> {
    return this.rows.get(id) ?? null;
  }
  async findForUpdate(id: number): Promise<RentalBooking | null> {
    return this.rows.get(id) ?? null;
  }
  async save(b: RentalBooking): Promise<void> {
    this.rows.set(b.id, b);
  }
  async lockVehicle(): Promise<void> {}
  async isHeld(): Promise<boolean> {
    return false;
  }
  async pendingOverlapping(vehicleId: number, startDate: CalendarDay, endDate: CalendarDay, exceptId: number): Promise<RentalBooking[]> {
    return [...this.rows.values()].filter((b) => b.vehicleId === vehicleId && b.id !== exceptId && b.status === 'pending' && b.startDate < endDate && startDate < b.endDate);
  }
  async findPendingDuplicate(): Promise<RentalBooking | null> {
    return null;
  }
  async claimLapsed(): Promise<RentalBooking[]> {
    return [];
  }
}

/** The read side over the in-memory bookings: only what answering a move needs. */
function readsOver(bookings: InMemoryBookings): RentalReads {
  const person = (id: string) => ({ id, name: id, phone: null, email: `${id}@example.ng` });
  const record = (b: RentalBooking): RentalRecord => ({
    ...b, vehicle: { id: b.vehicleId, title: '2022 Hyundai IONIQ 5', brand: 'Hyundai', model: 'IONIQ 5', year: 2022, location: 'Port Harcourt', imageUrl: null },
    renter: person(b.renterId), owner: person(b.ownerId),
  });
  const unused = () => Promise.reject(new Error('not read by these tests'));
  return {
    rentals: async ({ ids }) => {
      const items = [...bookings.rows.values()].filter((b) => !ids || ids.includes(b.id)).map(record);
      return { items, total: items.length };
    },
    vehicles: unused, vehicle: unused, adminRentals: unused, adminRentalVehicles: unused, summary: unused,
  };
}

const details: ListingDetails = {
  title: '2022 Hyundai IONIQ 5', description: 'One owner.', price: 38_500_000, year: 2022, mileage: 21_000, range: 480, vehicleType: 'car',
  brand: 'Hyundai', model: 'IONIQ 5', location: 'Port Harcourt', imageUrls: ['/uploads/a.webp'], batteryHealth: 95, chargingType: 'Both',
  fastChargingTime: null, vin: null, sellerPhone: null, isRentalAvailable: true, dailyRentalRate: 32_000, weeklyRentalRate: null, monthlyRentalRate: null,
};

let clock: FixedClock;
let bookings: InMemoryBookings;
let notifications: InMemoryNotifications;
let change: ChangeRentalStatus;
let pending: number;

beforeEach(async () => {
  clock = new FixedClock(new Date('2026-11-24T10:00:00Z'));
  const listings = new InMemoryListingRepository();
  const users = new InMemoryUserRepository();
  const audit = new InMemoryAuditLog();
  bookings = new InMemoryBookings();
  notifications = new InMemoryNotifications();
  for (const [who, name] of [[owner, 'Ada Okafor'], [renter, 'Tunde Adeyemi'], [support, 'Sola Support']] as const) {
    await users.save(User.register({ uid: who.userId, email: `${who.userId}@example.ng`, emailVerified: true, name, phone: null, signInProvider: 'password' }, clock.now()));
  }
  const listing = Listing.submit(await listings.nextId(), owner.userId, details, clock.now());
  listing.approve(clock.now());
  await listings.save(listing);
  const request = RentalBooking.request({
    vehicleId: listing.id, renterId: renter.userId, ownerId: owner.userId, rates: { daily: 32_000, weekly: null, monthly: null },
    startDate: '2026-12-01', endDate: '2026-12-04', pickupLocation: 'Port Harcourt International Airport', dropoffLocation: 'GRA Phase 2', notes: '',
  }, clock.now());
  pending = (await bookings.add(request)).id;
  const notifier = new Notifier(notifications, new InMemoryConversations(listings, users), new RecordingLiveEvents(), clock);
  change = new ChangeRentalStatus(bookings, listings, users, readsOver(bookings), new AuditTrail(audit, users, clock), notifier, new InMemoryUnitOfWork([bookings], audit), clock);
});

const noticesFor = (who: Actor) => [...notifications.rows.values()].filter((n) => n.userId === who.userId);

describe('calling a rental request off', () => {
  it('the renter withdraws, with or without a reason, and the owner hears of it', async () => {
    const view = await change.execute({ id: pending, action: 'withdraw' }, renter);
    expect(view).toMatchObject({ status: 'cancelled', cancelledBy: 'renter', actions: [] });
    expect(noticesFor(owner).map((n) => n.title)).toEqual(['Rental cancelled by the renter']);
  });

  it('the owner cannot withdraw as a renter would: 403 pointing to declining with a reason, and nothing changes', async () => {
    const refused = await failure(change.execute({ id: pending, action: 'withdraw' }, owner));
    expect(refused).toMatchObject({ kind: 'forbidden', code: 'RENTAL_DECLINE_WITH_REASON' });
    expect(refused.message).toMatch(/decline/i);
    expect(refused.message).toMatch(/reason/i);
    expect(bookings.rows.get(pending)).toMatchObject({ status: 'pending', cancelReason: null, cancelledBy: null });
    expect(notifications.rows.size).toBe(0);
  });

  it('nor can staff, or anyone else', async () => {
    expect(await failure(change.execute({ id: pending, action: 'withdraw' }, support))).toMatchObject({ kind: 'forbidden', code: 'RENTAL_NOT_ALLOWED' });
    expect(await failure(change.execute({ id: pending, action: 'withdraw' }, { userId: 'stranger', role: 'user' }))).toMatchObject({ kind: 'forbidden' });
    expect(bookings.rows.get(pending)!.status).toBe('pending');
  });

  it('the owner declines only with a reason, which the renter is told', async () => {
    const bare = await failure(change.execute({ id: pending, action: 'cancel', reason: '   ' }, owner));
    expect(bare).toMatchObject({ kind: 'validation' });
    expect(bare.details).toEqual([{ field: 'reason', message: 'Tell the renter why you are declining' }]);
    expect(bookings.rows.get(pending)!.status).toBe('pending');

    const view = await change.execute({ id: pending, action: 'cancel', reason: 'The car is in for service that week' }, owner);
    expect(view).toMatchObject({ status: 'cancelled', cancelledBy: 'owner', cancelReason: 'The car is in for service that week' });
    const [told] = noticesFor(renter);
    expect(told).toMatchObject({ title: 'Rental request declined' });
    expect(told!.message).toContain('Reason: The car is in for service that week');
  });

  it('staff cancel only with a reason too', async () => {
    const bare = await failure(change.execute({ id: pending, action: 'cancel', asStaff: true }, support));
    expect(bare.details.map((d) => d.field)).toEqual(['reason']);
    const view = await change.execute({ id: pending, action: 'cancel', reason: 'Renter asked by phone', asStaff: true }, support);
    expect(view).toMatchObject({ status: 'cancelled', cancelledBy: 'staff', cancelReason: 'Renter asked by phone' });
  });
});
