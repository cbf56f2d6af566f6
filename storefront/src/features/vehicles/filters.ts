import type { ListingSort, VehicleType } from '../../lib/api-types';
import { readNairaAmount } from '../../lib/naira';

/** Browse filters as they live in the address bar, so a search can be shared and survives reload. */
export interface BrowseFilters {
  vehicleType: VehicleType | 'all';
  brand: string;
  /** A model of the brand ('' for any): a price alert's, with its years; the panel has no control for them. */
  model: string;
  location: string;
  yearMin: number | null;
  yearMax: number | null;
  minPrice: number | null;
  maxPrice: number | null;
  search: string;
  sort: ListingSort;
}

export const DEFAULT_FILTERS: BrowseFilters = { vehicleType: 'all', brand: 'all', model: '', location: 'all', yearMin: null, yearMax: null, minPrice: null, maxPrice: null, search: '', sort: 'default' };

export const VEHICLE_TYPE_OPTIONS: readonly { value: VehicleType | 'all'; label: string }[] = [
  { value: 'all', label: 'All Types' },
  { value: 'car', label: 'Electric Cars' },
  { value: 'truck', label: 'Electric Trucks' },
  { value: 'motorcycle', label: 'Electric Motorcycles' },
  { value: 'bus', label: 'Electric Buses' },
  { value: 'bike', label: 'Electric Bikes' },
];

export const LOCATIONS = ['Lagos', 'Abuja', 'Port Harcourt', 'Kano', 'Ibadan', 'Kaduna', 'Jos', 'Benin City'] as const;
export const LOCATION_OPTIONS = [{ value: 'all', label: 'All Nigeria' }, ...LOCATIONS.map((l) => ({ value: l, label: l }))];

export const PRICE_RANGES = [
  { label: 'Under 2M', min: 0, max: 2_000_000 },
  { label: '2M - 5M', min: 2_000_000, max: 5_000_000 },
  { label: '5M - 10M', min: 5_000_000, max: 10_000_000 },
  { label: 'Above 10M', min: 10_000_000, max: 999_999_999 },
] as const;

export const SORT_OPTIONS: readonly { value: ListingSort; label: string }[] = [
  { value: 'default', label: 'Default' },
  { value: 'newest', label: 'Newest to Oldest' },
  { value: 'oldest', label: 'Oldest to Newest' },
  { value: 'price_desc', label: 'Price Highest to Lowest' },
  { value: 'price_asc', label: 'Price Lowest to Highest' },
  { value: 'mileage_desc', label: 'Kilometers Highest to Lowest' },
  { value: 'mileage_asc', label: 'Kilometers Lowest to Highest' },
  { value: 'year_desc', label: 'Year Highest to Lowest' },
  { value: 'year_asc', label: 'Year Lowest to Highest' },
];

/** The largest price a listing can have (the API's limit). */
export const MAX_PRICE = 999_999_999;

function price(value: string | null): number | null {
  if (!value) return null;
  // A browser without scripts sends the price fields as typed: "15,000,000", "₦15m".
  const n = /^\d{1,9}$/.test(value) ? Number(value) : readNairaAmount(value);
  return n !== null && n <= MAX_PRICE ? n : null;
}

/** The model years the API accepts. */
export const YEAR_MIN = 2010;
export const YEAR_MAX = 2100;

function year(value: string | null): number | null {
  if (!value || !/^\d{4}$/.test(value)) return null;
  const n = Number(value);
  return n >= YEAR_MIN && n <= YEAR_MAX ? n : null;
}

/** A city of the list in another case or spacing ("lagos", "port-harcourt") is that city, as the server reads it too. */
function knownCity(given: string): string {
  const squeezed = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return LOCATIONS.find((city) => squeezed(city) === squeezed(given)) ?? given;
}

/**
 * The price bounds of an address; a band of the Price Range list (`price=0-5000000`, what the home
 * page's search sends without scripts) when no bound is given.
 */
function pricesOf(params: URLSearchParams): Pick<BrowseFilters, 'minPrice' | 'maxPrice'> {
  const bounds = { minPrice: price(params.get('minPrice')), maxPrice: price(params.get('maxPrice')) };
  const band = params.get('price');
  if (bounds.minPrice !== null || bounds.maxPrice !== null || !band || !PRICE_RANGES.some((r) => `${r.min}-${r.max}` === band)) return bounds;
  return priceRangeFromValue(band);
}

