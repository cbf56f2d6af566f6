import { DomainError, FieldIssues } from '../shared/domain-error.js';
import { cleanLine } from '../shared/text.js';
import type { Listing } from '../listing/listing.js';
import { type ChargingType, isChargingType, type VehicleType, VEHICLE_TYPES } from '../listing/catalogue.js';
import { LISTING_LIMITS, type ListingDetails } from '../listing/listing-input.js';
import type { RentalRates } from './rental-pricing.js';

/** The rental page's vehicle types (body styles), as the spec names them. */
export const RENTAL_BODY_TYPES = ['Sedan', 'SUV', 'Hatchback', 'Truck'] as const;
export type RentalBodyType = (typeof RENTAL_BODY_TYPES)[number];

/** What a renter reads about a vehicle beyond its listing. */
export interface RentalSpecs {
  bodyType: RentalBodyType | null;
  seats: number | null;
  features: string[];
  /** kWh. */
  batteryCapacity: number | null;
}

export const RENTAL_SPEC_LIMITS = { seatsMax: 60, featuresMax: 20, featureMax: 60, batteryCapacityMax: 1_000 } as const;

/** A listing is a rental vehicle once it has a daily rate; it takes requests while it is live and available. */
export function rentalRatesOf(listing: Pick<Listing, 'dailyRentalRate' | 'weeklyRentalRate' | 'monthlyRentalRate'>): RentalRates | null {
  const daily = listing.dailyRentalRate;
  if (daily === null || daily <= 0) return null;
  const positive = (rate: number | null) => (rate !== null && rate > 0 ? rate : null);
  return { daily, weekly: positive(listing.weeklyRentalRate), monthly: positive(listing.monthlyRentalRate) };
}

/** Why a listing takes no rental request now, or null when it does. */
export function whyNotRentable(listing: Listing): DomainError | null {
  if (!listing.isPublic() || rentalRatesOf(listing) === null) {
    return new DomainError('not_found', 'RENTAL_VEHICLE_NOT_FOUND', `No rental vehicle ${listing.id}.`);
  }
  if (!listing.isRentalAvailable) return new DomainError('rule', 'NOT_AVAILABLE_FOR_RENT', 'This vehicle is not taking rental requests right now.');
  return null;
}

export const rentalVehicleNotFound = (id: number) => new DomainError('not_found', 'RENTAL_VEHICLE_NOT_FOUND', `No rental vehicle ${id}.`);

/**
 * A number typed into a form: the spec's forms send text ("25,000", " 25000 "). Thousands separators
 * are allowed; anything else that is not a number is an error, never a silent 0.
 */
export function readNumber(value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value !== 'string') return Number.NaN;
  const text = value.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  if (text === '') return null;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

export interface RentalSettingsPatch {
  isRentalAvailable?: boolean;
  dailyRentalRate?: unknown;
  weeklyRentalRate?: unknown;
  monthlyRentalRate?: unknown;
}

export interface RentalSettings {
  isRentalAvailable: boolean;
  dailyRentalRate: number;
  weeklyRentalRate: number | null;
  monthlyRentalRate: number | null;
}

const RATE_NAMES = { dailyRentalRate: 'Daily rate', weeklyRentalRate: 'Weekly rate', monthlyRentalRate: 'Monthly rate' } as const;

/**
 * Applies a settings patch to the current settings: a rate is a whole naira amount of 1 or more; a
 * weekly or monthly rate may be withdrawn with null; an empty or non-numeric rate is refused.
 */
export function nextRentalSettings(current: Pick<Listing, 'isRentalAvailable' | 'dailyRentalRate' | 'weeklyRentalRate' | 'monthlyRentalRate'>, patch: RentalSettingsPatch): RentalSettings {
  const issues = new FieldIssues();
  const next = {
    isRentalAvailable: patch.isRentalAvailable ?? current.isRentalAvailable,
    dailyRentalRate: current.dailyRentalRate,
    weeklyRentalRate: current.weeklyRentalRate,
    monthlyRentalRate: current.monthlyRentalRate,
  };
  for (const field of ['dailyRentalRate', 'weeklyRentalRate', 'monthlyRentalRate'] as const) {
    if (!(field in patch) || patch[field] === undefined) continue;
    const raw = patch[field];
    if (raw === null && field !== 'dailyRentalRate') {
      next[field] = null;
      continue;
    }
    const rate = readNumber(raw === null ? '' : raw);
    if (rate === null || rate === undefined) issues.add(field, `${RATE_NAMES[field]} is required: enter an amount in naira`);
    else if (!isWhole(rate, 1, LISTING_LIMITS.rentalRateMax)) issues.add(field, `${RATE_NAMES[field]} must be a whole number of naira, 1 or more`);
    else next[field] = rate;
  }
  if (next.dailyRentalRate === null || next.dailyRentalRate <= 0) {
    if (!issues.has('dailyRentalRate')) issues.add('dailyRentalRate', 'Set a daily rate before offering the vehicle for rent');
  }
  issues.throwIfAny();
  return next as RentalSettings;
}

/** The spec's create body: numbers may come as text; each is converted and checked, never silently 0. */
export interface RentalVehicleInput {
  title?: string; description?: string; brand?: string; model?: string; year?: unknown; price?: unknown;
  dailyRentalRate?: unknown; weeklyRentalRate?: unknown; monthlyRentalRate?: unknown; location?: string;
  mileage?: unknown; range?: unknown; batteryCapacity?: unknown; chargingType?: string; bodyType?: string;
  seats?: unknown; features?: string[]; imageUrls?: string[]; isRentalAvailable?: boolean; vehicleType?: string;
}

