import { type Actor, Listing, type ListingDetails, type ListingRepository, type UserRepository } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import { requireActiveMember } from '../shared/guards.js';
import { claimNewPhotos, type UploadLedger } from './upload-ledger.js';
import { type PhoneNumbers, storedPhone } from '../shared/phone-numbers.js';
import { type ListingView, toListingView } from './listing-views.js';
import type { ScreenListing } from './screen-listing.js';

/** A signed-in seller submits a vehicle; it stays hidden until a moderator approves it, with what screening found for them. */
export class SubmitListing {
  constructor(
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
    private readonly clock: Clock,
    private readonly uploads: UploadLedger,
    private readonly phones: PhoneNumbers,
    private readonly screening: Pick<ScreenListing, 'execute'>,
  ) {}

  async execute(input: ListingDetails, actor: Actor | null): Promise<ListingView> {
    const seller = requireActiveMember(actor);
    const details = { ...input, sellerPhone: storedPhone(this.phones, input.sellerPhone, 'sellerPhone') ?? null };
    const listing = Listing.submit(await this.listings.nextId(), seller.userId, details, this.clock.now());
    await claimNewPhotos(this.uploads, listing.imageUrls, [], seller.userId);
    listing.flagForModeration(await this.screening.execute({ ...listing, listingId: listing.id, sellerId: listing.sellerId }));
    await this.listings.save(listing);
    // A new listing is pending, so it cannot be the car of the week.
    return toListingView(listing, await this.users.findById(seller.userId), seller, null, this.clock.now());
  }
}
