import { describe, expect, it } from 'vitest';
import { amountInWords, groupDigits, readNairaAmount } from '../../src/lib/naira';

describe('reading a price as typed or pasted', () => {
  it.each([
    ['28500000', 28_500_000],
    ['28,500,000', 28_500_000],
    [' 28,500,000 ', 28_500_000],
    ['₦28,500,000', 28_500_000],
    ['₦ 28,500,000.00', 28_500_000],
    ['NGN 28500000', 28_500_000],
    ['N28.5m', 28_500_000],
    ['₦28.5m', 28_500_000],
    ['28.5M', 28_500_000],
    ['28.5 million', 28_500_000],
    ['2.85m', 2_850_000],
    ['950k', 950_000],
    ['1.25bn', 1_250_000_000],
    ['999,999,999', 999_999_999],
  ])('reads %j as %d', (text, amount) => {
    expect(readNairaAmount(text)).toBe(amount);
  });

  // Dots as thousands separators, Indian grouping, fractions of a naira, two numbers: guessing could list ₦28.5 or ₦28,500.
  it.each(['28.500.000', '28.5', '28,50,000', '2,8500,000', '28,500,000.5', '1.2345678m', '28 500 000 or best offer', '-5', '5m5', 'abc', ''])('does not guess at %j', (text) => {
    expect(readNairaAmount(text)).toBeNull();
  });
});

describe('thousands separators while typing', () => {
  it.each([
    ['28500000', '28,500,000'],
    ['2,8500,000', '28,500,000'],
    ['950', '950'],
    ['0028500', '28,500'],
    ['0', '0'],
    ['', ''],
  ])('%j shows as %j', (digits, shown) => {
    expect(groupDigits(digits)).toBe(shown);
  });
});

describe('the amount in words', () => {
  it.each([
    [28_500_000, '28.5 million'],
    [2_850_000, '2.85 million'],
    [950_000, '950 thousand'],
    [109_000_000, '109 million'],
    [1_500, '1.5 thousand'],
    [750, '750 naira'],
    [27_654_321, 'about 27.65 million'],
    [999_999_999, 'about 999.99 million'],
  ])('%d reads "%s"', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });
});
