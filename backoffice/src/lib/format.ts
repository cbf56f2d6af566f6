import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const wholeNumber = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 });

/** Naira with thousands separators and no decimals: ₦12,000 (some browsers' data says "NGN", so check). */
export function formatNaira(amount: number): string {
  const text = naira.format(Math.round(amount));
  return text.includes('₦') ? text : `₦${wholeNumber.format(Math.round(amount))}`;
}

const compact = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });

/** Naira in few characters, for a chart's axis: ₦0, ₦750, ₦20K, ₦1.5M. */
export const formatNairaCompact = (amount: number): string => `₦${compact.format(Math.round(amount))}`;

export const formatNumber = (value: number): string => wholeNumber.format(value);

export const formatKm = (km: number): string => `${wholeNumber.format(km)} km`;

/** A date in the reader's own locale. */
export const formatDate = (iso: string): string =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** A date and time in the reader's own locale. */
export const formatDateTime = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** "5 minutes ago", "yesterday"; past a week, the plain date. */
export function formatRelative(iso: string, now = Date.now()): string {
  let value = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return formatDate(iso);
}

/** A stored phone (E.164) as people read it: 0803 555 1234 for Nigeria, +44 20 7946 0958 elsewhere, else as stored. */
export function formatPhone(stored: string): string {
  const phone = parsePhoneNumberFromString(stored, 'NG');
  if (!phone) return stored;
  return phone.country === 'NG' ? phone.formatNational() : phone.formatInternational();
}
