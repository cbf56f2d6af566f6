import { formatNaira, formatNumber } from './format';

export const PRICE_UNREADABLE = 'Write the price in naira, like 28,500,000 or 28.5m';

const SCALES: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, mn: 1e6, million: 1e6, b: 1e9, bn: 1e9, billion: 1e9 };
const WHOLE = /^(\d+|\d{1,3}(?:,\d{3})+)(?:\.0{1,2})?$/;
const SCALED = /^(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d+))?(k|thousand|mn?|million|bn?|billion)$/;

/**
 * Whole naira from what a person typed or pasted (the listing's price, a price range on Browse): "28500000", "28,500,000", "₦28,500,000.00",
 * "N28.5m", "950k". Anything that would need a guess ("28.500.000", "28.5", "28,50,000") is null,
 * so ₦28.5 is never listed for ₦28,500,000.
 */
export function readNairaAmount(text: string): number | null {
  const plain = text.trim().toLowerCase().replace(/^(₦|ngn|n)\s*/, '').replace(/\s+/g, '');
  const whole = WHOLE.exec(plain);
  if (whole) return Number(whole[1]!.replace(/,/g, ''));
  const scaled = SCALED.exec(plain);
  if (!scaled) return null;
  const [, units, fraction = '', word] = scaled;
  const scale = SCALES[word!]!;
  // Only as many decimals as the scale has zeros: 1.2345678m would be a fraction of a naira.
  if (fraction.length > Math.log10(scale)) return null;
  return Number(units!.replace(/,/g, '')) * scale + Number(fraction.padEnd(Math.log10(scale), '0'));
}

/** Digits with thousands separators (leading zeros dropped): "28500000" → "28,500,000". */
export function groupDigits(text: string): string {
  const digits = text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const exactUnits = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 3 });
const roughUnits = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 2 });

/** 28.5 million, 2.85 million, 950 thousand: the size of the number at a glance. */
export function amountInWords(amount: number): string {
  for (const [size, word] of [[1e9, 'billion'], [1e6, 'million'], [1e3, 'thousand']] as const) {
    if (amount < size) continue;
    const units = amount / size;
    // Three decimals say every digit that matters; beyond that, round down so it never reads larger.
    if (Number.isInteger(amount / (size / 1000))) return `${exactUnits.format(units)} ${word}`;
    return `about ${roughUnits.format(Math.floor(units * 100) / 100)} ${word}`;
  }
  return `${formatNumber(amount)} naira`;
}

/** "₦28,500,000 — 28.5 million", shown beside the price field. */
export const priceInWords = (amount: number): string => `${formatNaira(amount)} — ${amountInWords(amount)}`;
