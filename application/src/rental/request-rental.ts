import {
  type Actor, DomainError, datesTaken, type ListingRepository, RentalBooking, type RentalBookingRepository, rentalRatesOf,
  rentalRequestedNotice, rentalVehicleNotFound, sellerDisplayName, type UserRepository, whyNotRentable, checkStay,
} from '@voltmarket/domain';
import type { Notifier } from '../notification/notifier.js';
import { requireActiveMember } from '../shared/guards.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { RentalReads, RentalView } from './rental-reads.js';
import { toRentalView } from './rental-views.js';

export interface RentalRequest {
  vehicleId: number;
  startDate: string;
  endDate: string;
  pickupLocation: string;
  dropoffLocation: string;
  notes: string;
}

/**
 * A signed-in renter asks to rent a live vehicle for some days. The stay is priced here, from the
 * vehicle's rates now; its owner is told. Days another booking holds are refused at once (409), as
 * is a second identical request from the same renter.
 */
export class RequestRental {
  constructor(
    private readonly listings: ListingRepository,
    private readonly bookings: RentalBookingRepository,
    private readonly users: UserRepository,
    private readonly reads: RentalReads,
    private readonly notifier: Notifier,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: RentalRequest, actor: Actor | null): Promise<RentalView> {
    const me = requireActiveMember(actor);
    const now = this.clock.now();
    checkStay(input, now); // bad dates are a 400 before anything is looked up
    const id = await this.work.run(async () => {
      const listing = await this.listings.findById(input.vehicleId);
      if (!listing) throw rentalVehicleNotFound(input.vehicleId);
      const refusal = whyNotRentable(listing);
      if (refusal) throw refusal;
      const booking = RentalBooking.request({
        ...input, renterId: me.userId, ownerId: listing.sellerId, rates: rentalRatesOf(listing)!,
      }, now);
      await this.bookings.lockVehicle(listing.id);
      if (await this.bookings.isHeld(listing.id, booking.startDate, booking.endDate)) throw datesTaken();
      if (await this.bookings.findPendingDuplicate(listing.id, me.userId, booking.startDate, booking.endDate)) {
        throw new DomainError('conflict', 'DUPLICATE_RENTAL_REQUEST', 'You have already asked for some of these dates; wait for the owner\'s answer or cancel that request first.');
      }
      const stored = await this.bookings.add(booking);
      const renter = await this.users.findById(me.userId);
      await this.notifier.notify(rentalRequestedNotice(stored, listing.title, renter ? sellerDisplayName(renter, 'member') : 'A renter'));
      return stored.id;
    });
    const { items } = await this.reads.rentals({ ids: [id] }, 1, 0, this.clock.now());
    return toRentalView(items[0]!, me, this.clock.now());
  }
}
