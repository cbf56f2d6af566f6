import {
  isDistinctiveHash, type ModerationFlag, REUSED_PHOTO_LOOKBACK_DAYS, REUSED_PHOTO_MAX_DISTANCE, priceFlag, reusedPhotoFlags,
} from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import type { MarketPriceStore } from '../market/market-price-ports.js';
import type { ImageStore } from './image-store.js';
import type { PhotoHashes } from './photo-hashes.js';

export interface ListingToScreen {
  listingId: number;
  sellerId: string;
  imageUrls: readonly string[];
  brand: string;
  model: string;
  year: number;
  price: number;
}

const DAY_MS = 86_400_000;

/**
 * Looks at a listing on its way to review for signs of a scam: a photo another seller's live or
 * recent listing already shows, and an asking price under half the market median. The flags are
 * for moderators; nothing is refused here.
 */
export class ScreenListing {
  constructor(
    private readonly hashes: PhotoHashes,
    private readonly images: Pick<ImageStore, 'photoHash'>,
    private readonly marketPrices: Pick<MarketPriceStore, 'find'>,
    private readonly clock: Clock,
  ) {}

  async execute(input: ListingToScreen): Promise<ModerationFlag[]> {
    const [photos, market] = await Promise.all([this.reusedPhotos(input), this.marketPrices.find(input)]);
    return [...photos, ...priceFlag(input.price, market?.median)];
  }

  private async reusedPhotos(input: ListingToScreen): Promise<ModerationFlag[]> {
    const urls = [...new Set(input.imageUrls)];
    const known = await this.hashes.find(urls);
    const lookup = {
      sellerId: input.sellerId, listingId: input.listingId, maxDistance: REUSED_PHOTO_MAX_DISTANCE,
      since: new Date(this.clock.now().getTime() - REUSED_PHOTO_LOOKBACK_DAYS * DAY_MS),
    };
    const matches = [];
    for (const url of urls) {
      const hash = known.get(url) ?? await this.hashNow(url, input.sellerId);
      // A featureless picture (one colour) would match every other one: it proves nothing.
      if (hash === null || !isDistinctiveHash(hash)) continue;
      for (const other of await this.hashes.usedByOthers(hash, { ...lookup, photoUrl: url })) {
        matches.push({ photoUrl: url, otherListingId: other.listingId, otherPhotoUrl: other.url, distance: other.distance });
      }
    }
    return reusedPhotoFlags(matches);
  }

  /** A photo stored before hashes were kept (or whose hash was lost) is hashed on first screening. */
  private async hashNow(url: string, sellerId: string): Promise<bigint | null> {
    const hash = await this.images.photoHash(url);
    if (hash !== null) await this.hashes.record({ url, uploaderId: sellerId, hash, at: this.clock.now() });
    return hash;
  }
}
