import { FieldIssues, DomainError } from '../shared/domain-error.js';
import { cleanLine } from '../shared/text.js';
import { BRAND_MODELS, BRANDS, LISTING_LOCATIONS, isVehicleType } from '../listing/catalogue.js';
import { LISTING_LIMITS } from '../listing/listing-input.js';
import { catalogueCity, catalogueSpelling, type ListingFilterFields } from '../listing/search-filters.js';

/** How a buyer is told of new matches: at once (in the app, and by email), in a daily or weekly email, or only in the app. */
export const ALERT_CHANNELS = ['instant', 'daily', 'weekly', 'app'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
export const isAlertChannel = (value: unknown): value is AlertChannel => (ALERT_CHANNELS as readonly unknown[]).includes(value);

/** Channels that send email (to a verified address only). */
export const emailsFor = (channel: AlertChannel): boolean => channel !== 'app';

export const SAVED_SEARCH_LIMITS = {
  /** Saved searches one account may keep. */
  perAccount: 50,
  nameMax: 80,
  searchMax: 100,
  textMax: 60,
} as const;

/** Sorts a saved search may keep, as Browse offers them (see LISTING_SORTS). */
export const SAVED_SEARCH_SORTS = ['default', 'newest', 'oldest', 'price_desc', 'price_asc', 'mileage_desc', 'mileage_asc', 'year_desc', 'year_asc'] as const;
export type SavedSearchSort = (typeof SAVED_SEARCH_SORTS)[number];

/**
 * What a saved search asks for: Browse's filters, its text and its sort, and the years and model of
 * the spec's price alerts. Cities and brands are the catalogue's names.
 */
export interface SavedSearchCriteria extends ListingFilterFields {
  search?: string;
  sort: SavedSearchSort;
}

/** Criteria as a client sends them, before they are checked. */
export type CriteriaInput = { [K in keyof SavedSearchCriteria]?: unknown };

const PRICE_MAX = LISTING_LIMITS.priceMax;
const YEAR_MAX = 2100;
const MODELS: readonly string[] = Object.values(BRAND_MODELS).flat();

const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? cleanLine(value) || undefined : undefined);

/**
 * Checks and normalises criteria: cities and brands as the catalogue names them (as Browse reads
 * "lagos" or "PH"), a model of the brand, ranges the right way round. Throws every problem at once.
 */
export function normaliseCriteria(input: CriteriaInput): SavedSearchCriteria {
  const issues = new FieldIssues();
  const criteria: SavedSearchCriteria = { sort: 'default' };

  if (input.vehicleType !== undefined) {
    if (typeof input.vehicleType === 'string' && isVehicleType(input.vehicleType)) criteria.vehicleType = input.vehicleType;
    else issues.add('criteria.vehicleType', 'Choose a vehicle type from the list');
  }
  const location = text(input.location);
  if (input.location !== undefined) {
    const city = catalogueCity(location);
    if (city && (LISTING_LOCATIONS as readonly string[]).includes(city)) criteria.location = city;
    else issues.add('criteria.location', 'Choose a city from the list');
  }
  const brandTyped = text(input.brand);
  if (input.brand !== undefined) {
    const brand = catalogueSpelling(brandTyped, BRANDS);
    if (brand && Object.hasOwn(BRAND_MODELS, brand)) criteria.brand = brand;
    else issues.add('criteria.brand', 'Choose a brand from the list');
  }
  const modelTyped = text(input.model);
  if (input.model !== undefined) {
    const models = criteria.brand ? (BRAND_MODELS[criteria.brand] ?? []) : MODELS;
    const model = catalogueSpelling(modelTyped, models);
    if (model && models.includes(model)) criteria.model = model;
    else issues.add('criteria.model', criteria.brand ? `Choose a model of ${criteria.brand} from the list` : 'Choose a model from the list');
  }
  for (const field of ['yearMin', 'yearMax'] as const) {
    const value = input[field];
    if (value === undefined) continue;
    if (isWhole(value, LISTING_LIMITS.yearMin, YEAR_MAX)) criteria[field] = value;
    else issues.add(`criteria.${field}`, `Year must be a whole number between ${LISTING_LIMITS.yearMin} and ${YEAR_MAX}`);
  }
  for (const field of ['minPrice', 'maxPrice'] as const) {
    const value = input[field];
    if (value === undefined) continue;
    if (isWhole(value, 0, PRICE_MAX)) criteria[field] = value;
    else issues.add(`criteria.${field}`, `Price must be a whole number of naira between 0 and ${PRICE_MAX.toLocaleString('en-NG')}`);
  }
  if (criteria.yearMin !== undefined && criteria.yearMax !== undefined && criteria.yearMin > criteria.yearMax) {
    issues.add('criteria.yearMax', 'The latest year must not be before the earliest');
  }
  if (criteria.minPrice !== undefined && criteria.maxPrice !== undefined && criteria.minPrice > criteria.maxPrice) {
    issues.add('criteria.maxPrice', 'The maximum price must not be below the minimum');
  }
  if (input.search !== undefined) {
    if (typeof input.search !== 'string' || [...input.search].length > SAVED_SEARCH_LIMITS.searchMax) {
      issues.add('criteria.search', `Search must be text of at most ${SAVED_SEARCH_LIMITS.searchMax} characters`);
    } else {
      const search = cleanLine(input.search);
      if (search) criteria.search = search;
    }
  }
  if (input.sort !== undefined) {
    if ((SAVED_SEARCH_SORTS as readonly unknown[]).includes(input.sort)) criteria.sort = input.sort as SavedSearchSort;
    else issues.add('criteria.sort', 'Choose a sort order from the list');
  }
  issues.throwIfAny();
  // A price floor of 0 asks for nothing: every listing has a price.
  if (criteria.minPrice === 0) delete criteria.minPrice;
  return criteria;
}

