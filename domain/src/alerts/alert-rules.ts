import type { VehicleType } from '../listing/catalogue.js';
import type { ListingFilterFields } from '../listing/search-filters.js';
import type { AlertChannel } from './saved-search.js';

/** A price drop of at least this share of the price alerts again (or for the first time). */
export const PRICE_DROP_SHARE = 0.05;

/** What happened to a live listing that may interest buyers: it went live, or its price changed while live. */
export type ListingChange =
  | { kind: 'live' }
  | { kind: 'price'; from: number };

/** A live listing as alerts read it. */
export interface AlertListing {
  id: number;
  sellerId: string;
  title: string;
  price: number;
  year: number;
  vehicleType: VehicleType;
  brand: string;
  model: string;
  location: string;
}

/**
 * What a saved search requires of a listing, its text read as Browse reads it: a city or kind of
 * vehicle named in the text is that filter; the rest are words (matched by the database's text
 * search, as Browse matches them), and what the words exclude by field.
 */
export interface AlertTerms extends ListingFilterFields {
  /** Kinds of vehicle the text excludes ("jos -buses"). */
  notTypes: VehicleType[];
  /** Catalogue models the text excludes by name (`-"model s"`). */
  notModels: string[];
}

/** A saved search as the matcher finds it, with what it was last told about this listing. */
export interface AlertCandidate {
  savedSearchId: string;
  name: string;
  userId: string;
  channel: AlertChannel;
  paused: boolean;
  terms: AlertTerms;
  /** The price this search was last told of for the listing, and whether a price drop was told since; null when never told. */
  told: { price: number; dropTold: boolean } | null;
}

/** What to tell a saved search's owner about a listing: a new match, or a lower price ("now ₦X, was ₦Y"). */
export type AlertKind = { kind: 'new' } | { kind: 'drop'; was: number };

/** Whether a listing meets a saved search's filters (its words are the database's to check). */
export function meetsTerms(t: AlertTerms, l: AlertListing): boolean {
  return (t.vehicleType === undefined || t.vehicleType === l.vehicleType)
    && (t.location === undefined || t.location === l.location)
    && (t.brand === undefined || t.brand === l.brand)
    && (t.model === undefined || t.model === l.model)
    && (t.yearMin === undefined || l.year >= t.yearMin)
    && (t.yearMax === undefined || l.year <= t.yearMax)
    && (t.minPrice === undefined || l.price >= t.minPrice)
    && (t.maxPrice === undefined || l.price <= t.maxPrice)
    && !t.notTypes.includes(l.vehicleType)
    && !t.notModels.includes(l.model);
}

const droppedEnough = (from: number, to: number) => to <= from * (1 - PRICE_DROP_SHARE);

/**
 * Whether a change to a listing whose words already match alerts a saved search, and how:
 * - never a paused search, never the buyer's own listing, never one outside its filters;
 * - going live: a new match, once per listing and search;
 * - a lower price: a new match when it brings the listing within the search's maximum, or when it
 *   falls by at least 5% and the search was never told of the listing; once told, one more alert
 *   ("now ₦X, was ₦Y") when the price falls at least 5% below the price told, and never again.
 */
export function alertFor(candidate: AlertCandidate, listing: AlertListing, change: ListingChange): AlertKind | null {
  if (candidate.paused || candidate.userId === listing.sellerId || !meetsTerms(candidate.terms, listing)) return null;
  const { told } = candidate;
  if (told) {
    if (told.dropTold || !droppedEnough(told.price, listing.price)) return null;
    return { kind: 'drop', was: told.price };
  }
  if (change.kind === 'live') return { kind: 'new' };
  if (listing.price >= change.from) return null;
  const max = candidate.terms.maxPrice;
  if (max !== undefined && change.from > max) return { kind: 'drop', was: change.from };
  return droppedEnough(change.from, listing.price) ? { kind: 'drop', was: change.from } : null;
}
