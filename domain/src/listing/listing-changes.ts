import { DomainError } from '../shared/domain-error.js';
import type { ListingDetails, ListingDetailsPatch } from './listing-input.js';

/** A live listing's price may move this much (a fifth, either way) without a moderator's second look. */
export const PRICE_CHANGE_WITHOUT_REVIEW = 0.2;

/** How long a seller still sees why their changes were turned down. */
export const REJECTED_CHANGES_SHOWN_DAYS = 14;

/** What a buyer decides on: changing one of these on a live listing waits for a moderator. */
const ALWAYS_REVIEWED = [
  'title', 'description', 'imageUrls', 'brand', 'model', 'year', 'location', 'vin', 'vehicleType',
] as const satisfies readonly (keyof ListingDetails)[];

/**
 * Whether changing `field` from `before` to `after` on a live listing must wait for a moderator.
 * The price only beyond a fifth either way (a seller lowering ₦30M to ₦28M to sell faster is not a
 * new listing, ₦30M to ₦12M may be bait); the mileage and battery health only when they get better,
 * which a car's do not (a lower odometer or a healthier battery is a classic scam). Everything else
 * (range, charging, phone, rental terms) takes effect at once.
 */
export function isMaterialChange(field: keyof ListingDetails, before: ListingDetails, after: ListingDetails): boolean {
  if ((ALWAYS_REVIEWED as readonly string[]).includes(field)) return JSON.stringify(before[field]) !== JSON.stringify(after[field]);
  if (field === 'price') return Math.abs(after.price - before.price) > before.price * PRICE_CHANGE_WITHOUT_REVIEW;
  if (field === 'mileage') return after.mileage < before.mileage;
  if (field === 'batteryHealth') return after.batteryHealth > before.batteryHealth;
  return false;
}

/** Splits the difference between a live listing and what its seller wants into what waits for review and what applies now. */
export function splitChanges(live: ListingDetails, wanted: ListingDetails): { waiting: ListingDetailsPatch; now: ListingDetailsPatch } {
  const waiting: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const field of Object.keys(wanted) as (keyof ListingDetails)[]) {
    if (JSON.stringify(live[field]) === JSON.stringify(wanted[field])) continue;
    (isMaterialChange(field, live, wanted) ? waiting : now)[field] = wanted[field];
  }
  return { waiting: waiting as ListingDetailsPatch, now: now as ListingDetailsPatch };
}

export const LISTING_CHANGE_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ListingChangeStatus = (typeof LISTING_CHANGE_STATUSES)[number];

export const listingChangeNotFound = (id: number | string): DomainError =>
  new DomainError('not_found', 'LISTING_CHANGE_NOT_FOUND', `Listing change ${id} was not found.`);

export const listingChangeDecided = (status: ListingChangeStatus): DomainError =>
  new DomainError('conflict', 'LISTING_CHANGE_DECIDED', `These changes were already ${status}.`);

export const listingNoLongerLive = (): DomainError =>
  new DomainError('conflict', 'LISTING_NOT_LIVE', 'The listing is no longer live, so its changes cannot be approved.');
