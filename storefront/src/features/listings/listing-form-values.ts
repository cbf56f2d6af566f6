import { formatNaira } from '../../lib/format';
import type { ChargingType, Vehicle, VehicleInput, VehicleType } from '../../lib/api-types';
import { checkPhone, formatPhone, phoneToE164 } from '../../lib/phone';
import { groupDigits, PRICE_UNREADABLE, readNairaAmount } from '../../lib/naira';

/** The listing form as typed: text in every box, photos as uploaded URLs. */
export interface ListingFormValues {
  title: string;
  description: string;
  vehicleType: VehicleType;
  brand: string;
  model: string;
  year: string;
  price: string;
  mileage: string;
  range: string;
  location: string;
  batteryHealth: string;
  chargingType: ChargingType;
  fastChargingTime: string;
  sellerPhone: string;
  imageUrls: string[];
}

export type ListingField = keyof ListingFormValues;
export type ListingErrors = Partial<Record<ListingField, string>>;

export const LISTING_LABELS: Record<ListingField, string> = {
  title: 'Title',
  description: 'Description',
  vehicleType: 'Vehicle Type',
  brand: 'Brand',
  model: 'Model',
  year: 'Year',
  price: 'Price',
  mileage: 'Mileage',
  range: 'Range',
  location: 'Location',
  batteryHealth: 'Battery Health',
  chargingType: 'Charging Type',
  fastChargingTime: 'Fast Charging Time',
  sellerPhone: 'Contact Phone',
  imageUrls: 'Images',
};

export const MAX_IMAGES = 20;
export const MAX_PRICE = 999_999_999;
export const maxYear = (now = new Date()): number => now.getFullYear() + 1;

export function emptyListingForm(): ListingFormValues {
  return {
    title: '', description: '', vehicleType: 'car', brand: '', model: '', year: '', price: '', mileage: '', range: '',
    location: 'Lagos', batteryHealth: '100', chargingType: 'AC', fastChargingTime: '', sellerPhone: '', imageUrls: [],
  };
}

/**
 * The form starts from what the seller last asked for: the live listing with any changes still
 * waiting for review laid over it (so a second edit keeps them).
 */
export function listingFormFrom(listing: Vehicle): ListingFormValues {
  const waiting = listing.changeReview?.status === 'pending' ? (listing.changeReview.changes as Partial<Vehicle>) : {};
  const vehicle: Vehicle = { ...listing, ...waiting };
  return {
    title: vehicle.title,
    description: vehicle.description,
    vehicleType: vehicle.vehicleType,
    brand: vehicle.brand,
    model: vehicle.model,
    year: String(vehicle.year),
    price: groupDigits(String(vehicle.price)),
    mileage: String(vehicle.mileage),
    range: String(vehicle.range),
    location: vehicle.location,
    batteryHealth: String(vehicle.batteryHealth),
    chargingType: vehicle.chargingType ?? 'Both',
    fastChargingTime: vehicle.fastChargingTime === null ? '' : String(vehicle.fastChargingTime),
    sellerPhone: vehicle.sellerPhone ? formatPhone(vehicle.sellerPhone) : '',
    imageUrls: [...vehicle.imageUrls],
  };
}

const whole = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);
const decimal = (text: string): number | null => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : null);

/** The nine fields the progress bar follows. */
const TRACKED: ListingField[] = ['title', 'description', 'brand', 'model', 'year', 'price', 'mileage', 'range', 'imageUrls'];

export function completion(values: ListingFormValues): { done: number; total: number } {
  const done = TRACKED.filter((f) => (f === 'imageUrls' ? values.imageUrls.length > 0 : String(values[f]).trim() !== '')).length;
  return { done, total: TRACKED.length };
}

