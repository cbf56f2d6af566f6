import { type Actor, DomainError, rentalNotFound } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import type { Clock } from '../shared/ports.js';
import type { RentalReads, RentalView } from './rental-reads.js';
import { bookingOf, toRentalView } from './rental-views.js';

/** One booking, for its renter, its vehicle's owner or staff. */
export class GetRental {
  constructor(private readonly reads: RentalReads, private readonly clock: Clock) {}

  async execute(input: { id: number }, actor: Actor | null): Promise<RentalView> {
    const me = requireSignedIn(actor);
    const now = this.clock.now();
    const { items: [record] } = await this.reads.rentals({ ids: [input.id] }, 1, 0, now);
    if (!record) throw rentalNotFound(input.id);
    if (bookingOf(record).roleOf(me) === 'other') throw new DomainError('forbidden', 'NOT_YOUR_RENTAL', 'Only the renter, the vehicle\'s owner or staff can see this booking.');
    return toRentalView(record, me, now);
  }
}
