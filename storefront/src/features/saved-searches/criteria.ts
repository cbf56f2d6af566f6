import type { AlertChannel, SavedSearchCriteria } from '../../lib/api-types';
import { formatNaira } from '../../lib/format';
import { countActiveFilters, isPriceRangeInverted, SORT_OPTIONS, VEHICLE_TYPE_OPTIONS, yearsText, type BrowseFilters } from '../vehicles/filters';

/** The search on Browse as the API keeps it: every filter, the text and the sort; nothing at its default. */
export function criteriaFromFilters(filters: BrowseFilters): SavedSearchCriteria {
  const criteria: SavedSearchCriteria = {};
  if (filters.vehicleType !== 'all') criteria.vehicleType = filters.vehicleType;
  if (filters.brand !== 'all') criteria.brand = filters.brand;
  if (filters.model.trim()) criteria.model = filters.model.trim();
  if (filters.location !== 'all') criteria.location = filters.location;
  if (filters.yearMin !== null) criteria.yearMin = filters.yearMin;
  if (filters.yearMax !== null) criteria.yearMax = filters.yearMax;
  if (filters.minPrice !== null) criteria.minPrice = filters.minPrice;
  if (filters.maxPrice !== null) criteria.maxPrice = filters.maxPrice;
  if (filters.search.trim()) criteria.search = filters.search.trim();
  if (filters.sort !== 'default') criteria.sort = filters.sort;
  return criteria;
}

/**
 * Why this search cannot be saved as it stands, in words for the button's hint; null when it can.
 * The API refuses a search with nothing but a sort (SEARCH_TOO_BROAD): every new listing would match.
 */
export function whyNotSavable(filters: BrowseFilters): string | null {
  if (countActiveFilters(filters) === 0) return 'Choose a filter or type a search first, then save it.';
  if (isPriceRangeInverted(filters)) return 'Fix the price range first: the min price is above the max.';
  return null;
}

function priceText({ minPrice, maxPrice }: SavedSearchCriteria): string | null {
  if (minPrice !== undefined && maxPrice !== undefined) return `${formatNaira(minPrice)} – ${formatNaira(maxPrice)}`;
  if (maxPrice !== undefined) return `up to ${formatNaira(maxPrice)}`;
  if (minPrice !== undefined) return `from ${formatNaira(minPrice)}`;
  return null;
}

/** One line for a saved search: "Electric Cars · Nissan Leaf · 2018–2021 · Lagos · up to ₦8,000,000 · “long range” · Newest to Oldest". */
export function describeCriteria(criteria: SavedSearchCriteria): string {
  const type = criteria.vehicleType ? VEHICLE_TYPE_OPTIONS.find((o) => o.value === criteria.vehicleType)?.label : undefined;
  const make = [criteria.brand, criteria.model].filter(Boolean).join(' ');
  const years = yearsText({ yearMin: criteria.yearMin ?? null, yearMax: criteria.yearMax ?? null });
  const sort = criteria.sort && criteria.sort !== 'default' ? SORT_OPTIONS.find((o) => o.value === criteria.sort)?.label : undefined;
  const parts = [type, make, years, criteria.location, priceText(criteria), criteria.search ? `“${criteria.search}”` : undefined, sort];
  return parts.filter(Boolean).join(' · ') || 'All vehicles';
}

export const CHANNELS: readonly AlertChannel[] = ['instant', 'daily', 'weekly', 'app'];

/**
 * How each channel reads in the save dialog's choice. Without a verified email the email ones are
 * still offered: instant alerts still come in the app, the email waits; said beside them, and
 * explained in a note.
 */
export function channelLabel(channel: AlertChannel, emailReachable: boolean): string {
  switch (channel) {
    case 'instant':
      return emailReachable ? 'Instantly (in the app and by email)' : 'Instantly (in the app; email needs a verified address)';
    case 'daily':
      return emailReachable ? 'Daily email digest' : 'Daily email digest (needs a verified email)';
    case 'weekly':
      return emailReachable ? 'Weekly email digest' : 'Weekly email digest (needs a verified email)';
    case 'app':
      return 'Only in the app';
  }
}

/** The same, short enough for a select on a 360 px phone, where the closed control shows one line. */
export function channelShortLabel(channel: AlertChannel, emailReachable: boolean): string {
  switch (channel) {
    case 'instant':
      return emailReachable ? 'Instantly (app and email)' : 'Instantly (app; email on hold)';
    case 'daily':
      return emailReachable ? 'Daily email digest' : 'Daily email (on hold)';
    case 'weekly':
      return emailReachable ? 'Weekly email digest' : 'Weekly email (on hold)';
    case 'app':
      return 'Only in the app';
  }
}

/** Where alert email goes, as the API or the profile tells it. */
export interface AlertEmail {
  address: string | null;
  verified: boolean;
}

export const canEmail = (email: AlertEmail): boolean => email.address !== null && email.verified;

/** A saved search's name: 1 to 80 characters. */
export const NAME_MAX = 80;

export const SAVED_SEARCHES_PATH = '/profile?tab=saved-searches';
