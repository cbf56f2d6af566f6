import {
  type Actor, CarOfTheWeekPick, type CarOfTheWeekPicks, type ListingRepository, type UserRepository, listingNotFound,
} from '@voltmarket/domain';
import type { AuditTrail } from '../admin/audit-trail.js';
import { requireStaff } from '../shared/guards.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { type CurrentCarOfTheWeek, pickWithdrawn } from './car-of-the-week.js';
import { type AdminListingView, toAdminListingView } from './listing-views.js';

/** Support or an admin makes a live listing this week's car of the week; a pick replaces the week's earlier one. */
export class PickCarOfTheWeek {
  constructor(
    private readonly listings: ListingRepository,
    private readonly picks: CarOfTheWeekPicks,
    private readonly users: UserRepository,
    private readonly trail: AuditTrail,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
    private readonly carOfTheWeek: CurrentCarOfTheWeek,
  ) {}

  async execute(input: { id: number }, actor: Actor | null): Promise<AdminListingView> {
    const staff = requireStaff(actor);
    const listing = await this.work.run(async () => {
      // Locked, so the listing cannot be taken down while it is being picked.
      const listing = await this.listings.findForUpdate(input.id);
      if (!listing) throw listingNotFound(input.id);
      const pick = CarOfTheWeekPick.make(listing, staff.userId, this.clock.now());
      const previousId = (await this.picks.findForWeek(pick.weekOf))?.listingId;
      if (previousId === listing.id) return listing;
      await this.picks.save(pick);
      const replaced = previousId === undefined ? null : await this.listings.findById(previousId);
      if (replaced) await this.trail.record(staff, pickWithdrawn(replaced, pick.weekOf));
      await this.trail.record(staff, {
        action: 'vehicle.car_of_the_week_picked', resource: 'vehicles', recordId: String(listing.id), recordLabel: listing.title,
        before: { carOfTheWeekPick: null }, after: { carOfTheWeekPick: pick.weekOf },
      });
      return listing;
    });
    this.carOfTheWeek.forget();
    return toAdminListingView(listing, await this.users.findById(listing.sellerId), staff, await this.carOfTheWeek.standing(), this.clock.now());
  }
}