/** Reads filters from a query string, dropping anything the API would refuse. */
export function filtersFromParams(params: URLSearchParams): BrowseFilters {
  const type = params.get('vehicleType');
  const sort = params.get('sort');
  const text = (value: string | null) => (value ?? '').trim().slice(0, 60);
  // "2021 to 2018" means the same years as "2018 to 2021".
  const [yearMin, yearMax] = [year(params.get('yearMin')), year(params.get('yearMax'))];
  const inOrder = yearMin === null || yearMax === null || yearMin <= yearMax;
  return {
    vehicleType: VEHICLE_TYPE_OPTIONS.some((o) => o.value === type) ? (type as VehicleType) : 'all',
    brand: text(params.get('brand')) || 'all',
    model: text(params.get('model')),
    location: knownCity(text(params.get('location'))) || 'all',
    yearMin: inOrder ? yearMin : yearMax,
    yearMax: inOrder ? yearMax : yearMin,
    ...pricesOf(params),
    // Control characters (a pasted "%00") name nothing and the API refuses them.
    search: (params.get('search') ?? '').replace(/\p{Cc}+/gu, ' ').slice(0, 100),
    sort: SORT_OPTIONS.some((o) => o.value === sort) ? (sort as ListingSort) : 'default',
  };
}

/** Only filters that differ from the defaults go into the address. */
export function filtersToParams(filters: BrowseFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.vehicleType !== 'all') params.set('vehicleType', filters.vehicleType);
  if (filters.brand !== 'all') params.set('brand', filters.brand);
  if (filters.model.trim()) params.set('model', filters.model.trim());
  if (filters.location !== 'all') params.set('location', filters.location);
  if (filters.yearMin !== null) params.set('yearMin', String(filters.yearMin));
  if (filters.yearMax !== null) params.set('yearMax', String(filters.yearMax));
  if (filters.minPrice !== null) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== null) params.set('maxPrice', String(filters.maxPrice));
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.sort !== 'default') params.set('sort', filters.sort);
  return params;
}

/** Filters not at 'all' or empty; the price range and the years count once each, the sort order not at all. */
export function countActiveFilters(filters: BrowseFilters): number {
  return [
    filters.vehicleType !== 'all',
    filters.brand !== 'all',
    filters.model.trim() !== '',
    filters.location !== 'all',
    filters.yearMin !== null || filters.yearMax !== null,
    filters.minPrice !== null || filters.maxPrice !== null,
    filters.search.trim() !== '',
  ].filter(Boolean).length;
}

/** A minimum above the maximum: no listing can match, so there is nothing to ask the server. */
export const isPriceRangeInverted = ({ minPrice, maxPrice }: Pick<BrowseFilters, 'minPrice' | 'maxPrice'>): boolean =>
  minPrice !== null && maxPrice !== null && minPrice > maxPrice;

export const priceRangeValue = (filters: Pick<BrowseFilters, 'minPrice' | 'maxPrice'>): string =>
  filters.minPrice === null && filters.maxPrice === null ? 'all' : `${filters.minPrice ?? 0}-${filters.maxPrice ?? MAX_PRICE}`;

/** A band's bounds; its open end (0, or the largest price) stays open, so the fields show no bound there. */
export function priceRangeFromValue(value: string): Pick<BrowseFilters, 'minPrice' | 'maxPrice'> {
  if (value === 'all') return { minPrice: null, maxPrice: null };
  const [min, max] = value.split('-').map(Number);
  return { minPrice: min === undefined || min === 0 ? null : min, maxPrice: max === undefined || max === MAX_PRICE ? null : max };
}

export function priceRangeOptions(current: string): { value: string; label: string }[] {
  const options = [{ value: 'all', label: 'Any Price' }, ...PRICE_RANGES.map((r) => ({ value: `${r.min}-${r.max}`, label: r.label }))];
  if (!options.some((o) => o.value === current)) options.push({ value: current, label: 'Custom range' });
  return options;
}

/** Model years as a buyer reads them: "2018–2021", "2018 or newer", "2021 or older"; null for any year. */
export function yearsText({ yearMin, yearMax }: Pick<BrowseFilters, 'yearMin' | 'yearMax'>): string | null {
  if (yearMin !== null && yearMax !== null) return yearMin === yearMax ? String(yearMin) : `${yearMin}–${yearMax}`;
  if (yearMin !== null) return `${yearMin} or newer`;
  if (yearMax !== null) return `${yearMax} or older`;
  return null;
}
