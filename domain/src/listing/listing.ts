import { FieldIssues } from '../shared/domain-error.js';
import { cleanLine } from '../shared/text.js';
import { type Actor, isStaff } from '../identity/actor.js';
import type { ChargingType, VehicleType } from './catalogue.js';
import { illegalListingTransition } from './listing-errors.js';
import { type ListingDetails, type ListingDetailsPatch, normaliseListingDetails } from './listing-input.js';

import type { ListingStatus } from './listing-status.js';
import type { ModerationFlag } from './moderation-flags.js';

export const DEFAULT_REJECTION_REASON = 'Did not meet platform standards';
export const REJECTION_REASON_MAX = 500;

/** Fields whose change on a live listing needs a moderator's second look when re-review is on. */
const REVIEWED_FIELDS = [
  'title', 'price', 'imageUrls', 'year', 'mileage', 'range', 'vehicleType', 'brand', 'model',
  'batteryHealth', 'chargingType', 'fastChargingTime', 'vin',
] as const satisfies readonly (keyof ListingDetails)[];

export interface ModerationPolicy {
  /** When on, a seller's edit of a reviewed field sends an active listing back to pending. */
  readonly reReviewEdits: boolean;
}

/** A vehicle offered for sale (and optionally for rent) by a seller; moderated before it goes live. */
export class Listing implements ListingDetails {
  id!: number;
  sellerId!: string;
  status!: ListingStatus;
  isVerified!: boolean;
  rejectionReason!: string | null;
  /** When it last went live; null while it is not live (so a listing off the market never counts as new). */
  approvedAt!: Date | null;
  views!: number;
  /** 0 = not boosted; 1 Basic, 2 Premium, 3 Ultimate. Set by advertising, read by search ranking. */
  boostTier!: number;
  boostedUntil!: Date | null;
  /** When it was marked sold; null unless it is sold. */
  soldAt!: Date | null;
  /** What screening found when it last went to review (reused photos, a price far below the market); staff only. */
  moderationFlags!: ModerationFlag[];
  createdAt!: Date;
  updatedAt!: Date;

  title!: string;
  description!: string;
  price!: number;
  year!: number;
  mileage!: number;
  range!: number;
  vehicleType!: VehicleType;
  brand!: string;
  model!: string;
  location!: string;
  imageUrls!: string[];
  batteryHealth!: number;
  chargingType!: ChargingType;
  fastChargingTime!: number | null;
  vin!: string | null;
  sellerPhone!: string | null;
  isRentalAvailable!: boolean;
  dailyRentalRate!: number | null;
  weeklyRentalRate!: number | null;
  monthlyRentalRate!: number | null;

  /** A seller submits a listing; it waits for a moderator as `pending`. */
  static submit(id: number, sellerId: string, input: ListingDetails, now: Date): Listing {
    const listing = new Listing();
    Object.assign(listing, normaliseListingDetails(input, now));
    listing.id = id;
    listing.sellerId = sellerId;
    listing.status = 'pending';
    listing.isVerified = false;
    listing.rejectionReason = null;
    listing.approvedAt = null;
    listing.views = 0;
    listing.boostTier = 0;
    listing.boostedUntil = null;
    listing.soldAt = null;
    listing.moderationFlags = [];
    listing.createdAt = now;
    listing.updatedAt = now;
    return listing;
  }

  /** What screening found as it goes to review; replaces what an earlier screening found. */
  flagForModeration(flags: readonly ModerationFlag[]): void {
    this.moderationFlags = [...flags];
  }

  /** Live: in search, open to inquiries, saves, boosts and rentals. */
  isPublic(): boolean {
    return this.status === 'active';
  }

  /** Live, or sold: a sold listing's page stays readable (marked Sold) for links, chats and its seller's record. */
  isViewable(): boolean {
    return this.status === 'active' || this.status === 'sold';
  }

  /** A paid boost runs at `now`: decided by its end time, never by a flag a job must clear. */
  isBoosted(now: Date): boolean {
    return this.boostTier > 0 && this.boostedUntil !== null && this.boostedUntil > now;
  }

  /** The running boost's tier and end, or null when none runs at `now`. */
  boostAt(now: Date): { tier: number; until: Date } | null {
    return this.isBoosted(now) ? { tier: this.boostTier, until: this.boostedUntil! } : null;
  }

  /** A paid boost's tier and end (see boostAfterPurchase); ranking reads the end against the clock. */
  applyBoost(tier: number, until: Date, now: Date): void {
    this.boostTier = tier;
    this.boostedUntil = until;
    this.updatedAt = now;
  }

  /** A refund ends the boost at once. */
  endBoost(now: Date): void {
    this.boostTier = 0;
    this.boostedUntil = null;
    this.updatedAt = now;
  }

