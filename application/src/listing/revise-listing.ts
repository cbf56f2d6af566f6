import {
  type Actor, type ListingDetailsPatch, type ListingRepository, type ModerationPolicy,
  type UserRepository, listingNotFound, notListingOwner,
} from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import { requireSignedIn } from '../shared/guards.js';
import type { CurrentCarOfTheWeek } from './car-of-the-week.js';
import { claimNewPhotos, type UploadLedger } from './upload-ledger.js';
import { type PhoneNumbers, storedPhone } from '../shared/phone-numbers.js';
import { type ListingView, toListingView } from './listing-views.js';

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
  ) {}

  async execute(input: { id: number; changes: ListingDetailsPatch }, actor: Actor | null): Promise<ListingView> {
    const seller = requireSignedIn(actor);
    const listing = await this.listings.findById(input.id);
    if (!listing || !listing.isVisibleTo(seller)) throw listingNotFound(input.id);
    if (!listing.isOwnedBy(seller)) throw notListingOwner();
    const photosBefore = listing.imageUrls;
    const changes = { ...input.changes, sellerPhone: storedPhone(this.phones, input.changes.sellerPhone, 'sellerPhone') };
    listing.reviseBySeller(changes, this.clock.now(), this.policy);
    await claimNewPhotos(this.uploads, listing.imageUrls, photosBefore, seller.userId);
    await this.listings.save(listing);
    return toListingView(listing, await this.users.findById(listing.sellerId), seller, await this.carOfTheWeek.listingId(), this.clock.now());
  }
}
