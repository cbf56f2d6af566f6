import type { RentalBodyType } from '../../lib/api-types';
import { isDay } from './rental-dates';

/** The /rent search as it lives in the address bar, so it can be shared and survives a reload. */
export interface RentalFilters {
  location: string;
  type: RentalBodyType | 'any';
  startDate: string;
  endDate: string;
}

export const NO_RENTAL_FILTERS: RentalFilters = { location: '', type: 'any', startDate: '', endDate: '' };

export const RENTAL_TYPE_OPTIONS: readonly { value: RentalFilters['type']; label: string }[] = [
  { value: 'any', label: 'Any' },
  { value: 'Sedan', label: 'Sedan' },
  { value: 'SUV', label: 'SUV' },
  { value: 'Hatchback', label: 'Hatchback' },
  { value: 'Truck', label: 'Truck' },
];

/** The API's limit on the location text. */
export const LOCATION_MAX = 60;

/** Reads the search from a query string, dropping what the API could not read (dates are checked against today by the page). */
export function rentalFiltersFromParams(params: URLSearchParams): RentalFilters {
  const type = params.get('type');
  const day = (value: string | null) => (isDay(value) ? value : '');
  return {
    location: (params.get('location') ?? '').trim().slice(0, LOCATION_MAX),
    type: RENTAL_TYPE_OPTIONS.some((o) => o.value === type) ? (type as RentalFilters['type']) : 'any',
    startDate: day(params.get('startDate')),
    endDate: day(params.get('endDate')),
  };
}

/** Only what is set goes into the address. */
export function rentalFiltersToParams(filters: RentalFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.location.trim()) params.set('location', filters.location.trim());
  if (filters.type !== 'any') params.set('type', filters.type);
  if (filters.startDate) params.set('startDate', filters.startDate);
  if (filters.endDate) params.set('endDate', filters.endDate);
  return params;
}

export const isFiltered = (filters: RentalFilters): boolean =>
  filters.location.trim() !== '' || filters.type !== 'any' || filters.startDate !== '' || filters.endDate !== '';
