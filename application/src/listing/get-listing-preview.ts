import type { ImageStore, ShareCard } from './image-store.js';
import type { ListingPreview, ListingSearch } from './listing-search.js';

export interface SharedListing extends ListingPreview {
  /** The cover photo as a JPEG card for link previews. */
  shareCard: ShareCard | null;
}

/** A live listing as a shared link shows it. Counts no view: link previews are fetched by robots. */
export class GetListingPreview {
  constructor(private readonly search: ListingSearch, private readonly images: ImageStore) {}

  async execute(input: { id: number }): Promise<SharedListing | null> {
    const listing = await this.search.publicPreview(input.id);
    if (!listing) return null;
    return { ...listing, shareCard: listing.imageUrl ? await this.images.shareCard(listing.imageUrl) : null };
  }
}
