import { BRAND_MODELS, type VehicleType } from '../listing/catalogue.js';
import { squeeze } from '../listing/search-filters.js';
import { type NotificationDraft, preview } from '../notification/notification.js';
import type { AlertKind } from './alert-rules.js';
import { SAVED_SEARCH_LIMITS, type SavedSearchCriteria } from './saved-search.js';

/** Naira in full: ₦7,500,000. */
export const naira = (amount: number): string => `₦${amount.toLocaleString('en-NG')}`;

/** Naira as people say it when it is round: ₦8M, ₦7.5M, ₦850k; in full otherwise, so a name never rounds a limit. */
export function shortNaira(amount: number): string {
  const tenthsOfMillions = amount / 100_000;
  if (amount >= 1_000_000 && Number.isInteger(tenthsOfMillions)) return `₦${(tenthsOfMillions / 10).toLocaleString('en-NG')}M`;
  if (amount >= 1_000 && amount < 1_000_000 && amount % 1_000 === 0) return `₦${amount / 1_000}k`;
  return naira(amount);
}

const PLURAL_TYPES: Record<VehicleType, string> = { car: 'Cars', truck: 'Trucks', motorcycle: 'Motorcycles', bus: 'Buses', bike: 'E-bikes' };


/** A text that names a catalogue model whole ("leaf", "ioniq 5"), with its brand: "Nissan Leaf". */
function catalogueNameOf(text: string, brand: string | undefined): { brand: string; model: string } | null {
  const said = squeeze(text);
  const matches = Object.entries(BRAND_MODELS)
    .filter(([b]) => brand === undefined || b === brand)
    .flatMap(([b, models]) => models.filter((m) => squeeze(m) === said || squeeze(`${b} ${m}`) === said).map((model) => ({ brand: b, model })));
  return matches.length === 1 ? matches[0]! : null;
}

/**
 * The name a saved search is offered under, from its criteria as Browse reads them (a city named in
 * the text is the location): "Nissan Leaf in Kano under ₦8M", "Buses in Lagos", "\"7 seater\" 2020 or newer".
 */
export function proposeName(c: Omit<SavedSearchCriteria, 'sort'>): string {
  const named = c.search && !c.model ? catalogueNameOf(c.search, c.brand) : null;
  const brand = named?.brand ?? c.brand;
  const model = named?.model ?? c.model;
  const words = named ? undefined : c.search;
  const subject = [brand, model].filter(Boolean).join(' ');
  let what = subject && words ? `${subject} "${words}"` : subject || (words ? `"${words}"` : '');
  if (c.vehicleType) what = what ? `${what} (${c.vehicleType})` : PLURAL_TYPES[c.vehicleType];
  if (!what) what = 'Vehicles';
  const parts = [what];
  if (c.yearMin !== undefined && c.yearMax !== undefined) parts.push(c.yearMin === c.yearMax ? `${c.yearMin}` : `${c.yearMin}–${c.yearMax}`);
  else if (c.yearMin !== undefined) parts.push(`${c.yearMin} or newer`);
  else if (c.yearMax !== undefined) parts.push(`${c.yearMax} or older`);
  if (c.location) parts.push(`in ${c.location}`);
  if (c.minPrice !== undefined && c.maxPrice !== undefined) parts.push(`${shortNaira(c.minPrice)}–${shortNaira(c.maxPrice)}`);
  else if (c.maxPrice !== undefined) parts.push(`under ${shortNaira(c.maxPrice)}`);
  else if (c.minPrice !== undefined) parts.push(`over ${shortNaira(c.minPrice)}`);
  const name = parts.join(' ');
  const chars = [...name];
  return chars.length <= SAVED_SEARCH_LIMITS.nameMax ? name : `${chars.slice(0, SAVED_SEARCH_LIMITS.nameMax - 1).join('')}…`;
}

/** A listing as an alert tells of it. */
export interface AlertedListing {
  id: number;
  title: string;
  price: number;
  location: string;
}

/** The line an alert gives a listing: "2019 Nissan Leaf, ₦7,500,000 in Kano" or "…: now ₦7,000,000, was ₦7,500,000". */
export function alertLine(listing: AlertedListing, alert: AlertKind): string {
  const price = alert.kind === 'drop' ? `now ${naira(listing.price)}, was ${naira(alert.was)}` : naira(listing.price);
  return `${preview(listing.title, 70)}: ${price}, in ${listing.location}`;
}

/**
 * The in-app notice of an alert: one per buyer and listing, naming the saved searches it matched
 * ("Nissan Leaf in Kano under ₦8M", or the first and how many more). Opens the listing.
 */
export function savedSearchAlertNotice(input: { userId: string; searchNames: readonly string[]; listing: AlertedListing; alert: AlertKind }): NotificationDraft {
  const [first = 'your saved search', ...rest] = input.searchNames;
  const which = rest.length === 0 ? `"${preview(first, 60)}"` : `"${preview(first, 60)}" and ${rest.length} more saved ${rest.length === 1 ? 'search' : 'searches'}`;
  return {
    userId: input.userId,
    type: 'listing',
    title: input.alert.kind === 'drop' ? `Price drop for ${which}` : `New match for ${which}`,
    message: alertLine(input.listing, input.alert),
    actionUrl: `/vehicles/${input.listing.id}`,
    metadata: { vehicleId: input.listing.id },
  };
}
