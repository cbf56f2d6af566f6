import type { ChargingType, RentalBodyType, RentalVehicleInput } from '../data/api-types';
import { formatNumber } from '../lib/format';
import { parseNaira, parseRate, type Parsed } from './rental-rates';

/** What the create form holds: numbers as typed (text), so nothing is read as 0 before it is checked. */
export interface RentalVehicleForm {
  title: string;
  description: string;
  brand: string;
  model: string;
  year: string;
  price: string;
  dailyRentalRate: string;
  weeklyRentalRate: string;
  monthlyRentalRate: string;
  location: string;
  mileage: string;
  range: string;
  batteryCapacity: string;
  chargingType: ChargingType | '';
  bodyType: RentalBodyType | '';
  seats: string;
  features: string[];
  imageUrls: string[];
}

/** The form's values as react-admin hands them over: a cleared input may be null or missing. */
export type RentalVehicleFormValues = { [K in keyof RentalVehicleForm]?: RentalVehicleForm[K] | null };

const textOf = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

function normalize(values: RentalVehicleFormValues): RentalVehicleForm {
  const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  return {
    title: textOf(values.title),
    description: textOf(values.description),
    brand: textOf(values.brand),
    model: textOf(values.model),
    year: textOf(values.year),
    price: textOf(values.price),
    dailyRentalRate: textOf(values.dailyRentalRate),
    weeklyRentalRate: textOf(values.weeklyRentalRate),
    monthlyRentalRate: textOf(values.monthlyRentalRate),
    location: textOf(values.location),
    mileage: textOf(values.mileage),
    range: textOf(values.range),
    batteryCapacity: textOf(values.batteryCapacity),
    chargingType: values.chargingType ?? '',
    bodyType: values.bodyType ?? '',
    seats: textOf(values.seats),
    features: list(values.features),
    imageUrls: list(values.imageUrls),
  };
}

export const EMPTY_RENTAL_VEHICLE: RentalVehicleForm = {
  title: '',
  description: '',
  brand: '',
  model: '',
  year: '',
  price: '',
  dailyRentalRate: '',
  weeklyRentalRate: '',
  monthlyRentalRate: '',
  location: '',
  mileage: '',
  range: '',
  batteryCapacity: '',
  chargingType: 'Both',
  bodyType: '',
  seats: '',
  features: [],
  imageUrls: [],
};

// The contract's limits (RentalVehicleInput) and the marketplace's listing rules.
export const MAX_PRICE = 999_999_999;
export const MAX_FEATURES = 20;
export const MAX_FEATURE_LENGTH = 60;
export const MAX_RENTAL_PHOTOS = 10;
export const FIRST_YEAR = 2010;
export const latestYear = (now = new Date()) => now.getFullYear() + 1;

interface WholeRules {
  label: string;
  required: boolean;
  min: number;
  max: number;
}

/** A whole number typed in a field (year, km, seats); blank is null or refused. */
export function parseWhole(text: string, { label, required, min, max }: WholeRules): Parsed {
  const typed = text.trim().replace(/,/g, '');
  if (typed === '') return required ? { problem: `${label} is required` } : { value: null };
  if (!/^\d+$/.test(typed)) return { problem: `${label} must be a whole number` };
  const value = Number(typed);
  if (value < min) return { problem: `${label} must be at least ${min}` };
  if (value > max) return { problem: `${label} must be at most ${formatNumber(max)}` };
  return { value };
}

/** Battery capacity in kWh: blank is unknown (null); otherwise a positive number, decimals allowed (75.5). */
export function parseKwh(text: string): Parsed {
  const typed = text.trim();
  if (typed === '') return { value: null };
  if (!/^\d+(\.\d+)?$/.test(typed)) return { problem: 'Battery capacity must be a number of kWh, such as 75.5' };
  const value = Number(typed);
  if (value <= 0) return { problem: 'Battery capacity must be more than 0 kWh' };
  if (value > 500) return { problem: 'Battery capacity must be at most 500 kWh' };
  return { value };
}

const valueOf = (parsed: Parsed): number | null => ('value' in parsed ? parsed.value : null);
const problemOf = (parsed: Parsed): string | undefined => ('problem' in parsed ? parsed.problem : undefined);