  isOwnedBy(actor: Actor | null | undefined): boolean {
    return actor != null && actor.userId === this.sellerId;
  }

  /** Live and sold listings are for everyone; others only for their seller and staff. */
  isVisibleTo(actor: Actor | null | undefined): boolean {
    return this.isViewable() || this.isOwnedBy(actor) || isStaff(actor);
  }

  /** A sold listing is a record of a sale: its seller can no longer change it (staff can). */
  reviseBySeller(patch: ListingDetailsPatch, now: Date, policy: ModerationPolicy): void {
    if (this.status === 'sold') throw illegalListingTransition(this.status, 'edited');
    const changed = this.applyDetails(patch, now);
    if (this.status === 'rejected') {
      this.moveTo('pending', now);
    } else if (this.status === 'active' && policy.reReviewEdits && changed.some((f) => isReviewed(f))) {
      this.moveTo('pending', now);
    }
    this.updatedAt = now;
  }

  approve(now: Date): void {
    if (this.status !== 'pending') throw illegalListingTransition(this.status, 'approved');
    this.moveTo('active', now);
    this.updatedAt = now;
  }

  reject(reason: string | undefined, now: Date): void {
    if (this.status === 'rejected') throw illegalListingTransition(this.status, 'rejected');
    this.moveTo('rejected', now, checkReason(reason));
    this.updatedAt = now;
  }

  /** The seller (or staff) marks a live listing sold: it leaves search for good, at its last asking price. */
  markSold(now: Date): void {
    if (this.status !== 'active') throw illegalListingTransition(this.status, 'marked as sold');
    this.moveTo('sold', now);
    this.updatedAt = now;
  }

  /** Staff may correct any detail and set any status. */
  editByStaff(patch: ListingDetailsPatch & { status?: ListingStatus; rejectionReason?: string }, now: Date): void {
    const { status, rejectionReason, ...details } = patch;
    const moderation = [this.status, this.rejectionReason];
    const changed = this.applyDetails(details, now);
    if (status !== undefined && status !== this.status) this.moveTo(status, now, checkReason(rejectionReason));
    else if (rejectionReason !== undefined && this.status === 'rejected') this.rejectionReason = checkReason(rejectionReason);
    if (changed.length > 0 || moderation[0] !== this.status || moderation[1] !== this.rejectionReason) this.updatedAt = now;
  }

  /** Every status change goes through here; callers only call it when the status really changes. */
  private moveTo(status: ListingStatus, now: Date, reason: string = DEFAULT_REJECTION_REASON): void {
    this.status = status;
    this.isVerified = status === 'active' || status === 'sold';
    // A sale keeps when the listing went live; anything else off the market forgets it.
    this.approvedAt = status === 'active' ? now : status === 'sold' ? (this.approvedAt ?? now) : null;
    this.soldAt = status === 'sold' ? now : null;
    this.rejectionReason = status === 'rejected' ? reason : null;
  }

  /** Applies a patch after checking the resulting whole; returns the names of fields that changed. */
  private applyDetails(patch: ListingDetailsPatch, now: Date): (keyof ListingDetails)[] {
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const next = normaliseListingDetails({ ...this.details(), ...defined }, now);
    const changed = (Object.keys(next) as (keyof ListingDetails)[]).filter(
      (key) => JSON.stringify(next[key]) !== JSON.stringify(this[key]),
    );
    Object.assign(this, next);
    return changed;
  }

  details(): ListingDetails {
    return {
      title: this.title, description: this.description, price: this.price, year: this.year,
      mileage: this.mileage, range: this.range, vehicleType: this.vehicleType, brand: this.brand,
      model: this.model, location: this.location, imageUrls: [...this.imageUrls],
      batteryHealth: this.batteryHealth, chargingType: this.chargingType,
      fastChargingTime: this.fastChargingTime, vin: this.vin, sellerPhone: this.sellerPhone,
      isRentalAvailable: this.isRentalAvailable, dailyRentalRate: this.dailyRentalRate,
      weeklyRentalRate: this.weeklyRentalRate, monthlyRentalRate: this.monthlyRentalRate,
    };
  }
}

function isReviewed(field: keyof ListingDetails): boolean {
  return (REVIEWED_FIELDS as readonly string[]).includes(field);
}

function checkReason(reason: string | undefined): string {
  const cleaned = reason === undefined ? '' : cleanLine(reason);
  const issues = new FieldIssues();
  issues.check(cleaned.length <= REJECTION_REASON_MAX, 'reason', `Reason must be at most ${REJECTION_REASON_MAX} characters`);
  issues.throwIfAny();
  return cleaned || DEFAULT_REJECTION_REASON;
}
