import {
  type Actor, lagosDay, type ListingRepository, listingNotFound, nextRentalSettings, type RentalSettingsPatch,
} from '@voltmarket/domain';
import type { AuditTrail } from '../admin/audit-trail.js';
import { requireStaff } from '../shared/guards.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { AdminRentalVehicleView, RentalReads } from './rental-reads.js';

/** Staff set a vehicle's rental rates and whether it takes requests; a bad rate is refused, never stored as 0. Audited. */
export class UpdateRentalSettings {
  constructor(
    private readonly listings: ListingRepository,
    private readonly reads: RentalReads,
    private readonly trail: AuditTrail,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { id: number; patch: RentalSettingsPatch }, actor: Actor | null): Promise<AdminRentalVehicleView> {
    const staff = requireStaff(actor);
    await this.work.run(async () => {
      const listing = await this.listings.findForUpdate(input.id);
      if (!listing) throw listingNotFound(input.id);
      const before = { isRentalAvailable: listing.isRentalAvailable, dailyRentalRate: listing.dailyRentalRate, weeklyRentalRate: listing.weeklyRentalRate, monthlyRentalRate: listing.monthlyRentalRate };
      const next = nextRentalSettings(listing, input.patch);
      if (JSON.stringify(next) === JSON.stringify(before)) return;
      Object.assign(listing, next);
      listing.updatedAt = this.clock.now();
      await this.listings.save(listing);
      await this.trail.record(staff, {
        action: 'vehicle.rental_settings_changed', resource: 'vehicles', recordId: String(listing.id), recordLabel: listing.title, before, after: { ...next },
      });
    });
    const { items } = await this.reads.adminRentalVehicles({ filter: { ids: [input.id] }, sort: { field: 'id', order: 'ASC' }, range: { start: 0, end: 0 } }, lagosDay(this.clock.now()));
    return items[0]!;
  }
}
