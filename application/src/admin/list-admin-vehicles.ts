import type { Actor, ListingRepository, UserRepository } from '@voltmarket/domain';
import type { CurrentCarOfTheWeek } from '../listing/car-of-the-week.js';
import { type AdminListingView, toAdminListingView } from '../listing/listing-views.js';
import { requireStaff } from '../shared/guards.js';
import type { AdminListQuery, AdminReadModel, AdminVehicleFilter, AdminVehicleSort, Page } from './admin-read-model.js';

/** Listings in every status for staff, with the seller's contact details. */
export class ListAdminVehicles {
  constructor(
    private readonly reads: AdminReadModel,
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
    private readonly carOfTheWeek: CurrentCarOfTheWeek,
  ) {}

  async execute(query: AdminListQuery<AdminVehicleFilter, AdminVehicleSort>, actor: Actor | null): Promise<Page<AdminListingView>> {
    const staff = requireStaff(actor);
    const [{ items: ids, total }, standing] = await Promise.all([this.reads.vehicleIds(query), this.carOfTheWeek.standing()]);
    const listings = new Map((await this.listings.findByIds(ids)).map((l) => [l.id, l]));
    const sellers = new Map((await this.users.findByIds([...new Set([...listings.values()].map((l) => l.sellerId))])).map((u) => [u.id, u]));
    const items = ids.flatMap((id) => {
      const listing = listings.get(id);
      return listing ? [toAdminListingView(listing, sellers.get(listing.sellerId) ?? null, staff, standing)] : [];
    });
    return { items, total };
  }
}
