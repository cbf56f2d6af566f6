import type { ChatFacts, NameAudience } from '@voltmarket/domain';
import type { FoundListing } from '../listing/listing-search.js';
import type { PersonName, Rating } from '../review/review-ports.js';

export interface SellerFacts extends PersonName {
  id: string;
  emailVerified: boolean;
  phoneVerified: boolean;
  /** Their business name when staff verified them as a dealer. */
  verifiedDealerName: string | null;
  memberSince: Date;
  liveListings: number;
  soldListings: number;
  /** Cities of their live listings, most listings first. */
  cities: string[];
  rating: Rating | null;
  chats: ChatFacts;
}

export const SELLER_LISTING_SORTS = ['newest', 'price_asc', 'price_desc'] as const;
export type SellerListingSort = (typeof SELLER_LISTING_SORTS)[number];

/** What a seller's public page reads. */
export interface SellerReads {
  /** Null when there is no such person. Chats counted from `chatsSince`. */
  facts(userId: string, chatsSince: Date): Promise<SellerFacts | null>;
  liveListings(userId: string, sort: SellerListingSort, offset: number, limit: number, audience: NameAudience): Promise<{ items: FoundListing[]; total: number }>;
}
