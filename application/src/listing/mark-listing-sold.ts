import { type Actor, type ListingRepository, type UserRepository, listingNotFound, notListingOwner } from '@voltmarket/domain';
import type { Notifier } from '../notification/notifier.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { requireSignedIn } from '../shared/guards.js';
import type { CurrentCarOfTheWeek } from './car-of-the-week.js';
import { type ListingView, toListingView } from './listing-views.js';

/**
 * The seller marks their live listing sold: it leaves search at once, its page says Sold, and its
 * last asking price counts in the market price of its model and year for a year. There is no undo
 * for the seller (staff can correct a mistake in the backoffice).
 */
export class MarkListingSold {
  constructor(
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
    private readonly carOfTheWeek: CurrentCarOfTheWeek,
    private readonly notifier: Notifier | null = null,
  ) {}

  async execute(input: { id: number }, actor: Actor | null): Promise<ListingView> {
    const seller = requireSignedIn(actor);
    const listing = await this.work.run(async () => {
      const listing = await this.listings.findForUpdate(input.id);
      if (!listing || !listing.isVisibleTo(seller)) throw listingNotFound(input.id);
      if (!listing.isOwnedBy(seller)) throw notListingOwner();
      listing.markSold(this.clock.now());
      await this.listings.save(listing);
      await this.notifier?.tell([{ userId: listing.sellerId, event: 'listing.sold', data: { vehicleId: listing.id, title: listing.title, price: listing.price } }]);
      return listing;
    });
    // It may have been the car of the week: decide again at once.
    this.carOfTheWeek.forget();
    return toListingView(listing, await this.users.findById(listing.sellerId), seller, await this.carOfTheWeek.listingId(), this.clock.now());
  }
}
