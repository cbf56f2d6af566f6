import { describe, expect, it } from 'vitest';
import {
  type AlertCandidate, alertFor, type AlertListing, browsePath, DomainError, type ListingChange, narrowsTheMarket, normaliseCriteria, proposeName,
  SavedSearch, savedSearchAlertNotice, shortNaira, ValidationError,
} from '../src/index.js';

const leaf: AlertListing = {
  id: 7, sellerId: 'seller', title: '2019 Nissan Leaf SV, one owner', price: 7_500_000, year: 2019, vehicleType: 'car', brand: 'Nissan', model: 'Leaf', location: 'Kano',
};

const candidate = (over: Partial<AlertCandidate> = {}, terms: Partial<AlertCandidate['terms']> = {}): AlertCandidate => ({
  savedSearchId: 'ss-1', name: 'Nissan Leaf in Kano under ₦8M', userId: 'buyer', channel: 'instant', paused: false, told: null,
  ...over,
  terms: { brand: 'Nissan', location: 'Kano', maxPrice: 8_000_000, notTypes: [], notModels: [], ...terms },
});

const live: ListingChange = { kind: 'live' };
const fieldsOf = (fn: () => unknown): string[] => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ValidationError) return err.details.map((d) => d.field);
    throw err;
  }
  return [];
};

describe('alertFor: which changes alert a saved search', () => {
  it('alerts once when a matching listing goes live', () => {
    expect(alertFor(candidate(), leaf, live)).toEqual({ kind: 'new' });
    // Told already: going live again (approved after an edit) at the same price says nothing.
    expect(alertFor(candidate({ told: { price: 7_500_000, dropTold: false } }), leaf, live)).toBeNull();
  });

  it('checks every filter', () => {
    const misses: [Partial<AlertCandidate['terms']>, string][] = [
      [{ vehicleType: 'bus' }, 'type'],
      [{ location: 'Lagos' }, 'city'],
      [{ brand: 'Tesla' }, 'brand'],
      [{ model: 'Ariya' }, 'model'],
      [{ yearMin: 2020 }, 'year from'],
      [{ yearMax: 2018 }, 'year to'],
      [{ minPrice: 8_000_000 }, 'price floor'],
      [{ maxPrice: 7_000_000 }, 'price ceiling'],
      [{ notTypes: ['car'] }, 'excluded type'],
      [{ notModels: ['Leaf'] }, 'excluded model'],
    ];
    for (const [terms, what] of misses) expect(alertFor(candidate({}, terms), leaf, live), what).toBeNull();
    const hits: Partial<AlertCandidate['terms']>[] = [
      { vehicleType: 'car' }, { model: 'Leaf' }, { yearMin: 2019, yearMax: 2019 }, { minPrice: 7_500_000, maxPrice: 7_500_000 }, { notTypes: ['bus'] }, { notModels: ['Model S'] },
    ];
    for (const terms of hits) expect(alertFor(candidate({}, terms), leaf, live), JSON.stringify(terms)).toEqual({ kind: 'new' });
  });

  it('never alerts a paused search, nor a buyer of their own listing', () => {
    expect(alertFor(candidate({ paused: true }), leaf, live)).toBeNull();
    expect(alertFor(candidate({ userId: 'seller' }), leaf, live)).toBeNull();
    expect(alertFor(candidate({ paused: true, told: { price: 9_000_000, dropTold: false } }), leaf, { kind: 'price', from: 9_000_000 })).toBeNull();
  });

  it('alerts a price drop into the maximum, or of 5% or more, when never told', () => {
    const cheaper = { ...leaf, price: 7_900_000 };
    // ₦8.2M → ₦7.9M: within the ₦8M maximum now, though only 3.7% cheaper.
    expect(alertFor(candidate(), cheaper, { kind: 'price', from: 8_200_000 })).toEqual({ kind: 'drop', was: 8_200_000 });
    // Within the maximum before (the search was saved after it went live): only a drop of 5% or more.
    expect(alertFor(candidate(), cheaper, { kind: 'price', from: 8_000_000 })).toBeNull();
    expect(alertFor(candidate(), { ...leaf, price: 7_600_000 }, { kind: 'price', from: 8_000_000 })).toEqual({ kind: 'drop', was: 8_000_000 });
    expect(alertFor(candidate({}, { maxPrice: undefined }), { ...leaf, price: 9_500_000 }, { kind: 'price', from: 10_000_000 })).toEqual({ kind: 'drop', was: 10_000_000 });
    expect(alertFor(candidate({}, { maxPrice: undefined }), { ...leaf, price: 9_600_000 }, { kind: 'price', from: 10_000_000 })).toBeNull();
    // A dearer price is no news.
    expect(alertFor(candidate(), leaf, { kind: 'price', from: 7_000_000 })).toBeNull();
  });

  it('after an alert, tells of one more drop of 5% or more below the price told, then never again', () => {
    const told = (price: number, dropTold = false) => candidate({ told: { price, dropTold } });
    expect(alertFor(told(7_500_000), { ...leaf, price: 7_200_000 }, { kind: 'price', from: 7_500_000 })).toBeNull();
    // Two small drops add up: 7.5M → 7.2M → 7.1M is 5.3% below the price told.
    expect(alertFor(told(7_500_000), { ...leaf, price: 7_100_000 }, { kind: 'price', from: 7_200_000 })).toEqual({ kind: 'drop', was: 7_500_000 });
    expect(alertFor(told(7_100_000, true), { ...leaf, price: 5_000_000 }, { kind: 'price', from: 7_100_000 })).toBeNull();
    // Approved again after an edit that lowered the price: the drop is told.
    expect(alertFor(told(7_500_000), { ...leaf, price: 7_000_000 }, live)).toEqual({ kind: 'drop', was: 7_500_000 });
  });
});