/** Required fields still empty (or zero), in the form's order. */
export function missingFields(values: ListingFormValues): ListingField[] {
  const missing: ListingField[] = [];
  if (!values.title.trim()) missing.push('title');
  if (!values.description.trim()) missing.push('description');
  if (!values.brand) missing.push('brand');
  if (!values.model) missing.push('model');
  if (!((readNairaAmount(values.price) ?? 0) > 0)) missing.push('price');
  if (!((whole(values.year) ?? 0) > 0)) missing.push('year');
  if (!((whole(values.range) ?? 0) > 0)) missing.push('range');
  if (values.imageUrls.length === 0) missing.push('imageUrls');
  return missing;
}

const ASKED_FOR: Partial<Record<ListingField, string>> = {
  title: 'a title', description: 'a description', brand: 'a brand', model: 'a model', price: 'a price', year: 'the year', range: 'the range',
  imageUrls: 'at least one photo',
};
// British usage, as in Nigeria: "a title, a price and at least one photo".
const inPlainWords = new Intl.ListFormat('en-GB', { type: 'conjunction' });

/** "Please complete: a title, a price and at least one photo." */
export function missingFieldsMessage(missing: readonly ListingField[]): string {
  return `Please complete: ${inPlainWords.format(missing.map((f) => ASKED_FOR[f] ?? LISTING_LABELS[f].toLowerCase()))}.`;
}

/** Every rule the server holds, checked before sending so people see it at once. */
export function validateListing(values: ListingFormValues, now = new Date()): ListingErrors {
  const errors: ListingErrors = {};
  const text = (field: 'title' | 'description', max: number) => {
    const value = values[field].trim();
    if (!value) errors[field] = `${LISTING_LABELS[field]} is required`;
    else if (value.length > max) errors[field] = `${LISTING_LABELS[field]} must be at most ${max} characters`;
  };
  text('title', 120);
  text('description', 5000);
  if (!values.brand) errors.brand = 'Choose a brand';
  if (!values.model) errors.model = values.brand ? 'Choose a model' : 'Choose a brand first';
  const number = (field: 'year' | 'mileage' | 'range' | 'batteryHealth', min: number, max: number, message: string) => {
    const n = whole(values[field]);
    if (values[field].trim() === '') errors[field] = `${LISTING_LABELS[field]} is required`;
    else if (n === null || n < min || n > max) errors[field] = message;
  };
  number('year', 2010, maxYear(now), `Year must be between 2010 and ${maxYear(now)}`);
  const price = readNairaAmount(values.price);
  if (!values.price.trim()) errors.price = 'Price is required';
  else if (price === null) errors.price = PRICE_UNREADABLE;
  else if (price < 1) errors.price = 'Enter a price in naira, above 0';
  else if (price > MAX_PRICE) errors.price = `The price can be at most ${formatNaira(MAX_PRICE)}`;
  number('mileage', 0, 2_000_000, 'Enter the mileage in km (0 or more)');
  number('range', 1, 2000, 'Enter the range in km, between 1 and 2,000');
  number('batteryHealth', 0, 100, 'Battery health must be between 0 and 100');
  if (values.fastChargingTime.trim()) {
    const minutes = decimal(values.fastChargingTime);
    if (minutes === null || minutes > 1440) errors.fastChargingTime = 'Enter minutes, 0 or more (at most 1,440)';
  }
  const phoneProblem = checkPhone(values.sellerPhone);
  if (phoneProblem) errors.sellerPhone = phoneProblem;
  if (values.imageUrls.length === 0) errors.imageUrls = 'At least one image is required';
  else if (values.imageUrls.length > MAX_IMAGES) errors.imageUrls = `At most ${MAX_IMAGES} images`;
  return errors;
}

export function toVehicleInput(values: ListingFormValues): VehicleInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    vehicleType: values.vehicleType,
    brand: values.brand,
    model: values.model,
    year: Number(values.year),
    price: readNairaAmount(values.price) ?? 0,
    mileage: Number(values.mileage),
    range: Number(values.range),
    location: values.location,
    batteryHealth: Number(values.batteryHealth),
    chargingType: values.chargingType,
    fastChargingTime: values.fastChargingTime.trim() ? Number(values.fastChargingTime) : null,
    sellerPhone: phoneToE164(values.sellerPhone),
    imageUrls: values.imageUrls,
  };
}
