import { describe, expect, it } from 'vitest';
import { marketPrice, marketPriceLine, pricePosition, quantile, roughNaira } from '../src/index.js';

const now = new Date('2026-11-27T10:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const M = 1_000_000;
const at = (prices: number[], days = 10) => prices.map((price) => ({ price, at: daysAgo(days) }));

describe('the market price of a brand, model and year', () => {
  it('is the median and middle half of the prices kept, with outliers past Tukey\'s fences trimmed', () => {
    // A typo (₦4M) and a dream (₦200M) among seven honest prices: quartiles ₦37M and ₦41M, fences ₦31M to ₦47M.
    expect(marketPrice(at([36, 37, 38, 39, 40, 41, 42, 4, 200].map((m) => m * M)), now)).toEqual({
      median: 39 * M, low: 37.5 * M, high: 40.5 * M, sampleSize: 7, trimmed: 2,
    });
  });

  it('says nothing with fewer than 5 comparable prices, before or after trimming', () => {
    expect(marketPrice(at([36, 37, 38, 39].map((m) => m * M)), now)).toBeNull();
    expect(marketPrice(at([36, 37, 38, 39, 40].map((m) => m * M)), now)).toMatchObject({ median: 38 * M, sampleSize: 5 });
    // Five prices, one an outlier: four remain, too few.
    expect(marketPrice(at([36, 36.5, 37, 37.5, 90].map((m) => m * M)), now)).toBeNull();
  });

  it('counts only the last twelve months, and nothing from the future', () => {
    const old = at([10, 10, 10, 10, 10].map((m) => m * M), 366);
    const recent = at([30, 31, 32, 33, 34].map((m) => m * M), 364);
    expect(marketPrice([...old, ...recent], now)).toMatchObject({ median: 32 * M, sampleSize: 5, trimmed: 0 });
    expect(marketPrice(at([30, 31, 32, 33, 34].map((m) => m * M), -1), now)).toBeNull();
  });

  it('interpolates quantiles between neighbours', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10], 0.75)).toBe(10);
    expect(() => quantile([], 0.5)).toThrow();
  });
});

describe('where an asking price sits', () => {
  const market = { median: 38_500_000, low: 36_000_000, high: 41_000_000, sampleSize: 14, trimmed: 1 };
  const ioniq = { year: 2022, brand: 'Hyundai', model: 'IONIQ 5' };

  it('reads as the product says it', () => {
    expect(marketPriceLine(37_300_000, ioniq, market)).toBe('₦1.2M below the typical price for a 2022 Hyundai IONIQ 5 (14 listings: ₦36M–₦41M)');
    expect(marketPriceLine(45_000_000, ioniq, market)).toBe('₦6.5M above the typical price for a 2022 Hyundai IONIQ 5 (14 listings: ₦36M–₦41M)');
    expect(marketPriceLine(38_480_000, ioniq, market)).toBe('About the typical price for a 2022 Hyundai IONIQ 5 (14 listings: ₦36M–₦41M)');
    expect(marketPriceLine(38_000_000, ioniq, null)).toBeNull();
  });

  it('never says ₦0M: under ₦50,000 away is the typical price', () => {
    expect(pricePosition(38_549_999, market)).toEqual({ kind: 'typical' });
    expect(pricePosition(38_550_000, market)).toEqual({ kind: 'above', by: 50_000 });
  });

  it('rounds naira the way it is said in passing', () => {
    expect([140_000, 999_400, 999_500, 1_234_567, 36_000_000, 120_500_000, 800].map(roughNaira)).toEqual(['₦140k', '₦999k', '₦1M', '₦1.2M', '₦36M', '₦120.5M', '₦800']);
  });
});