describe('saved search criteria', () => {
  it('reads cities, brands and models as the catalogue names them', () => {
    expect(normaliseCriteria({ location: 'port-harcourt', brand: 'nissan', model: 'leaf', maxPrice: 8_000_000, sort: 'price_asc' }))
      .toEqual({ location: 'Port Harcourt', brand: 'Nissan', model: 'Leaf', maxPrice: 8_000_000, sort: 'price_asc' });
    expect(normaliseCriteria({ location: 'PH', brand: 'mercedes benz', model: 'eqs suv' })).toEqual({ location: 'Port Harcourt', brand: 'Mercedes-Benz', model: 'EQS SUV', sort: 'default' });
    expect(normaliseCriteria({ model: 'ioniq 5' })).toEqual({ model: 'IONIQ 5', sort: 'default' });
    expect(normaliseCriteria({ search: '  nissan   leaf ', minPrice: 0 })).toEqual({ search: 'nissan leaf', sort: 'default' });
  });

  it('names every field that is wrong at once', () => {
    expect(fieldsOf(() => normaliseCriteria({ location: 'Gotham', brand: 'Trabant', vehicleType: 'boat', sort: 'cheapest' }))).toEqual([
      'criteria.vehicleType', 'criteria.location', 'criteria.brand', 'criteria.sort',
    ]);
    expect(fieldsOf(() => normaliseCriteria({ brand: 'Nissan', model: 'Model 3' }))).toEqual(['criteria.model']);
    expect(fieldsOf(() => normaliseCriteria({ minPrice: 9_000_000, maxPrice: 8_000_000, yearMin: 2022, yearMax: 2019 }))).toEqual(['criteria.yearMax', 'criteria.maxPrice']);
    expect(fieldsOf(() => normaliseCriteria({ maxPrice: -1, yearMin: 2009.5, search: 'x'.repeat(101) }))).toEqual(['criteria.yearMin', 'criteria.maxPrice', 'criteria.search']);
    expect(fieldsOf(() => normaliseCriteria({ maxPrice: '8000000' }))).toEqual(['criteria.maxPrice']);
  });

  it('refuses a search that narrows nothing', () => {
    expect(narrowsTheMarket(normaliseCriteria({ sort: 'newest', search: '   ' }))).toBe(false);
    expect(narrowsTheMarket(normaliseCriteria({ maxPrice: 2_000_000 }))).toBe(true);
    const create = () => SavedSearch.create({ id: 'x', userId: 'u', name: 'Everything', criteria: { sort: 'default' }, channel: 'instant' }, new Date());
    expect(create).toThrow(DomainError);
  });

  it('keeps a name of one line, 1 to 80 characters', () => {
    const search = SavedSearch.create({ id: 'x', userId: 'u', name: '  Leaf\nin Kano ', criteria: { brand: 'Nissan', sort: 'default' }, channel: 'daily' }, new Date());
    expect(search.name).toBe('Leaf in Kano');
    expect(fieldsOf(() => search.rename('   ', new Date()))).toEqual(['name']);
    expect(fieldsOf(() => search.rename('é'.repeat(81), new Date()))).toEqual(['name']);
    search.rename('ü'.repeat(80), new Date());
    expect([...search.name]).toHaveLength(80);
  });

  it('opens on Browse with the same filters', () => {
    expect(browsePath({ brand: 'Nissan', location: 'Kano', maxPrice: 8_000_000, search: 'leaf & co', sort: 'price_asc' }))
      .toBe('/browse?location=Kano&brand=Nissan&maxPrice=8000000&search=leaf+%26+co&sort=price_asc');
    expect(browsePath({ model: 'IONIQ 5', yearMin: 2021, sort: 'default' })).toBe('/browse?model=IONIQ+5&yearMin=2021');
  });
});

