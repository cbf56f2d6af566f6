import type { ChargingType, ListingStatus, VehicleType } from '@voltmarket/domain';

export const LISTING_SORTS = [
  'default', 'newest', 'oldest', 'price_desc', 'price_asc',
  'mileage_desc', 'mileage_asc', 'year_desc', 'year_asc',
] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export const SEARCH_PAGE = { defaultLimit: 24, maxLimit: 100, maxOffset: 10_000 } as const;

export interface ListingCriteria {
  vehicleType?: VehicleType;
  location?: string;
  brand?: string;
  minPrice?: number;
  maxPrice?: number;
  search?: string;
  /** The search with catalogue typos corrected, tried when the words as typed find nothing. */
  correctedSearch?: string;
  sort: ListingSort;
  limit: number;
  offset: number;
}

/** A listing as a search result card shows it. */
export interface ListingSummary {
  id: number;
  title: string;
  price: number;
  year: number;
  mileage: number;
  range: number;
  vehicleType: VehicleType;
  brand: string;
  model: string;
  location: string;
  imageUrls: string[];
  batteryHealth: number;
  chargingType: ChargingType;
  isVerified: boolean;
  isPremium: boolean;
  isRentalAvailable: boolean;
  status: ListingStatus;
  views: number;
  sellerId: string;
  seller: { id: string; name: string };
  createdAt: string;
  updatedAt: string;
}

/** A seller's own listing: what buyers see plus why moderators turned it away, if they did. */
export interface OwnListingSummary extends ListingSummary {
  rejectionReason: string | null;
}

export interface ListingPage {
  items: ListingSummary[];
  total: number;
}

/** The marketplace in numbers, counting live (active) listings only. */
export interface MarketplaceStats {
  activeListings: number;
  /** Sellers with at least one live listing. */
  sellers: number;
  /** Cities with at least one live listing. */
  cities: number;
}

/** Read side for listings: filtered, ranked, paginated, straight from the database. */
export interface ListingSearch {
  searchPublic(criteria: ListingCriteria): Promise<ListingPage>;
  listBySeller(sellerId: string): Promise<OwnListingSummary[]>;
  marketplaceStats(): Promise<MarketplaceStats>;
}

/** Counts one view per viewer per day. Returns whether this view was new. */
export interface ListingViewCounter {
  countView(listingId: number, viewerKey: string, day: string): Promise<boolean>;
}
