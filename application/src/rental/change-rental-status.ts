import {
  type Actor, DATES_TAKEN_REASON, DomainError, isStaff, type ListingRepository, type RentalAction, type RentalBookingRepository, rentalNotFound,
  type RentalRole, rentalChangedByStaffNotice, rentalStatusNotice, rentalWithdrawnNotice, sellerDisplayName, type UserRepository,
} from '@voltmarket/domain';
import type { AuditTrail } from '../admin/audit-trail.js';
import type { Notifier } from '../notification/notifier.js';
import { requireSignedIn, requireStaff } from '../shared/guards.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { AdminRentalView, RentalReads, RentalView } from './rental-reads.js';
import { toAdminRentalView, toRentalView } from './rental-views.js';

export interface RentalMove {
  id: number;
  /** `withdraw` is the renter's own way out; the owner and staff `cancel` (decline) with a reason. */
  action: RentalAction | 'withdraw';
  reason?: string;
  /** The backoffice acts as staff even on a booking of a staff member's own vehicle. */
  asStaff?: boolean;
}

/**
 * Moves a booking on: the renter withdraws; the owner or staff confirm, decline, start and complete.
 * Changes to one vehicle's bookings run one at a time, and confirming cancels the other pending
 * requests for the same days; the database refuses two confirmed bookings holding one day (409).
 * Staff actions are audited; the renter hears of every change, the owner of the renter's and staff's.
 */
export class ChangeRentalStatus {
  constructor(
    private readonly bookings: RentalBookingRepository,
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
    private readonly reads: RentalReads,
    private readonly trail: AuditTrail,
    private readonly notifier: Notifier,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** Answers the booking as the backoffice reads it when acting as staff, else as its renter or owner reads it. */
  async execute(input: RentalMove & { asStaff: true }, actor: Actor | null): Promise<AdminRentalView>;
  async execute(input: RentalMove, actor: Actor | null): Promise<RentalView>;
  async execute(input: RentalMove, actor: Actor | null): Promise<RentalView | AdminRentalView> {
    const me = input.asStaff ? requireStaff(actor) : requireSignedIn(actor);
    await this.work.run(async () => {
      const seen = await this.bookings.findById(input.id);
      if (!seen) throw rentalNotFound(input.id);
      // The vehicle first, then the row: every change to a vehicle's bookings takes the locks in this order.
      await this.bookings.lockVehicle(seen.vehicleId);
      const booking = (await this.bookings.findForUpdate(input.id))!;
      const role: RentalRole = input.asStaff ? 'staff' : booking.roleOf(me);
      const now = this.clock.now();
      const before = { status: booking.status, cancelReason: booking.cancelReason };
      const listing = await this.listings.findById(booking.vehicleId);
      if (input.action === 'withdraw') booking.withdraw(role, now, input.reason);
      else booking.act(input.action, role, now, input.reason);
      if (input.action === 'confirm' && !listing?.isPublic()) {
        throw new DomainError('rule', 'VEHICLE_NOT_LISTED', 'This vehicle is no longer listed, so the booking cannot be confirmed; decline it instead.');
      }
      await this.bookings.save(booking);
      const title = listing?.title ?? `Vehicle ${booking.vehicleId}`;

      if (input.action === 'confirm') {
        for (const other of await this.bookings.pendingOverlapping(booking.vehicleId, booking.startDate, booking.endDate, booking.id)) {
          other.cancelBySystem(DATES_TAKEN_REASON, now);
          await this.bookings.save(other);
          await this.notifier.notify(rentalStatusNotice(other, title));
        }
      }
      if (role === 'staff' && isStaff(me)) {
        await this.trail.record(me, {
          action: 'rental.status_changed', resource: 'rentals', recordId: String(booking.id), recordLabel: `${title}, ${booking.startDate} – ${booking.endDate}`,
          before, after: { status: booking.status, cancelReason: booking.cancelReason },
        });
      }
      if (role !== 'renter') await this.notifier.notify(rentalStatusNotice(booking, title));
      if (role === 'renter' || (role === 'staff' && booking.ownerId !== me.userId)) {
        const renter = await this.users.findById(booking.renterId);
        const renterName = renter ? sellerDisplayName(renter, 'member') : 'The renter';
        await this.notifier.notify(role === 'renter' ? rentalWithdrawnNotice(booking, title, renterName) : rentalChangedByStaffNotice(booking, title));
      }
    });
    const now = this.clock.now();
    const { items: [record] } = await this.reads.rentals({ ids: [input.id] }, 1, 0, now);
    return input.asStaff ? toAdminRentalView(record!, now) : toRentalView(record!, me, now);
  }
}
