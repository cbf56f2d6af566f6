import {
  type Actor, type CarOfTheWeekPicks, type ListingRepository, type UserRepository, listingNotFound, marketplaceWeek,
  notCarOfTheWeekPick,
} from '@voltmarket/domain';
import type { AuditTrail } from '../admin/audit-trail.js';
import { requireStaff } from '../shared/guards.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { type CurrentCarOfTheWeek, pickWithdrawn } from './car-of-the-week.js';
import { type AdminListingView, toAdminListingView } from './listing-views.js';

/** Staff take back this week's pick; the most viewed recent listing is car of the week again. */
export class WithdrawCarOfTheWeek {
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
      const listing = await this.listings.findById(input.id);
      if (!listing) throw listingNotFound(input.id);
      const { weekOf } = marketplaceWeek(this.clock.now());
      const pick = await this.picks.findForWeek(weekOf);
      if (pick?.listingId !== listing.id) throw notCarOfTheWeekPick(listing.id, weekOf);
      await this.picks.remove(pick);
      await this.trail.record(staff, pickWithdrawn(listing, weekOf));
      return listing;
    });
    this.carOfTheWeek.forget();
    return toAdminListingView(listing, await this.users.findById(listing.sellerId), staff, await this.carOfTheWeek.standing(), this.clock.now());
  }
}
