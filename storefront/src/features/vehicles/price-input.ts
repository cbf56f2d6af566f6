import { formatNaira, formatNumber } from '../../lib/format';
import { readNairaAmount } from '../../lib/naira';
import { MAX_PRICE } from './filters';

export type PriceBound = 'minPrice' | 'maxPrice';
export type PriceInputReading = { amount: number | null } | { error: string };

const UNREADABLE = 'Enter an amount in naira, such as 15,000,000';

/** A bound of the price range as people type it (see readNairaAmount); an empty field is no bound. */
export function readPriceInput(raw: string): PriceInputReading {
  if (raw.trim() === '') return { amount: null };
  const amount = readNairaAmount(raw);
  if (amount === null) return { error: UNREADABLE };
  return amount > MAX_PRICE ? { error: `Enter at most ${formatNaira(MAX_PRICE)}` } : { amount };
}

export const formatPriceInput = (amount: number | null): string => (amount === null ? '' : formatNumber(amount));

export interface CheckedPriceRange {
  minPrice: number | null;
  maxPrice: number | null;
  errors: Partial<Record<PriceBound, string>>;
}

/**
 * Both fields read together. A minimum above the maximum is explained (on the field being changed,
 * else on the maximum), never swapped: the buyer may have mistyped either one.
 */
export function checkPriceRange(minText: string, maxText: string, changing: PriceBound = 'maxPrice'): CheckedPriceRange {
  const min = readPriceInput(minText);
  const max = readPriceInput(maxText);
  const errors: CheckedPriceRange['errors'] = {};
  if ('error' in min) errors.minPrice = min.error;
  if ('error' in max) errors.maxPrice = max.error;
  const minPrice = 'amount' in min ? min.amount : null;
  const maxPrice = 'amount' in max ? max.amount : null;
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    if (changing === 'minPrice') errors.minPrice = `Min price must be at most the max price (${formatNaira(maxPrice)})`;
    else errors.maxPrice = `Max price must be at least the min price (${formatNaira(minPrice)})`;
  }
  return { minPrice, maxPrice, errors };
}
