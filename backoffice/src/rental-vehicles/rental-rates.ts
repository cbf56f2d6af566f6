import type { AdminRentalVehicle } from '../data/api-types';
import { formatNaira, formatNumber } from '../lib/format';

export type RateField = 'dailyRentalRate' | 'weeklyRentalRate' | 'monthlyRentalRate';

/** The contract's ceiling on a rental rate (whole naira). */
export const MAX_RATE = 99_999_999;

export type Parsed = { value: number | null } | { problem: string };

export const RATE_LABELS: Record<RateField, string> = {
  dailyRentalRate: 'Daily rate',
  weeklyRentalRate: 'Weekly rate',
  monthlyRentalRate: 'Monthly rate',
};

interface NairaRules {
  label: string;
  /** Blank is refused when required; otherwise blank means "not set" (null). */
  required: boolean;
  max: number;
}

const DIGITS = /^\d+$/;
// Commas only where thousands separators go (1,250,000), never "1,25" or "12,50".
const GROUPED = /^\d{1,3}(,\d{3})+$/;
const DECIMAL = /^[\d,]*\.\d*$/;

/**
 * Reads a whole naira amount as staff type it. "25000", "25,000" and "₦25,000" are 25000 (the
 * separators people write in Lagos); blank is null or refused; anything else is refused with a
 * reason, never read as 0: "abc", "0", "12.5" (naira have no kobo here), "1,25", "-5".
 */
export function parseNaira(text: string, { label, required, max }: NairaRules): Parsed {
  const typed = text.trim().replace(/^₦\s*/, '');
  if (typed === '') return required ? { problem: `${label} is required` } : { value: null };
  if (DECIMAL.test(typed)) return { problem: `${label} must be whole naira, without kobo` };
  if (!DIGITS.test(typed) && !GROUPED.test(typed)) return { problem: `${label} must be an amount in naira, such as 25000` };
  const value = Number(typed.replace(/,/g, ''));
  if (value < 1) return { problem: `${label} must be at least ₦1` };
  if (value > max) return { problem: `${label} must be at most ${formatNaira(max)}` };
  return { value };
}

/** A rental rate: the daily rate is required; a blank weekly or monthly rate stops offering it (null). */
export const parseRate = (field: RateField, text: string): Parsed =>
  parseNaira(text, { label: RATE_LABELS[field], required: field === 'dailyRentalRate', max: MAX_RATE });

/** How a stored rate reads in its input: "25,000", or blank when not offered. */
export const rateText = (value: number | null | undefined): string => (typeof value === 'number' ? formatNumber(value) : '');

export type RateEdit = { send: false; problem: string | null } | { send: true; value: number | null };

/** What staff type in a weekly or monthly cell to stop offering that rate. */
export const NOT_OFFERED = 'none';

/**
 * What losing focus on a rate cell does: refuse the text (no request, the stored rate stays), do
 * nothing when it is the stored rate, or send the new rate. An emptied cell is refused, never read
 * as 0 or as a silent removal: a weekly or monthly rate is withdrawn only by typing "none".
 */
export function rateEdit(vehicle: Pick<AdminRentalVehicle, RateField>, field: RateField, text: string): RateEdit {
  const typed = text.trim();
  if (field !== 'dailyRentalRate' && typed.toLowerCase() === NOT_OFFERED) {
    return vehicle[field] === null ? { send: false, problem: null } : { send: true, value: null };
  }
  if (typed === '' && vehicle[field] === null) return { send: false, problem: null };
  if (typed === '') {
    const hint = field === 'dailyRentalRate' ? '' : ` (type “${NOT_OFFERED}” to stop offering it)`;
    return { send: false, problem: `${RATE_LABELS[field]} is required: enter an amount in naira${hint}` };
  }
  const parsed = parseRate(field, text);
  if ('problem' in parsed) return { send: false, problem: parsed.problem };
  if (parsed.value === vehicle[field]) return { send: false, problem: null };
  return { send: true, value: parsed.value };
}
