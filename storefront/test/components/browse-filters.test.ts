import { describe, expect, it } from 'vitest';
import {
  countActiveFilters,
  DEFAULT_FILTERS,
  filtersFromParams,
  filtersToParams,
  priceRangeFromValue,
  priceRangeOptions,
  priceRangeValue,
  yearsText,
  type BrowseFilters,
} from '../../src/features/vehicles/filters';

const fromQuery = (query: string) => filtersFromParams(new URLSearchParams(query));

const everyFilter: BrowseFilters = {
  vehicleType: 'truck',
  brand: 'BYD',
  model: 'Atto 3',
  location: 'Port Harcourt',
  yearMin: 2021,
  yearMax: 2024,
  minPrice: 2_000_000,
  maxPrice: 5_000_000,
  search: 'long range',
  sort: 'price_asc',
};

describe('filters in the address bar', () => {
  it('reads the defaults from an empty query', () => {
    expect(fromQuery('')).toEqual(DEFAULT_FILTERS);
  });

  it('writes nothing for the defaults', () => {
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('survives a round trip through the query string', () => {
    const query = filtersToParams(everyFilter).toString();
    expect(fromQuery(query)).toEqual(everyFilter);
  });

  it('writes every non-default filter under its API name', () => {
    expect(Object.fromEntries(filtersToParams(everyFilter))).toEqual({
      vehicleType: 'truck',
      brand: 'BYD',
      model: 'Atto 3',
      location: 'Port Harcourt',
      yearMin: '2021',
      yearMax: '2024',
      minPrice: '2000000',
      maxPrice: '5000000',
      search: 'long range',
      sort: 'price_asc',
    });
  });

  it('writes a minimum price of 0, which is a real bound', () => {
    expect(filtersToParams({ ...DEFAULT_FILTERS, minPrice: 0, maxPrice: 2_000_000 }).get('minPrice')).toBe('0');
  });

  it('trims the search text and leaves out a blank one', () => {
    expect(filtersToParams({ ...DEFAULT_FILTERS, search: '  ioniq  ' }).get('search')).toBe('ioniq');
    expect(filtersToParams({ ...DEFAULT_FILTERS, search: '   ' }).has('search')).toBe(false);
  });

  it('drops an unknown vehicle type', () => {
    expect(fromQuery('vehicleType=spaceship').vehicleType).toBe('all');
  });

  it('drops an unknown sort order', () => {
    expect(fromQuery('sort=cheapest').sort).toBe('default');
    expect(fromQuery('sort=price_desc').sort).toBe('price_desc');
  });

  it.each(['abc', '-5', '1e6', '12.5', '1000000000', '99999999999999', ''])('drops the price %j', (price) => {
    const filters = fromQuery(`minPrice=${price}&maxPrice=${price}`);
    expect(filters.minPrice).toBeNull();
    expect(filters.maxPrice).toBeNull();
  });

  it('reads prices as a browser without scripts sends the fields: with separators or the naira sign', () => {
    expect(fromQuery('minPrice=15%2C000%2C000&maxPrice=%E2%82%A640%2C000%2C000')).toMatchObject({ minPrice: 15_000_000, maxPrice: 40_000_000 });
    expect(fromQuery('maxPrice=999%2C999%2C999').maxPrice).toBe(999_999_999);
    expect(fromQuery('maxPrice=1%2C000%2C000%2C000').maxPrice).toBeNull();
  });

  it('reads the home page search\'s price band when no bound is given, and only a band of the list', () => {
    expect(fromQuery('price=2000000-5000000')).toMatchObject({ minPrice: 2_000_000, maxPrice: 5_000_000 });
    expect(fromQuery('price=10000000-999999999')).toMatchObject({ minPrice: 10_000_000, maxPrice: null });
    expect(fromQuery('price=all')).toMatchObject({ minPrice: null, maxPrice: null });
    expect(fromQuery('price=1-2')).toMatchObject({ minPrice: null, maxPrice: null });
    expect(fromQuery('price=2000000-5000000&maxPrice=3000000')).toMatchObject({ minPrice: null, maxPrice: 3_000_000 });
  });

  it('keeps the largest allowed price', () => {
    expect(fromQuery('maxPrice=999999999').maxPrice).toBe(999_999_999);
  });

  it('drops control characters from a search, which the API refuses', () => {
    expect(fromQuery('search=%00lagos%0Atesla').search).toBe(' lagos tesla');
  });

  it('cuts an over-long search to the 100 characters the API accepts', () => {
    expect(fromQuery(`search=${'a'.repeat(150)}`).search).toBe('a'.repeat(100));
  });

  it('reads a city of the list given in another case or spacing as that city', () => {
    expect(['location=lagos', 'location=LAGOS', 'location=port-harcourt', 'location=benin%20city'].map((q) => fromQuery(q).location)).toEqual([
      'Lagos', 'Lagos', 'Port Harcourt', 'Benin City',
    ]);
    expect(fromQuery('location=Atlantis').location).toBe('Atlantis');
  });

  it('treats a blank brand or location as all', () => {
    const filters = fromQuery('brand=%20%20&location=');
    expect(filters.brand).toBe('all');
    expect(filters.location).toBe('all');
  });

  it('cuts an over-long brand or location to 60 characters', () => {
    const filters = fromQuery(`brand=${'b'.repeat(80)}&location=${'l'.repeat(80)}`);
    expect(filters.brand).toBe('b'.repeat(60));
    expect(filters.location).toBe('l'.repeat(60));
  });
});

describe('a price alert’s model and years in the address', () => {
  it('reads the model and the years a saved price alert opens Browse with', () => {
    const filters = fromQuery('brand=Nissan&model=Leaf&yearMin=2018&yearMax=2021&maxPrice=8000000');
    expect(filters).toEqual({ ...DEFAULT_FILTERS, brand: 'Nissan', model: 'Leaf', yearMin: 2018, yearMax: 2021, maxPrice: 8_000_000 });
  });

  it('writes them back under the API’s names, and nothing for any model or year', () => {
    expect(filtersToParams({ ...DEFAULT_FILTERS, model: '  Leaf ', yearMin: 2018 }).toString()).toBe('model=Leaf&yearMin=2018');
    expect(filtersToParams({ ...DEFAULT_FILTERS, model: '   ' }).has('model')).toBe(false);
  });

  it.each(['2009', '2101', '18', '2018.5', 'abc', '-2018', '02018', ''])('drops the year %j, which the API refuses', (year) => {
    const filters = fromQuery(`yearMin=${year}&yearMax=${year}`);
    expect(filters.yearMin).toBeNull();
    expect(filters.yearMax).toBeNull();
  });

  it('keeps the first and last years the API accepts', () => {
    expect(fromQuery('yearMin=2010&yearMax=2100')).toMatchObject({ yearMin: 2010, yearMax: 2100 });
  });

  it('reads years given the wrong way round as the same years', () => {
    expect(fromQuery('yearMin=2021&yearMax=2018')).toMatchObject({ yearMin: 2018, yearMax: 2021 });
  });

  it('cuts an over-long model to 60 characters and treats a blank one as any', () => {
    expect(fromQuery(`model=${'m'.repeat(80)}`).model).toBe('m'.repeat(60));
    expect(fromQuery('model=%20%20').model).toBe('');
  });

  it('counts a model once and the years once, whether one or both ends are set', () => {
    expect(countActiveFilters({ ...DEFAULT_FILTERS, model: 'Leaf' })).toBe(1);
    expect(countActiveFilters({ ...DEFAULT_FILTERS, yearMin: 2018, yearMax: 2021 })).toBe(1);
    expect(countActiveFilters({ ...DEFAULT_FILTERS, yearMax: 2021 })).toBe(1);
  });

  it('says the years as a buyer reads them', () => {
    expect([
      yearsText({ yearMin: 2018, yearMax: 2021 }),
      yearsText({ yearMin: 2020, yearMax: 2020 }),
      yearsText({ yearMin: 2018, yearMax: null }),
      yearsText({ yearMin: null, yearMax: 2021 }),
      yearsText({ yearMin: null, yearMax: null }),
    ]).toEqual(['2018–2021', '2020', '2018 or newer', '2021 or older', null]);
  });
});

describe('active filter count', () => {
  it('is zero for the defaults', () => {
    expect(countActiveFilters(DEFAULT_FILTERS)).toBe(0);
  });

  it('counts each of type, brand, model, location, years, price and search once', () => {
    expect(countActiveFilters(everyFilter)).toBe(7);
  });

  it('counts a price range once, whether one or both ends are set', () => {
    expect(countActiveFilters({ ...DEFAULT_FILTERS, minPrice: 0, maxPrice: 2_000_000 })).toBe(1);
    expect(countActiveFilters({ ...DEFAULT_FILTERS, minPrice: 10_000_000 })).toBe(1);
    expect(countActiveFilters({ ...DEFAULT_FILTERS, maxPrice: 5_000_000 })).toBe(1);
  });

  it('does not count the sort order', () => {
    expect(countActiveFilters({ ...DEFAULT_FILTERS, sort: 'newest' })).toBe(0);
  });

  it('does not count a blank search', () => {
    expect(countActiveFilters({ ...DEFAULT_FILTERS, search: '   ' })).toBe(0);
  });
});

describe('price range helpers', () => {
  it('name "any price" as all', () => {
    expect(priceRangeValue({ minPrice: null, maxPrice: null })).toBe('all');
    expect(priceRangeFromValue('all')).toEqual({ minPrice: null, maxPrice: null });
  });

  it('leave the open end of "Under 2M" and "Above 10M" open', () => {
    expect(priceRangeFromValue('0-2000000')).toEqual({ minPrice: null, maxPrice: 2_000_000 });
    expect(priceRangeFromValue('10000000-999999999')).toEqual({ minPrice: 10_000_000, maxPrice: null });
  });

  it('turn a range into its option value and back', () => {
    expect(priceRangeValue({ minPrice: 2_000_000, maxPrice: 5_000_000 })).toBe('2000000-5000000');
    expect(priceRangeFromValue('2000000-5000000')).toEqual({ minPrice: 2_000_000, maxPrice: 5_000_000 });
  });

  it('fill in an open end with 0 or the maximum price', () => {
    expect(priceRangeValue({ minPrice: null, maxPrice: 2_000_000 })).toBe('0-2000000');
    expect(priceRangeValue({ minPrice: 10_000_000, maxPrice: null })).toBe('10000000-999999999');
  });

  it('offer Any Price and the four ranges of the specification', () => {
    expect(priceRangeOptions('all')).toEqual([
      { value: 'all', label: 'Any Price' },
      { value: '0-2000000', label: 'Under 2M' },
      { value: '2000000-5000000', label: '2M - 5M' },
      { value: '5000000-10000000', label: '5M - 10M' },
      { value: '10000000-999999999', label: 'Above 10M' },
    ]);
  });

  it('add a "Custom range" option for a range typed into the address', () => {
    const options = priceRangeOptions('100-200');
    expect(options).toHaveLength(6);
    expect(options.at(-1)).toEqual({ value: '100-200', label: 'Custom range' });
    expect(priceRangeOptions('0-2000000')).toHaveLength(5);
  });
});
