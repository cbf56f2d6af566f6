import { type Actor, lagosDay } from '@voltmarket/domain';
import type { AdminListQuery, Page } from '../admin/admin-read-model.js';
import { requireStaff } from '../shared/guards.js';
import type { Clock } from '../shared/ports.js';
import type {
  AdminRentalFilter, AdminRentalSort, AdminRentalVehicleFilter, AdminRentalVehicleSort, AdminRentalVehicleView, AdminRentalView, RentalReads,
  RentalSummary,
} from './rental-reads.js';
import { toAdminRentalView } from './rental-views.js';

/** The backoffice's bookings, with what staff may do with each now. */
export class ListAdminRentals {
  constructor(private readonly reads: RentalReads, private readonly clock: Clock) {}

  async execute(query: AdminListQuery<AdminRentalFilter, AdminRentalSort>, actor: Actor | null): Promise<Page<AdminRentalView>> {
    requireStaff(actor);
    const now = this.clock.now();
    const page = await this.reads.adminRentals(query, now);
    return { total: page.total, items: page.items.map((r) => toAdminRentalView(r, now)) };
  }
}

/** The backoffice's rental vehicles: every listing with a daily rate, whatever its status. */
export class ListAdminRentalVehicles {
  constructor(private readonly reads: RentalReads, private readonly clock: Clock) {}

  async execute(query: AdminListQuery<AdminRentalVehicleFilter, AdminRentalVehicleSort>, actor: Actor | null): Promise<Page<AdminRentalVehicleView>> {
    requireStaff(actor);
    return this.reads.adminRentalVehicles(query, lagosDay(this.clock.now()));
  }
}

/** Bookings by status (lapsed requests count as cancelled) and rental vehicles. */
export class GetRentalSummary {
  constructor(private readonly reads: RentalReads, private readonly clock: Clock) {}

  async execute(_input: undefined, actor: Actor | null): Promise<RentalSummary> {
    requireStaff(actor);
    return this.reads.summary(this.clock.now());
  }
}