function numbersOf(form: RentalVehicleForm, now: Date) {
  return {
    year: parseWhole(form.year, { label: 'Year', required: true, min: FIRST_YEAR, max: latestYear(now) }),
    price: parseNaira(form.price, { label: 'Sale price', required: true, max: MAX_PRICE }),
    dailyRentalRate: parseRate('dailyRentalRate', form.dailyRentalRate),
    weeklyRentalRate: parseRate('weeklyRentalRate', form.weeklyRentalRate),
    monthlyRentalRate: parseRate('monthlyRentalRate', form.monthlyRentalRate),
    mileage: parseWhole(form.mileage, { label: 'Mileage', required: false, min: 0, max: 2_000_000 }),
    range: parseWhole(form.range, { label: 'Range', required: true, min: 1, max: 2000 }),
    batteryCapacity: parseKwh(form.batteryCapacity),
    seats: parseWhole(form.seats, { label: 'Seats', required: false, min: 1, max: 60 }),
  };
}

export type FormProblems = Partial<Record<keyof RentalVehicleForm, string>>;

const textProblem = (value: string | undefined, label: string, max: number, required = true): string | undefined => {
  const text = (value ?? '').trim();
  if (required && !text) return `${label} is required`;
  if (text.length > max) return `${label} must be at most ${max} characters`;
  return undefined;
};

/**
 * Every field's problem, in words staff can act on; an empty object when the vehicle may be sent.
 * The form shows each under its input; the server checks it all again.
 */
export function rentalVehicleProblems(values: RentalVehicleFormValues, now = new Date()): FormProblems {
  const form = normalize(values);
  const problems: FormProblems = {};
  const put = (field: keyof RentalVehicleForm, problem: string | undefined) => {
    if (problem) problems[field] = problem;
  };
  put('title', textProblem(form.title, 'Title', 200));
  put('description', textProblem(form.description, 'Description', 5000, false));
  put('brand', textProblem(form.brand, 'Brand', 60));
  put('model', textProblem(form.model, 'Model', 60));
  put('location', textProblem(form.location, 'Location', 100));
  for (const [field, parsed] of Object.entries(numbersOf(form, now))) put(field as keyof RentalVehicleForm, problemOf(parsed));
  if (!form.chargingType) put('chargingType', 'Charging type is required');
  const features = cleanFeatures(form.features);
  if (features.length > MAX_FEATURES) put('features', `At most ${MAX_FEATURES} features`);
  const long = features.find((f) => f.length > MAX_FEATURE_LENGTH);
  if (long) put('features', `“${long.slice(0, 20)}…” is too long: keep each feature under ${MAX_FEATURE_LENGTH} characters`);
  const photos = form.imageUrls;
  if (photos.length === 0) put('imageUrls', 'At least one image is required');
  else if (photos.length > MAX_RENTAL_PHOTOS) put('imageUrls', `At most ${MAX_RENTAL_PHOTOS} images`);
  return problems;
}

/** Features trimmed, blanks and repeats dropped, in the order typed. */
export function cleanFeatures(features: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const clean: string[] = [];
  for (const feature of features ?? []) {
    const text = feature.trim();
    const key = text.toLowerCase();
    if (!text || seen.has(key)) continue;
    seen.add(key);
    clean.push(text);
  }
  return clean;
}

/**
 * The body of POST /api/admin/rental-vehicles from a form that passed `rentalVehicleProblems`:
 * numbers as numbers, blank optional numbers as null (a blank battery capacity is unknown, not 0),
 * and always a live rental EV.
 */
export function toRentalVehicleInput(values: RentalVehicleFormValues, now = new Date()): RentalVehicleInput {
  const form = normalize(values);
  const n = numbersOf(form, now);
  const required = (parsed: Parsed): number => {
    const value = valueOf(parsed);
    // Never a silent 0: the form refuses to submit before this can happen.
    if (value === null) throw new Error('The rental vehicle form has problems; check it with rentalVehicleProblems first.');
    return value;
  };
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    brand: form.brand.trim(),
    model: form.model.trim(),
    year: required(n.year),
    price: required(n.price),
    dailyRentalRate: required(n.dailyRentalRate),
    weeklyRentalRate: valueOf(n.weeklyRentalRate),
    monthlyRentalRate: valueOf(n.monthlyRentalRate),
    location: form.location.trim(),
    mileage: valueOf(n.mileage),
    range: required(n.range),
    batteryCapacity: valueOf(n.batteryCapacity),
    chargingType: form.chargingType || 'Both',
    ...(form.bodyType ? { bodyType: form.bodyType } : {}),
    seats: valueOf(n.seats),
    features: cleanFeatures(form.features),
    imageUrls: form.imageUrls,
    isRentalAvailable: true,
    vehicleType: 'EV',
  };
}

