import { describe, expect, it } from 'vitest';
import { checkPriceRange, formatPriceInput, readPriceInput } from '../../src/features/vehicles/price-input';

describe('readPriceInput', () => {
  it.each([
    ['15,000,000', 15_000_000],
    ['15000000', 15_000_000],
    ['₦15,000,000', 15_000_000],
    ['  ₦ 28,500,000 ', 28_500_000],
    ['15 000 000', 15_000_000],
    ['109,000,000', 109_000_000],
    ['15m', 15_000_000],
    ['2.5M', 2_500_000],
    ['500k', 500_000],
    ['999,999,999', 999_999_999],
  ])('reads %j as %i naira', (text, amount) => {
    expect(readPriceInput(text)).toEqual({ amount });
  });

  it('reads an empty field as no bound', () => {
    expect(readPriceInput('')).toEqual({ amount: null });
    expect(readPriceInput('   ')).toEqual({ amount: null });
  });

  it.each(['abc', '15,000,000.50', '-5', '1e7', '15,00,0', '₦', '2.5.5m'])('refuses %j with a hint', (text) => {
    expect(readPriceInput(text)).toEqual({ error: 'Enter an amount in naira, such as 15,000,000' });
  });

  it('refuses more than the largest price a listing can have', () => {
    expect(readPriceInput('1,000,000,000')).toEqual({ error: 'Enter at most ₦999,999,999' });
  });
});

describe('formatPriceInput', () => {
  it('shows naira with thousands separators, and nothing for no bound', () => {
    expect(formatPriceInput(20_000_000)).toBe('20,000,000');
    expect(formatPriceInput(0)).toBe('0');
    expect(formatPriceInput(null)).toBe('');
  });
});

describe('checkPriceRange', () => {
  it('accepts a minimum below or equal to the maximum, and open ends', () => {
    expect(checkPriceRange('20,000,000', '60,000,000')).toEqual({ minPrice: 20_000_000, maxPrice: 60_000_000, errors: {} });
    expect(checkPriceRange('20,000,000', '20,000,000')).toEqual({ minPrice: 20_000_000, maxPrice: 20_000_000, errors: {} });
    expect(checkPriceRange('', '60m')).toEqual({ minPrice: null, maxPrice: 60_000_000, errors: {} });
  });

  it('explains a minimum above the maximum on the maximum, and does not swap them', () => {
    expect(checkPriceRange('60,000,000', '20,000,000')).toEqual({
      minPrice: 60_000_000,
      maxPrice: 20_000_000,
      errors: { maxPrice: 'Max price must be at least the min price (₦60,000,000)' },
    });
  });

  it('puts the explanation on the minimum when that is the field being changed', () => {
    expect(checkPriceRange('60,000,000', '20,000,000', 'minPrice').errors).toEqual({ minPrice: 'Min price must be at most the max price (₦20,000,000)' });
  });

  it('reports each unreadable field', () => {
    expect(checkPriceRange('lots', '20,000,000').errors).toEqual({ minPrice: 'Enter an amount in naira, such as 15,000,000' });
  });
});
