import { type Actor, isStaff, type Listing, type ModerationFlag, PACKAGES, packageOfTier, sellerDisplayName, type User } from '@voltmarket/domain';
import type { CarOfTheWeekStanding } from './car-of-the-week.js';
import { contactPhone } from '../identity/contact-phone.js';
import { sellerBadges } from '../identity/user-views.js';

/** A listing as a buyer, its seller or staff reads it. Contact details only for its seller and staff (buyers ask: RevealContact). */
export interface ListingView {
  id: number;
  title: string;
  description: string;
  price: number;
  year: number;
  mileage: number;
  range: number;
  vehicleType: string;
  brand: string;
  model: string;
  location: string;
  imageUrls: string[];
  batteryHealth: number;
  chargingType: string;
  fastChargingTime: number | null;
  vin: string | null;
  isRentalAvailable: boolean;
  dailyRentalRate: number | null;
  weeklyRentalRate: number | null;
  monthlyRentalRate: number | null;
  sellerId: string;
  status: string;
  isVerified: boolean;
  /** A Premium Spotlight or Ultimate Exposure runs (the card says "Premium"; a Basic Boost's says "Featured"). */
  isPremium: boolean;
  /** The running boost (tier 1 Basic Boost, 2 Premium Spotlight, 3 Ultimate Exposure), or null. */
  boost: BoostView | null;
  /** The one listing this week carries the CAR OF THE WEEK badge. */
  isCarOfTheWeek: boolean;
  views: number;
  /** When its seller (or staff) marked it sold; null unless sold. */
  soldAt: string | null;
  createdAt: string;
  updatedAt: string;
  rejectionReason?: string | null;
  sellerPhone?: string | null;
  /** For its seller and staff: when a live listing leaves the market unless renewed. */
  expiresAt?: string | null;
  seller: SellerView;
}

export interface BoostView {
  tier: number;
  packageName: string;
  endsAt: string;
}

/** Premium Spotlight and Ultimate Exposure show "Premium" on the card; a Basic Boost shows "Featured" (tier 1). */
export const isPremiumBoost = (boost: BoostView | null): boolean => boost !== null && boost.tier >= PACKAGES.premium.tier;

/** A running boost as clients see it; null when none runs at `now` (an ended boost never shows). */
export function boostView(tier: number, until: Date | null, now: Date): BoostView | null {
  if (tier <= 0 || !until || until <= now) return null;
  return { tier, packageName: packageOfTier(tier)?.name ?? 'Boost', endsAt: until.toISOString() };
}

export interface SellerView {
  id: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  email?: string | null;
  phone?: string | null;
  /** Their average as a seller or owner; absent when nobody has reviewed them as one. */
  rating?: { average: number; count: number };
  /** The seller verified a phone number by SMS. */
  phoneVerified: boolean;
  /** Staff verified the seller's business registration; absent otherwise. */
  verifiedDealer?: { businessName: string };
}

/** A listing as staff see it: also whether staff picked it this week, and when it went live. */
export interface AdminListingView extends ListingView {
  /** This week's staff pick (even if no longer live, when the automatic choice shows instead). */
  isStaffPick: boolean;
  approvedAt: string | null;
  /** What screening found when it last went to review (staff only: never in a public or seller's view). */
  moderationFlags: ModerationFlag[];
}

export function toListingView(
  listing: Listing, seller: User | null, viewer: Actor | null, carOfTheWeekId: number | null, now: Date = new Date(),
): ListingView {
  const privileged = listing.isOwnedBy(viewer) || isStaff(viewer);
  const sellerView: SellerView = {
    id: listing.sellerId,
    name: sellerDisplayName(seller ?? { firstName: null, lastName: null, email: null }, viewer ? 'member' : 'visitor'),
    firstName: seller?.firstName ?? null,
    lastName: seller?.lastName ?? null,
    ...sellerBadges(seller),
  };
  // Buyers get a seller's phone and email one listing at a time, counted (RevealContact); only the
  // seller and staff read them with the listing.
  if (privileged) {
    sellerView.email = seller?.email ?? null;
    sellerView.phone = contactPhone(seller, listing);
  }
  const { sellerPhone, ...details } = listing.details();
  // A sold listing is off the market: whatever boost was bought, it no longer runs for it.
  const boost = listing.status === 'sold' ? null : boostView(listing.boostTier, listing.boostedUntil, now);
  return {
    id: listing.id,
    ...details,
    sellerId: listing.sellerId,
    status: listing.status,
    isVerified: listing.isVerified,
    isPremium: isPremiumBoost(boost),
    boost,
    isCarOfTheWeek: listing.isPublic() && listing.id === carOfTheWeekId,
    views: listing.views,
    soldAt: listing.soldAt?.toISOString() ?? null,
    createdAt: listing.createdAt.toISOString(),
    updatedAt: listing.updatedAt.toISOString(),
    ...(privileged ? { rejectionReason: listing.rejectionReason, sellerPhone, expiresAt: listing.expiresAt?.toISOString() ?? null } : {}),
    seller: sellerView,
  };
}

export function toAdminListingView(
  listing: Listing, seller: User | null, staff: Actor, standing: CarOfTheWeekStanding | null, now: Date = new Date(),
): AdminListingView {
  return {
    ...toListingView(listing, seller, staff, standing?.choice?.listingId ?? null, now),
    isStaffPick: standing?.staffPick?.listing.listingId === listing.id,
    approvedAt: listing.approvedAt?.toISOString() ?? null,
    moderationFlags: listing.moderationFlags ?? [],
  };
}
