import { EXPIRED_REASON, type ListingRepository, type RentalBookingRepository, rentalStatusNotice } from '@voltmarket/domain';
import type { Notifier } from '../notification/notifier.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';

const BATCH = 200;

/**
 * Cancels pending requests nobody answered in time (48 hours, or by the end of the start day), reason
 * "expired", and tells each renter. Screens already read them as cancelled; this makes it so and
 * sends the news. Rows are claimed with SKIP LOCKED, so replicas never expire one twice.
 */
export class ExpireRentalRequests {
  constructor(
    private readonly bookings: RentalBookingRepository,
    private readonly listings: ListingRepository,
    private readonly notifier: Notifier,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<{ expired: number }> {
    let expired = 0;
    for (;;) {
      const done = await this.work.run(async () => {
        const now = this.clock.now();
        const lapsed = await this.bookings.claimLapsed(now, BATCH);
        for (const booking of lapsed) {
          booking.cancelBySystem(EXPIRED_REASON, now);
          await this.bookings.save(booking);
          const title = (await this.listings.findById(booking.vehicleId))?.title ?? `Vehicle ${booking.vehicleId}`;
          await this.notifier.notify(rentalStatusNotice(booking, title));
        }
        return lapsed.length;
      });
      expired += done;
      if (done < BATCH) return { expired };
    }
  }
}