/**
 * Reads the create form into a listing's details and the rental specs. Whole-number fields and rates
 * must be whole; the listing rules (catalogue brand and model, city, uploaded images) are checked when
 * the listing is made.
 */
export function readRentalVehicleInput(input: RentalVehicleInput): { details: ListingDetails; specs: RentalSpecs } {
  const issues = new FieldIssues();
  const whole = (field: string, label: string, value: unknown, required: boolean, min: number): number | null => {
    const n = readNumber(value);
    if (n === null || n === undefined) {
      if (required) issues.add(field, `${label} is required`);
      return null;
    }
    if (!isWhole(n, min, Number.MAX_SAFE_INTEGER)) {
      issues.add(field, `${label} must be a whole number${min > 0 ? ` above ${min - 1}` : ', 0 or more'}`);
      return null;
    }
    return n;
  };
  const text = (field: string, label: string, value: string | undefined) => {
    const cleaned = cleanLine(value ?? '');
    if (!cleaned) issues.add(field, `${label} is required`);
    return cleaned;
  };
  const title = text('title', 'Title', input.title);
  const brand = text('brand', 'Brand', input.brand);
  const model = text('model', 'Model', input.model);
  const location = text('location', 'Location', input.location);
  const year = whole('year', 'Year', input.year, true, 1);
  const price = whole('price', 'Price', input.price, true, 1);
  const range = whole('range', 'Range', input.range, true, 1);
  const mileage = whole('mileage', 'Mileage', input.mileage, false, 0) ?? 0;
  const daily = whole('dailyRentalRate', 'Daily rate', input.dailyRentalRate, true, 1);
  const weekly = whole('weeklyRentalRate', 'Weekly rate', input.weeklyRentalRate, false, 1);
  const monthly = whole('monthlyRentalRate', 'Monthly rate', input.monthlyRentalRate, false, 1);
  const seats = whole('seats', 'Seats', input.seats, false, 1);
  if (seats !== null && seats > RENTAL_SPEC_LIMITS.seatsMax) issues.add('seats', `Seats must be at most ${RENTAL_SPEC_LIMITS.seatsMax}`);
  const capacity = readNumber(input.batteryCapacity);
  if (capacity !== null && capacity !== undefined && !(capacity > 0 && capacity <= RENTAL_SPEC_LIMITS.batteryCapacityMax)) {
    issues.add('batteryCapacity', 'Battery capacity must be a number of kWh above 0');
  }
  const chargingType = readChargingType(input.chargingType);
  if (!chargingType) issues.add('chargingType', 'Charging type must be AC, DC or Both');
  const bodyType = input.bodyType ? RENTAL_BODY_TYPES.find((t) => t.toLowerCase() === input.bodyType!.trim().toLowerCase()) ?? null : null;
  if (input.bodyType && !bodyType) issues.add('bodyType', 'Type must be Sedan, SUV, Hatchback or Truck');
  const vehicleType = readVehicleType(input.vehicleType, bodyType);
  if (!vehicleType) issues.add('vehicleType', 'Vehicle type must be EV, car, truck, motorcycle, bus or bike');
  const features = [...new Set((input.features ?? []).map((f) => cleanLine(f)).filter((f) => f.length > 0))];
  issues.check(features.length <= RENTAL_SPEC_LIMITS.featuresMax, 'features', `At most ${RENTAL_SPEC_LIMITS.featuresMax} features`);
  issues.check(features.every((f) => f.length <= RENTAL_SPEC_LIMITS.featureMax), 'features', `A feature must be at most ${RENTAL_SPEC_LIMITS.featureMax} characters`);
  issues.check((input.imageUrls ?? []).length >= 1, 'imageUrls', 'At least one image is required');
  issues.throwIfAny();
  return {
    details: {
      title, description: (input.description ?? '').trim() || title, brand, model, location,
      year: year!, price: price!, range: range!, mileage, vehicleType: vehicleType!, imageUrls: input.imageUrls ?? [],
      batteryHealth: 100, chargingType: chargingType!, fastChargingTime: null, vin: null, sellerPhone: null,
      isRentalAvailable: input.isRentalAvailable !== false, dailyRentalRate: daily, weeklyRentalRate: weekly, monthlyRentalRate: monthly,
    },
    specs: {
      bodyType, seats, features, batteryCapacity: capacity === null || capacity === undefined ? null : Math.round(capacity * 10) / 10,
    },
  };
}

function isWhole(n: number, min: number, max: number): boolean {
  return Number.isInteger(n) && n >= min && n <= max;
}

/** AC, DC or Both; connector names (CCS, CHAdeMO, Type 2...) read as what they carry. */
function readChargingType(value: string | undefined): ChargingType | null {
  const text = (value ?? 'AC').trim();
  if (isChargingType(text)) return text;
  const lower = text.toLowerCase();
  if (lower === 'both' || lower.includes('ac/dc') || lower.includes('ac & dc')) return 'Both';
  if (/ccs|chademo|dc|rapid|fast/.test(lower)) return 'DC';
  if (/type ?2|type ?1|ac|j1772|slow/.test(lower)) return 'AC';
  return null;
}

/** The spec sends "EV" for every rental vehicle: a truck body is a truck, anything else a car. */
function readVehicleType(value: string | undefined, bodyType: RentalBodyType | null): VehicleType | null {
  const text = (value ?? 'EV').trim().toLowerCase();
  if (text === 'ev' || text === '') return bodyType === 'Truck' ? 'truck' : 'car';
  return (VEHICLE_TYPES as readonly string[]).includes(text) ? (text as VehicleType) : null;
}
