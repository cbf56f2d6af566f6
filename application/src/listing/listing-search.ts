import type { BoostView } from './listing-views.js';
import type { ChargingType, ListingDetails, ListingFilterFields, ListingStatus, NameAudience, VehicleType } from '@voltmarket/domain';

export const LISTING_SORTS = [
  'default', 'newest', 'oldest', 'price_desc', 'price_asc',
  'mileage_desc', 'mileage_asc', 'year_desc', 'year_asc',
] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export const SEARCH_PAGE = { defaultLimit: 24, maxLimit: 100, maxOffset: 10_000 } as const;

/**
 * A public search counts its matches up to here and says "10,000+" beyond (no page past 10,000 can be
 * asked for): counting stops early, so a broad search never waits for a count over the whole market.
 */
export const SEARCH_TOTAL_CAP = 10_000;

/**
 * Where a buyer's scroll through a search stands (keyset paging): how many listings of the chosen
 * order they were shown (promoted slots aside), and the last one's sort key and id, so the next page
 * starts right after it in the sort index instead of stepping over every listing before it. Cursors
 * given before listings were all in the chosen order may hold `shown` alone, and go by it.
 */
export interface SearchCursor {
  sort: ListingSort;
  shown: number;
  /** The last listing's sort key as a whole number (a creation time in microseconds since 1970) and its id. */
  after?: { key: string; id: number };
  /** The search it continues (searchFingerprint): set by SearchListings, which refuses it for another search. */
  of?: string;
}

export interface ListingCriteria extends ListingFilterFields {
  search?: string;
  /** The search with catalogue typos corrected, tried when the words as typed find nothing. */
  correctedSearch?: string;
  sort: ListingSort;
  limit: number;
  offset: number;
  /** Continue from here instead of `offset` (which is then 0). */
  cursor?: SearchCursor;
  /** How many promoted slots the page carries besides its `limit` listings (none unless given). */
  promotedSlots?: number;
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
  /** A Premium Spotlight or Ultimate Exposure runs (see isPremiumBoost). */
  isPremium: boolean;
  /** Shown in one of the page's promoted slots (labelled "Promoted"), not at its place in the order. */
  isPromoted: boolean;
  boost: BoostView | null;
  isCarOfTheWeek: boolean;
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
  /** When it was marked sold; null unless sold. */
  soldAt: string | null;
  /** When a live listing leaves the market unless renewed; null unless live. */
  expiresAt: string | null;
  /** The seller changed it and the changes wait for a moderator (buyers see the approved version). */
  changesWaiting: boolean;
  /** How many people keep it in their wishlist. */
  savedCount: number;
  inquiryCount: number;
  /** Shown on pages of results over the last 7 Lagos days (IMPRESSION_DAYS), in promoted slots and at its own place. */
  impressions: { promoted: number; organic: number };
}

/** Sellers see a listing's impressions over this many Lagos days, today included. */
export const IMPRESSION_DAYS = 7;

export interface ListingPage {
  items: ListingSummary[];
  total: number;
  /** More than `total` (SEARCH_TOTAL_CAP) match. */
  totalCapped: boolean;
  /** Where the next page starts; null after the last page (or at SEARCH_PAGE.maxOffset). */
  next: SearchCursor | null;
  /**
   * The city and kind of vehicle read out of the search's text and searched as filters, if any; with
   * either, `words` is what was left of the text to search as words ('' for none), so the page can
   * offer the same search without the city.
   */
  fromText: { location?: string; vehicleType?: VehicleType; words?: string };
}

/** What a shared link to a live listing shows before anyone opens it (title, price, city, photo). */
export interface ListingPreview
  extends Pick<ListingDetails, 'title' | 'description' | 'price' | 'year' | 'mileage' | 'range' | 'brand' | 'model' | 'location'> {
  id: number;
  /** The cover photo, a path under /uploads. */
  imageUrl: string | null;
  updatedAt: string;
  /** A sold listing's page stays readable, marked sold. */
  sold: boolean;
}

/** A live listing's page for search engines' sitemaps. */
export interface SitemapEntry {
  id: number;
  updatedAt: string;
}

/** A range of listing ids of the sitemap's index: how many of them are live, and when the last of those changed. */
export interface SitemapPart {
  part: number;
  listings: number;
  lastModified: string;
}

/** A listing as the read side finds it; whether it is the car of the week is decided apart, once a minute. */
export type FoundListing = Omit<ListingSummary, 'isCarOfTheWeek'>;
export type FoundOwnListing = Omit<OwnListingSummary, 'isCarOfTheWeek'>;
export interface FoundListingPage {
  items: FoundListing[];
  /** Matches counted, at most SEARCH_TOTAL_CAP. */
  total: number;
  /** More than SEARCH_TOTAL_CAP match. */
  totalCapped: boolean;
  /** Where the next page starts; null after the last page (or at SEARCH_PAGE.maxOffset). */
  next: SearchCursor | null;
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
  searchPublic(criteria: ListingCriteria, audience: NameAudience): Promise<FoundListingPage>;
  /**
   * The home page's featured listings: up to `limit` Ultimate Exposure boosts in turn (isPromoted),
   * the rest the newest live listings.
   */
  featured(limit: number, audience: NameAudience): Promise<FoundListing[]>;
  listBySeller(sellerId: string): Promise<FoundOwnListing[]>;
  /** A live listing's preview; null when it does not exist or is not public. */
  publicPreview(id: number): Promise<ListingPreview | null>;
  /** Live listings, most recently changed first. */
  liveListingsForSitemap(limit: number): Promise<SitemapEntry[]>;
  /**
   * Live listings counted per range of `partIds` ids (part 1 holds ids 1 to partIds), with the last change of any
   * listing in the range (one taken down changes the part too); parts with no live listing are left out.
   */
  sitemapParts(partIds: number): Promise<SitemapPart[]>;
  /** Live listings whose ids lie between `first` and `last` (both included), by id. */
  liveListingsBetween(first: number, last: number): Promise<SitemapEntry[]>;
  marketplaceStats(): Promise<MarketplaceStats>;
}
