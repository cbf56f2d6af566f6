import { describe, expect, it } from 'vitest';
import { SEARCH_TOTAL_CAP } from '@voltmarket/application';
import { gathersMatches } from '../../src/postgres/listing-search.js';

describe('whether a search page gathers its matches or walks the sort index', () => {
  it('gathers a few scattered matches in a big market', () => {
    // "BMW under ₦15M by mileage", page 4, at a million listings: walking took 4.2 s.
    expect(gathersMatches(449, 1_000_000, 72, 24)).toBe(true);
    expect(gathersMatches(0, 1_000_000, 0, 24)).toBe(true);
  });

  it('walks when matches are dense enough to fill the page early', () => {
    // A typo search's ~2,000 corrected matches of 100,000: gathering them for every page was slower than walking.
    expect(gathersMatches(2_000, 100_000, 0, 24)).toBe(false);
    expect(gathersMatches(2_000, 100_000, 2_000, 24)).toBe(true);
  });

  it('never gathers above the cap, where the total is only a lower bound', () => {
    expect(gathersMatches(SEARCH_TOTAL_CAP + 1, 1_000_000_000, 9_976, 24)).toBe(false);
  });

  it('gathers a small market\'s few matches even before Postgres has estimated its size', () => {
    expect(gathersMatches(7, 0, 0, 24)).toBe(true);
  });
});
