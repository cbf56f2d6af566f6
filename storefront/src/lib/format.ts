const wholeNumber = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 });

/** Naira with thousands separators and no decimals: ₦12,000. */
export const formatNaira = (amount: number): string => `₦${wholeNumber.format(Math.round(amount))}`;

export const formatNumber = (value: number): string => wholeNumber.format(value);

const pluralRules = new Intl.PluralRules('en-NG');

/**
 * A count with its noun in the right number, as English writes it: "1 view", "0 views", "1,204 views".
 * `plural` defaults to the noun with an s.
 */
export const countOf = (value: number, one: string, plural = `${one}s`): string =>
  `${wholeNumber.format(value)} ${pluralRules.select(value) === 'one' ? one : plural}`;

export const formatKm = (km: number): string => `${wholeNumber.format(km)} km`;

// Boosts start and end on Lagos time, whatever the reader's device says.
const lagosDay = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' });

/** A day as Nigerians write it, in Lagos time: 12 Dec 2026. */
export const formatLagosDate = (iso: string): string => lagosDay.format(new Date(iso));

/** A date on screen: as Nigerians write it, on Lagos time, the same on the server and on any device. */
export const formatDate = formatLagosDate;
