import type { Actor, RentalStatus } from '@voltmarket/domain';
import type { Page } from '../admin/admin-read-model.js';
import { requireSignedIn } from '../shared/guards.js';
import type { Clock } from '../shared/ports.js';
import type { RentalReads, RentalView } from './rental-reads.js';
import { toRentalView } from './rental-views.js';

/** The caller's bookings: as a renter, or as the owner of the vehicles; newest first. */
export class ListMyRentals {
  constructor(private readonly reads: RentalReads, private readonly clock: Clock) {}

  async execute(input: { as: 'renter' | 'owner'; status?: RentalStatus; limit: number; offset: number }, actor: Actor | null): Promise<Page<RentalView>> {
    const me = requireSignedIn(actor);
    const now = this.clock.now();
    const whose = input.as === 'owner' ? { ownerId: me.userId } : { renterId: me.userId };
    const page = await this.reads.rentals({ ...whose, ...(input.status ? { status: input.status } : {}) }, input.limit, input.offset, now);
    return { total: page.total, items: page.items.map((r) => toRentalView(r, me, now)) };
  }
}
