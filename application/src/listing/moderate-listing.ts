import {
  type Actor, type ListingDetailsPatch, type ListingRepository, type ListingStatus,
  type UserRepository, listingNotFound,
} from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import { requireAdmin, requireStaff } from '../shared/guards.js';
import { type ListingView, toListingView } from './listing-views.js';

export type ModerationAction =
  | { kind: 'approve' }
  | { kind: 'reject'; reason?: string }
  | { kind: 'edit'; changes: ListingDetailsPatch & { status?: ListingStatus; rejectionReason?: string } };

/** Support and admins approve, reject or correct any listing. */
export class ModerateListing {
  constructor(
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { id: number; action: ModerationAction }, actor: Actor | null): Promise<ListingView> {
    const staff = requireStaff(actor);
    const listing = await this.listings.findById(input.id);
    if (!listing) throw listingNotFound(input.id);
    const now = this.clock.now();
    const { action } = input;
    if (action.kind === 'approve') listing.approve(now);
    else if (action.kind === 'reject') listing.reject(action.reason, now);
    else listing.editByStaff(action.changes, now);
    await this.listings.save(listing);
    return toListingView(listing, await this.users.findById(listing.sellerId), staff);
  }
}

/** Only admins delete listings, and deletion is permanent. */
export class DeleteListing {
  constructor(private readonly listings: ListingRepository) {}

  async execute(input: { id: number }, actor: Actor | null): Promise<void> {
    requireAdmin(actor);
    const listing = await this.listings.findById(input.id);
    if (!listing) throw listingNotFound(input.id);
    await this.listings.remove(listing);
  }
}
