import { FieldIssues } from '../shared/domain-error.js';
import { cleanLine, cleanText } from '../shared/text.js';
import {
  BRAND_MODELS,
  type ChargingType,
  isChargingType,
  isKnownBrand,
  isListingLocation,
  isVehicleType,
  type VehicleType,
} from './catalogue.js';

/** What a seller states about a vehicle: every field a listing form edits. */
export interface ListingDetails {
  title: string;
  description: string;
  price: number;
  year: number;
  mileage: number;
  range: number;
  vehicleType: VehicleType;
  brand: string;
  model: string;
  location: string;
  imageUrls: string[];
  batteryHealth: number;
  chargingType: ChargingType;
  fastChargingTime: number | null;
  vin: string | null;
  sellerPhone: string | null;
  isRentalAvailable: boolean;
  dailyRentalRate: number | null;
  weeklyRentalRate: number | null;
  monthlyRentalRate: number | null;
}

export const LISTING_LIMITS = {
  titleMax: 120,
  descriptionMax: 5000,
  priceMax: 999_999_999,
  yearMin: 2010,
  mileageMax: 2_000_000,
  rangeMax: 2_000,
  imagesMax: 20,
  imageUrlMax: 500,
  fastChargingTimeMax: 1_440,
  rentalRateMax: 99_999_999,
} as const;

export const DEFAULT_BATTERY_HEALTH = 100;
export const DEFAULT_CHARGING_TYPE: ChargingType = 'AC';

/** Only images uploaded to Voltmarket: no tracking pixels, no other sites, no path tricks. */
const UPLOADED_IMAGE = /^\/uploads\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(?:webp|jpe?g|png)$/;

/** The spec's client sends upload URLs made absolute with the page origin; keep only the path. */
export function normaliseImageUrl(url: string): string {
  const trimmed = url.trim();
  const absolute = /^https?:\/\/[^/\s]+(\/uploads\/.*)$/i.exec(trimmed);
  return absolute?.[1] ?? trimmed;
}
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
const PHONE = /^\+?[0-9][0-9 ()-]{6,19}$/;

export const maxListingYear = (now: Date): number => now.getUTCFullYear() + 1;

/** The fields a seller may change, with the keys a patch may carry. */
export type ListingDetailsPatch = Partial<ListingDetails>;

/**
 * Cleans and checks a complete set of details. Throws a ValidationError naming every bad field,
 * so the edge's schema check and this rule check give the same kind of answer.
 */
export function normaliseListingDetails(input: ListingDetails, now: Date): ListingDetails {
  // Built field by field: whatever else the input carries (status, views, boostTier...) is dropped.
  const details: ListingDetails = {
    price: input.price,
    year: input.year,
    mileage: input.mileage,
    range: input.range,
    vehicleType: input.vehicleType,
    batteryHealth: input.batteryHealth,
    chargingType: input.chargingType,
    fastChargingTime: tenthsOfAMinute(input.fastChargingTime),
    isRentalAvailable: input.isRentalAvailable === true,
    dailyRentalRate: input.dailyRentalRate,
    weeklyRentalRate: input.weeklyRentalRate,
    monthlyRentalRate: input.monthlyRentalRate,
    title: cleanLine(input.title),
    description: cleanText(input.description),
    brand: cleanLine(input.brand),
    model: cleanLine(input.model),
    location: cleanLine(input.location),
    vin: input.vin ? input.vin.trim().toUpperCase() || null : null,
    sellerPhone: input.sellerPhone ? cleanLine(input.sellerPhone) || null : null,
    imageUrls: input.imageUrls.map(normaliseImageUrl),
  };
  const issues = new FieldIssues();
  const L = LISTING_LIMITS;
  issues.check(details.title.length >= 1, 'title', 'Title is required');
  issues.check(details.title.length <= L.titleMax, 'title', `Title must be at most ${L.titleMax} characters`);
  issues.check(details.description.length >= 1, 'description', 'Description is required');
  issues.check(
    details.description.length <= L.descriptionMax,
    'description',
    `Description must be at most ${L.descriptionMax} characters`,
  );
  checkWhole(issues, 'price', details.price, 1, L.priceMax, 'Price must be a whole number of naira above 0');
  checkWhole(issues, 'year', details.year, L.yearMin, maxListingYear(now), `Year must be between ${L.yearMin} and ${maxListingYear(now)}`);
  checkWhole(issues, 'mileage', details.mileage, 0, L.mileageMax, 'Mileage must be a whole number of kilometres, 0 or more');
  checkWhole(issues, 'range', details.range, 1, L.rangeMax, 'Range must be a whole number of kilometres above 0');
  issues.check(isVehicleType(details.vehicleType), 'vehicleType', 'Vehicle type must be car, truck, motorcycle, bus or bike');
  if (!isKnownBrand(details.brand)) {
    issues.add('brand', 'Brand must be one of the catalogue brands');
  } else if (!(BRAND_MODELS[details.brand] ?? []).includes(details.model)) {
    issues.add('model', `Model must be one of the ${details.brand} models`);
  }
  issues.check(isListingLocation(details.location), 'location', 'Location must be one of the listed cities');
  issues.check(details.imageUrls.length >= 1, 'imageUrls', 'At least one image is required');
  issues.check(details.imageUrls.length <= L.imagesMax, 'imageUrls', `At most ${L.imagesMax} images`);
  details.imageUrls.forEach((url, i) => {
    issues.check(
      url.length <= L.imageUrlMax && UPLOADED_IMAGE.test(url),
      `imageUrls[${i}]`,
      'Image must be one uploaded to Voltmarket',
    );
  });
  checkWhole(issues, 'batteryHealth', details.batteryHealth, 0, 100, 'Battery health must be between 0 and 100');
  issues.check(isChargingType(details.chargingType), 'chargingType', 'Charging type must be AC, DC or Both');
  if (details.fastChargingTime !== null) {
    const t = details.fastChargingTime;
    issues.check(
      Number.isFinite(t) && t >= 0 && t <= L.fastChargingTimeMax,
      'fastChargingTime',
      'Fast charging time must be 0 or more minutes',
    );
  }
  if (details.vin !== null) issues.check(VIN.test(details.vin), 'vin', 'VIN must be 17 letters and digits (no I, O or Q)');
  if (details.sellerPhone !== null) issues.check(PHONE.test(details.sellerPhone), 'sellerPhone', 'Phone number is not valid');
  for (const rate of ['dailyRentalRate', 'weeklyRentalRate', 'monthlyRentalRate'] as const) {
    const value = details[rate];
    if (value !== null) checkWhole(issues, rate, value, 0, L.rentalRateMax, 'Rental rate must be a whole number of naira, 0 or more');
  }
  issues.throwIfAny();
  return details;
}

/** Minutes to one decimal (six seconds): nobody charges for 1e-46 minutes, and every column can hold it. */
function tenthsOfAMinute(minutes: number | null): number | null {
  if (typeof minutes !== 'number' || !Number.isFinite(minutes)) return minutes;
  return Math.round(minutes * 10) / 10 + 0; // + 0 turns -0 into 0
}

function checkWhole(issues: FieldIssues, field: string, value: number, min: number, max: number, message: string): void {
  issues.check(Number.isInteger(value) && value >= min && value <= max, field, message);
}
