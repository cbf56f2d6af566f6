import { describe, expect, it } from 'vitest';
import { completeListingForm } from './listing-fixture';
import {
  completion,
  emptyListingForm,
  MAX_IMAGES,
  maxYear,
  missingFields,
  missingFieldsMessage,
  toVehicleInput,
  validateListing,
} from '../../src/features/listings/listing-form-values';

// A fixed "today" so the year rule does not depend on when the tests run.
const NOW = new Date('2026-06-15T12:00:00Z');

const validListing = completeListingForm;

describe('a new listing form', () => {
  it('starts with the specified defaults', () => {
    expect(emptyListingForm()).toMatchObject({ vehicleType: 'car', location: 'Lagos', chargingType: 'AC', batteryHealth: '100', imageUrls: [] });
  });
});

describe('missing required fields', () => {
  it('names every required field of an empty form, in order', () => {
    expect(missingFields(emptyListingForm())).toEqual(['title', 'description', 'brand', 'model', 'price', 'year', 'range', 'imageUrls']);
  });

  it('asks for them in plain words', () => {
    expect(missingFieldsMessage(missingFields(emptyListingForm()))).toBe(
      'Please complete: a title, a description, a brand, a model, a price, the year, the range and at least one photo.',
    );
    expect(missingFieldsMessage(['title', 'price', 'imageUrls'])).toBe('Please complete: a title, a price and at least one photo.');
    expect(missingFieldsMessage(['model'])).toBe('Please complete: a model.');
  });

  it('names nothing for a complete form', () => {
    expect(missingFields(validListing())).toEqual([]);
  });

  it('treats text made only of spaces as missing', () => {
    expect(missingFields(validListing({ title: '   ', description: '\n' }))).toEqual(['title', 'description']);
  });

  it.each([
    ['price', '0'],
    ['year', '0'],
    ['range', '0'],
    ['price', 'abc'],
    ['price', '-5'],
  ] as const)('names %s when it is %j', (field, value) => {
    expect(missingFields(validListing({ [field]: value }))).toEqual([field]);
  });

  it('does not require mileage (0 km is a real value)', () => {
    expect(missingFields(validListing({ mileage: '' }))).toEqual([]);
  });
});

describe('listing validation', () => {
  it('has no errors for a complete, sensible listing', () => {
    expect(validateListing(validListing(), NOW)).toEqual({});
  });

  it('allows years from 2010 to next year', () => {
    expect(maxYear(NOW)).toBe(2027);
    expect(validateListing(validListing({ year: '2010' }), NOW).year).toBeUndefined();
    expect(validateListing(validListing({ year: '2027' }), NOW).year).toBeUndefined();
  });

  it.each(['2009', '2028', '20x2'])('refuses the year %j', (year) => {
    expect(validateListing(validListing({ year }), NOW).year).toBe('Year must be between 2010 and 2027');
  });

  it('requires a year', () => {
    expect(validateListing(validListing({ year: '' }), NOW).year).toBe('Year is required');
  });

  it('requires a price above 0', () => {
    expect(validateListing(validListing({ price: '0' }), NOW).price).toBe('Enter a price in naira, above 0');
    expect(validateListing(validListing({ price: '1' }), NOW).price).toBeUndefined();
    // A fraction of a naira is more likely a slip for millions: the seller is asked to write it out.
    expect(validateListing(validListing({ price: '1.5' }), NOW).price).toBe('Write the price in naira, like 28,500,000 or 28.5m');
    expect(validateListing(validListing({ price: '1,000,000,000' }), NOW).price).toBe('The price can be at most ₦999,999,999');
  });

  it('allows battery health from 0 to 100', () => {
    expect(validateListing(validListing({ batteryHealth: '0' }), NOW).batteryHealth).toBeUndefined();
    expect(validateListing(validListing({ batteryHealth: '100' }), NOW).batteryHealth).toBeUndefined();
    expect(validateListing(validListing({ batteryHealth: '101' }), NOW).batteryHealth).toBe('Battery health must be between 0 and 100');
    expect(validateListing(validListing({ batteryHealth: '-1' }), NOW).batteryHealth).toBe('Battery health must be between 0 and 100');
  });

  it('requires at least one image', () => {
    expect(validateListing(validListing({ imageUrls: [] }), NOW).imageUrls).toBe('At least one image is required');
  });

  it(`allows at most ${MAX_IMAGES} images`, () => {
    const urls = (n: number) => Array.from({ length: n }, (_, i) => `/uploads/2026/11/${i}.webp`);
    expect(validateListing(validListing({ imageUrls: urls(MAX_IMAGES) }), NOW).imageUrls).toBeUndefined();
    expect(validateListing(validListing({ imageUrls: urls(MAX_IMAGES + 1) }), NOW).imageUrls).toBe(`At most ${MAX_IMAGES} images`);
  });

  it('names the brand before the model when neither is chosen', () => {
    const errors = validateListing(validListing({ brand: '', model: '' }), NOW);
    expect(errors.brand).toBe('Choose a brand');
    expect(errors.model).toBe('Choose a brand first');
    expect(validateListing(validListing({ model: '' }), NOW).model).toBe('Choose a model');
  });

  it('checks optional fields only when they are filled in', () => {
    expect(validateListing(validListing({ fastChargingTime: '', sellerPhone: '' }), NOW)).toEqual({});
    expect(validateListing(validListing({ fastChargingTime: '35.5', sellerPhone: '+234 803 123 4567' }), NOW)).toEqual({});
    const errors = validateListing(validListing({ fastChargingTime: 'soon', sellerPhone: 'call me' }), NOW);
    expect(errors.fastChargingTime).toBe('Enter minutes, 0 or more (at most 1,440)');
    expect(errors.sellerPhone).toBe('Enter a valid phone number, like 0803 555 1234 or +234 803 555 1234');
  });
});

describe('form completion', () => {
  it('follows nine fields', () => {
    expect(completion(emptyListingForm())).toEqual({ done: 0, total: 9 });
    expect(completion(validListing())).toEqual({ done: 9, total: 9 });
  });

  it('counts the images as one field, and ignores fields with defaults', () => {
    expect(completion({ ...emptyListingForm(), imageUrls: ['/a.webp', '/b.webp'] })).toEqual({ done: 1, total: 9 });
    expect(completion({ ...emptyListingForm(), batteryHealth: '90', sellerPhone: '08031234567' })).toEqual({ done: 0, total: 9 });
  });

  it('does not count text made only of spaces', () => {
    expect(completion({ ...emptyListingForm(), title: '   ' }).done).toBe(0);
  });
});

describe('the request sent for a listing', () => {
  it('turns the typed numbers into numbers and trims the text', () => {
    expect(toVehicleInput(validListing({ title: '  2022 Tesla Model 3 ', batteryHealth: '92', fastChargingTime: ' 35 ', sellerPhone: ' +234 803 123 4567 ' }))).toEqual({
      title: '2022 Tesla Model 3',
      description: 'One owner, full service history.',
      vehicleType: 'car',
      brand: 'Tesla',
      model: 'Model 3',
      year: 2022,
      price: 25_000_000,
      mileage: 18_000,
      range: 450,
      location: 'Lagos',
      batteryHealth: 92,
      chargingType: 'AC',
      fastChargingTime: 35,
      sellerPhone: '+2348031234567',
      imageUrls: ['/uploads/2026/11/a.webp'],
    });
  });

  it('sends empty optional fields as null', () => {
    const input = toVehicleInput(validListing({ fastChargingTime: '  ', sellerPhone: ' ' }));
    expect(input.fastChargingTime).toBeNull();
    expect(input.sellerPhone).toBeNull();
  });
});
