import { FieldIssues } from '../shared/domain-error.js';
import { cleanLine } from '../shared/text.js';
import { type Actor, isStaff } from '../identity/actor.js';
import type { ChargingType, VehicleType } from './catalogue.js';
import { illegalListingTransition } from './listing-errors.js';
import { listingNoLongerLive, splitChanges } from './listing-changes.js';
import { type ListingDetails, type ListingDetailsPatch, normaliseListingDetails } from './listing-input.js';

import { LISTING_LIFETIME_DAYS, type ListingStatus } from './listing-status.js';
import type { ModerationFlag } from './moderation-flags.js';

const DAY_MS = 86_400_000;

export const DEFAULT_REJECTION_REASON = 'Did not meet platform standards';
export const REJECTION_REASON_MAX = 500;

export interface ModerationPolicy {
  /**
   * When on (the default), a seller's material change to a live listing waits for a moderator while
   * the approved version stays live (see listing-changes.ts); when off, every change applies at once.
   */
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
  /** When it leaves the market unless renewed; null while it is not live. */
  expiresAt!: Date | null;
  /** When its seller was reminded of the coming expiry (once per period). */
  expiryRemindedAt!: Date | null;
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
    listing.expiresAt = null;
    listing.expiryRemindedAt = null;
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

  /**
   * A sold listing is a record of a sale: its seller can no longer change it (staff can). On a live
   * listing under re-review, the material part of what the seller wants (compared with the live,
   * approved version, and counting changes already waiting) is returned to wait for a moderator and
   * the rest applies at once; otherwise everything applies, and a rejected listing goes back for review.
   */
  reviseBySeller(patch: ListingDetailsPatch, now: Date, policy: ModerationPolicy, waiting: ListingDetailsPatch | null = null): { waiting: ListingDetailsPatch | null } {
    if (this.status === 'sold') throw illegalListingTransition(this.status, 'edited');
    if (this.status === 'active' && policy.reReviewEdits) {
      const wanted = normaliseListingDetails({ ...this.details(), ...defined(waiting ?? {}), ...defined(patch) }, now);
      const split = splitChanges(this.details(), wanted);
      if (this.applyDetails(split.now, now).length > 0) this.updatedAt = now;
      return { waiting: Object.keys(split.waiting).length > 0 ? split.waiting : null };
    }
    this.applyDetails(patch, now);
    if (this.status === 'rejected') this.moveTo('pending', now);
    this.updatedAt = now;
    return { waiting: null };
  }

  /** A moderator accepts changes that waited for review: they go live as the seller wanted them. */
  applyReviewedChanges(changes: ListingDetailsPatch, now: Date): void {
    if (this.status !== 'active') throw listingNoLongerLive();
    if (this.applyDetails(changes, now).length > 0) this.updatedAt = now;
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

  /**
   * The seller keeps a live listing for another 60 days, or brings back an expired one (it was approved
   * and has not changed since, so it needs no review); either in one tap.
   */
  renew(now: Date): void {
    if (this.status === 'active') this.expiresAt = new Date(now.getTime() + LISTING_LIFETIME_DAYS * DAY_MS);
    else if (this.status === 'expired') this.moveTo('active', now);
    else throw illegalListingTransition(this.status, 'renewed');
    this.expiryRemindedAt = null;
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
    this.expiresAt = status === 'active' ? new Date(now.getTime() + LISTING_LIFETIME_DAYS * DAY_MS) : null;
    this.expiryRemindedAt = null;
    this.rejectionReason = status === 'rejected' ? reason : null;
  }

  /** Applies a patch after checking the resulting whole; returns the names of fields that changed. */
  private applyDetails(patch: ListingDetailsPatch, now: Date): (keyof ListingDetails)[] {
    const next = normaliseListingDetails({ ...this.details(), ...defined(patch) }, now);
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

/** The fields a patch sets (JSON has no undefined; a client library may still send one). */
function defined(patch: ListingDetailsPatch): ListingDetailsPatch {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as ListingDetailsPatch;
}

function checkReason(reason: string | undefined): string {
  const cleaned = reason === undefined ? '' : cleanLine(reason);
  const issues = new FieldIssues();
  issues.check(cleaned.length <= REJECTION_REASON_MAX, 'reason', `Reason must be at most ${REJECTION_REASON_MAX} characters`);
  issues.throwIfAny();
  return cleaned || DEFAULT_REJECTION_REASON;
}
