import { type Actor, type ListingRepository, listingNotFound, notListingOwner } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import { releasePhotos, type UploadLedger } from './upload-ledger.js';
import type { ImageStore } from './image-store.js';

/** The seller removes their own listing for good. */
export class WithdrawListing {
  constructor(
    private readonly listings: ListingRepository,
    private readonly uploads: UploadLedger,
    private readonly images: ImageStore,
  ) {}

  async execute(input: { id: number }, actor: Actor | null): Promise<void> {
    const seller = requireSignedIn(actor);
    const listing = await this.listings.findById(input.id);
    if (!listing || !listing.isVisibleTo(seller)) throw listingNotFound(input.id);
    if (!listing.isOwnedBy(seller)) throw notListingOwner();
    await this.listings.remove(listing);
    await releasePhotos(this.uploads, this.images, listing.imageUrls);
  }
}