describe('proposed names', () => {
  it('says what the search is for, as people say it', () => {
    expect(proposeName({ brand: 'Nissan', search: 'leaf', location: 'Kano', maxPrice: 8_000_000 })).toBe('Nissan Leaf in Kano under ₦8M');
    expect(proposeName({ search: 'leaf', location: 'Kano', maxPrice: 8_000_000 })).toBe('Nissan Leaf in Kano under ₦8M');
    expect(proposeName({ brand: 'Hyundai', model: 'IONIQ 5', yearMin: 2021, yearMax: 2023 })).toBe('Hyundai IONIQ 5 2021–2023');
    expect(proposeName({ vehicleType: 'bus', location: 'Lagos' })).toBe('Buses in Lagos');
    expect(proposeName({ search: '7 seater', minPrice: 5_000_000, maxPrice: 12_500_000 })).toBe('"7 seater" ₦5M–₦12.5M');
    expect(proposeName({ brand: 'Tesla', vehicleType: 'truck' })).toBe('Tesla (truck)');
    expect(proposeName({ location: 'Abuja', maxPrice: 7_654_321 })).toBe('Vehicles in Abuja under ₦7,654,321');
    expect(proposeName({ yearMin: 2020 })).toBe('Vehicles 2020 or newer');
  });

  it('stays within 80 characters', () => {
    const name = proposeName({ search: 'x'.repeat(100), location: 'Port Harcourt', maxPrice: 123_456_789 });
    expect([...name]).toHaveLength(80);
    expect(name.endsWith('…')).toBe(true);
  });

  it('rounds naira only where it is exact', () => {
    expect([8_000_000, 7_500_000, 850_000, 12_345_678, 999, 1_050_000].map(shortNaira)).toEqual(['₦8M', '₦7.5M', '₦850k', '₦12,345,678', '₦999', '₦1,050,000']);
  });
});

describe('alert notices', () => {
  it('opens the listing and names the searches', () => {
    const notice = savedSearchAlertNotice({ userId: 'buyer', searchNames: ['Nissan Leaf in Kano under ₦8M'], listing: leaf, alert: { kind: 'new' } });
    expect(notice).toMatchObject({
      userId: 'buyer', type: 'listing', title: 'New match for "Nissan Leaf in Kano under ₦8M"', actionUrl: '/vehicles/7', metadata: { vehicleId: 7 },
      message: '2019 Nissan Leaf SV, one owner: ₦7,500,000, in Kano',
    });
    const drop = savedSearchAlertNotice({ userId: 'buyer', searchNames: ['Leafs', 'Cheap cars', 'Kano'], listing: { ...leaf, price: 7_000_000 }, alert: { kind: 'drop', was: 7_500_000 } });
    expect(drop.title).toBe('Price drop for "Leafs" and 2 more saved searches');
    expect(drop.message).toBe('2019 Nissan Leaf SV, one owner: now ₦7,000,000, was ₦7,500,000, in Kano');
  });
});
