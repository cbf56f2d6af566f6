import type { Actor, ListingRepository, UserRepository } from '@voltmarket/domain';
import { type ListingView, toListingView } from '../listing/listing-views.js';
import { requireStaff } from '../shared/guards.js';
import type { AdminListQuery, AdminReadModel, AdminVehicleFilter, AdminVehicleSort, Page } from './admin-read-model.js';

/** Listings in every status for staff, with the seller's contact details. */
export class ListAdminVehicles {
  constructor(
    private readonly reads: AdminReadModel,
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
  ) {}

  async execute(query: AdminListQuery<AdminVehicleFilter, AdminVehicleSort>, actor: Actor | null): Promise<Page<ListingView>> {
    const staff = requireStaff(actor);
    const { items: ids, total } = await this.reads.vehicleIds(query);
    const listings = new Map((await this.listings.findByIds(ids)).map((l) => [l.id, l]));
    const sellers = new Map((await this.users.findByIds([...new Set([...listings.values()].map((l) => l.sellerId))])).map((u) => [u.id, u]));
    const items = ids.flatMap((id) => {
      const listing = listings.get(id);
      return listing ? [toListingView(listing, sellers.get(listing.sellerId) ?? null, staff)] : [];
    });
    return { items, total };
  }
}