/** Whether criteria narrow the market at all: an alert for every listing would tell nobody anything. */
export function narrowsTheMarket(c: SavedSearchCriteria): boolean {
  return [c.vehicleType, c.location, c.brand, c.model, c.yearMin, c.yearMax, c.minPrice, c.maxPrice, c.search].some((v) => v !== undefined);
}

export const searchTooBroad = () =>
  new DomainError('rule', 'SEARCH_TOO_BROAD', 'Choose at least one filter or type what you are looking for before saving a search.');

export const tooManySavedSearches = () =>
  new DomainError('rule', 'SAVED_SEARCH_LIMIT',
    `You can keep up to ${SAVED_SEARCH_LIMITS.perAccount} saved searches. Delete one you no longer need to save this one.`);

export const savedSearchNotFound = () => new DomainError('not_found', 'SAVED_SEARCH_NOT_FOUND', 'No such saved search.');

/** A saved search's name: one line, 1 to 80 characters. */
export function checkName(value: unknown, field = 'name'): string {
  const name = typeof value === 'string' ? cleanLine(value) : '';
  const issues = new FieldIssues();
  issues.check(name.length > 0, field, 'Give the saved search a name');
  issues.check([...name].length <= SAVED_SEARCH_LIMITS.nameMax, field, `Name must be at most ${SAVED_SEARCH_LIMITS.nameMax} characters`);
  issues.throwIfAny();
  return name;
}

/**
 * A buyer's saved search: what they look for, how they want to hear of new matches, and when they
 * last looked (new matches since then are counted for them).
 */
export class SavedSearch {
  id!: string;
  userId!: string;
  name!: string;
  criteria!: SavedSearchCriteria;
  channel!: AlertChannel;
  paused!: boolean;
  lastSeenAt!: Date;
  createdAt!: Date;
  updatedAt!: Date;

  static create(input: { id: string; userId: string; name: string; criteria: SavedSearchCriteria; channel: AlertChannel }, now: Date): SavedSearch {
    if (!narrowsTheMarket(input.criteria)) throw searchTooBroad();
    const search = new SavedSearch();
    search.id = input.id;
    search.userId = input.userId;
    search.name = checkName(input.name);
    search.criteria = input.criteria;
    search.channel = input.channel;
    search.paused = false;
    search.lastSeenAt = now;
    search.createdAt = now;
    search.updatedAt = now;
    return search;
  }

  isOwnedBy(userId: string): boolean {
    return this.userId === userId;
  }

  rename(name: unknown, now: Date): void {
    this.name = checkName(name);
    this.updatedAt = now;
  }

  tellBy(channel: AlertChannel, now: Date): void {
    this.channel = channel;
    this.updatedAt = now;
  }

  /** Paused, it alerts nobody; its matches while paused are never sent later. */
  setPaused(paused: boolean, now: Date): void {
    this.paused = paused;
    this.updatedAt = now;
  }

  markSeen(now: Date): void {
    this.lastSeenAt = now;
  }
}

/** Criteria as Browse's address carries them: "/browse?brand=Nissan&location=Kano&maxPrice=8000000". */
export function browsePath(c: SavedSearchCriteria): string {
  const params = new URLSearchParams();
  const put = (key: string, value: string | number | undefined) => {
    if (value !== undefined) params.set(key, String(value));
  };
  put('vehicleType', c.vehicleType);
  put('location', c.location);
  put('brand', c.brand);
  put('model', c.model);
  put('yearMin', c.yearMin);
  put('yearMax', c.yearMax);
  put('minPrice', c.minPrice);
  put('maxPrice', c.maxPrice);
  put('search', c.search);
  if (c.sort !== 'default') put('sort', c.sort);
  const query = params.toString();
  return query ? `/browse?${query}` : '/browse';
}
