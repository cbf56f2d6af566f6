import { type Actor, DomainError, type ListingRepository, listingNotFound, type WishlistRepository } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import type { Clock } from '../shared/ports.js';
import type { ListingActivity } from '../analytics/analytics-ports.js';
import type { WishlistItemView, WishlistReads } from './wishlist-reads.js';

/** Saves a live listing to the caller's wishlist; saving it again changes nothing. */
export class AddToWishlist {
  constructor(
    private readonly wishlist: WishlistRepository,
    private readonly reads: WishlistReads,
    private readonly listings: ListingRepository,
    private readonly clock: Clock,
    private readonly activity: ListingActivity,
  ) {}

  async execute(input: { vehicleId: number }, actor: Actor | null): Promise<{ item: WishlistItemView; added: boolean }> {
    const me = requireSignedIn(actor);
    const listing = await this.listings.findById(input.vehicleId);
    if (!listing) throw listingNotFound(input.vehicleId);
    const saved = await this.reads.item(me.userId, listing.id);
    if (saved) return { item: saved, added: false };
    // Only what buyers can see may be saved; one saved earlier stays when it leaves the market. To
    // anyone but its seller and staff, a listing off the market is not there at all, as on its page.
    if (!listing.isVisibleTo(actor)) throw listingNotFound(input.vehicleId);
    if (listing.status !== 'active') throw new DomainError('rule', 'LISTING_NOT_AVAILABLE', 'Only a live listing can be saved to a wishlist.');
    const { added } = await this.wishlist.add({ userId: me.userId, vehicleId: listing.id, title: listing.title, createdAt: this.clock.now() });
    if (added) this.activity.saved(listing.id);
    const item = await this.reads.item(me.userId, listing.id);
    if (!item) throw listingNotFound(input.vehicleId);
    return { item, added };
  }
}
