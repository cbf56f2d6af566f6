import type { AdvertisingPackageStatus, AnalyticsRange, BoostTier, CalendarDay, DayRange, ListingDraw, PackageType } from '@voltmarket/domain';

/**
 * What buyers do with a listing that no other table keeps: views (the unique viewers of a Lagos day)
 * and saves (a wishlist row is deleted when its owner removes it, so the rows cannot say how many were
 * saved on a day). The adapter batches: recording never waits for the database and never slows a page.
 */
export interface ListingActivity {
  /** Counted once per viewer per Lagos day. */
  viewed(listingId: number, viewerKey: string): void;
  saved(listingId: number): void;
}

/** What one listing drew on one Lagos day. */
export interface ListingDay {
  day: CalendarDay;
  views: number;
  /** Shown at its own place in search results (and the home page's newest spots). */
  searchImpressions: number;
  /** Shown in a promoted slot of search results (and the home page's featured rotation). */
  promotedImpressions: number;
  /** Contact Seller messages. */
  inquiries: number;
  /** Conversations a buyer opened about it. */
  chats: number;
  /** Added to a wishlist. */
  saves: number;
  rentalRequests: number;
}

export const LISTING_DAY_FIGURES = ['views', 'searchImpressions', 'promotedImpressions', 'inquiries', 'chats', 'saves', 'rentalRequests'] as const;
export type ListingDayFigure = (typeof LISTING_DAY_FIGURES)[number];

/** A boost bought for the listing that ran: from its payment's confirmation to its end (or its refund). */
export interface BoostPeriodRecord {
  packageType: PackageType;
  packageName: string;
  tier: BoostTier;
  status: AdvertisingPackageStatus;
  startsAt: Date;
  endsAt: Date;
}

/** One listing's figures, read for its seller. */
export interface ListingInsightsReads {
  /** The days of the range with any figure (a day with none may be left out), oldest first. */
  days(listingId: number, range: DayRange): Promise<ListingDay[]>;
  /** Boosts of the listing that ran during the range, oldest first. */
  boosts(listingId: number, range: DayRange): Promise<BoostPeriodRecord[]>;
  /** Views and inquiries over the range of each other live listing of the brand and model. */
  similarDraws(listing: { id: number; brand: string; model: string }, range: DayRange): Promise<ListingDraw[]>;
}

/** The whole marketplace on one Lagos day, as the roll-up job last counted it. */
export interface MarketplaceDay {
  day: CalendarDay;
  newListings: number;
  approvals: number;
  rejections: number;
  messages: number;
  inquiries: number;
  chats: number;
  rentalRequests: number;
  /** Successful boost payments, refunded ones excluded. */
  adRevenueKobo: number;
  adSales: number;
  views: number;
  saves: number;
}

export const MARKETPLACE_DAY_FIGURES = [
  'newListings', 'approvals', 'rejections', 'messages', 'inquiries', 'chats', 'rentalRequests', 'adRevenueKobo', 'adSales', 'views', 'saves',
] as const;
export type MarketplaceDayFigure = (typeof MARKETPLACE_DAY_FIGURES)[number];

export interface PrunedAnalytics {
  listingDays: number;
  impressionDays: number;
  marketplaceDays: number;
  marketplacePeriods: number;
  sellerDays: number;
  viewers: number;
}

/**
 * Staff analytics: per-day figures rolled up by a job from the tables that hold the facts (listings,
 * audit log, messages, inquiries, conversations, rentals, payments) and the listing counters.
 */
export interface MarketplaceAnalyticsStore {
  /** Rolled-up days of the range, oldest first; a day never rolled up is left out. */
  days(range: DayRange): Promise<MarketplaceDay[]>;
  /**
   * Distinct active sellers in each bucket of the range (as analyticsBuckets cuts them) and over the
   * whole range: a seller counts once per bucket and once in the total, however often active.
   */
  activeSellers(range: AnalyticsRange, buckets: readonly DayRange[]): Promise<{ perBucket: number[]; total: number }>;
  /** When the roll-up last ran, and the latest day it covered; null before its first run. */
  lastRollUp(): Promise<{ at: Date; lastDay: CalendarDay } | null>;
  /** Counts the days of the range again from the facts, replacing what was kept for them, in one transaction. */
  rollUp(range: DayRange, now: Date): Promise<void>;
  /** Deletes counters of days before `oldestKept`, and the viewer log of days before `viewersSince`. */
  prune(oldestKept: CalendarDay, viewersSince: CalendarDay): Promise<PrunedAnalytics>;
}
