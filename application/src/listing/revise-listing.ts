import {
  type Actor, type ListingDetailsPatch, type ListingRepository, type ModerationPolicy,
  type UserRepository, listingNotFound, notListingOwner,
} from '@voltmarket/domain';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { AlertQueue } from '../alerts/alert-ports.js';
import { queueAlerts } from './moderate-listing.js';
import { requireSignedIn } from '../shared/guards.js';
import type { CurrentCarOfTheWeek } from './car-of-the-week.js';
import { claimNewPhotos, type UploadLedger } from './upload-ledger.js';
import { type PhoneNumbers, storedPhone } from '../shared/phone-numbers.js';
import { type ListingView, toListingView } from './listing-views.js';
import type { ScreenListing } from './screen-listing.js';

/** The seller corrects their own listing. */
export class ReviseListing {
  constructor(
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
    private readonly clock: Clock,
    private readonly policy: ModerationPolicy,
    private readonly carOfTheWeek: CurrentCarOfTheWeek,
    private readonly uploads: UploadLedger,
    private readonly phones: PhoneNumbers,
    private readonly work: UnitOfWork,
    private readonly alerts: AlertQueue,
    private readonly screening: Pick<ScreenListing, 'execute'>,
  ) {}

  async execute(input: { id: number; changes: ListingDetailsPatch }, actor: Actor | null): Promise<ListingView> {
    const seller = requireSignedIn(actor);
    const changes = { ...input.changes, sellerPhone: storedPhone(this.phones, input.changes.sellerPhone, 'sellerPhone') };
    const listing = await this.work.run(async () => {
      const listing = await this.listings.findForUpdate(input.id);
      if (!listing || !listing.isVisibleTo(seller)) throw listingNotFound(input.id);
      if (!listing.isOwnedBy(seller)) throw notListingOwner();
      const photosBefore = listing.imageUrls;
      const [statusBefore, priceBefore] = [listing.status, listing.price];
      const now = this.clock.now();
      listing.reviseBySeller(changes, now, this.policy);
      await claimNewPhotos(this.uploads, listing.imageUrls, photosBefore, seller.userId);
      // Back in review: moderators see what screening finds in the edited listing.
      if (listing.status === 'pending') {
        listing.flagForModeration(await this.screening.execute({ ...listing, listingId: listing.id, sellerId: listing.sellerId }));
      }
      await this.listings.save(listing);
      // A lower price on a live listing may be what a buyer's price alert waits for.
      await queueAlerts(this.alerts, { id: listing.id, statusBefore, priceBefore, status: listing.status, price: listing.price }, now);
      return listing;
    });
    return toListingView(listing, await this.users.findById(listing.sellerId), seller, await this.carOfTheWeek.listingId(), this.clock.now());
  }
}
