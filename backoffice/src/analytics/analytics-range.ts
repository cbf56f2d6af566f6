import type { AnalyticsInterval, MarketplaceFigures } from '../data/api-types';
import type { AnalyticsQuery } from '../data/data-provider';

/** The same limits as the server's: a year at most, nothing in the future, nothing older than the 400 days kept. */
export const MAX_RANGE_DAYS = 366;
export const KEEP_DAYS = 400;
const DAY_MS = 86_400_000;

/** The Lagos day (UTC+1 all year) of an instant, YYYY-MM-DD. */
export const lagosDay = (at: Date): string => new Date(at.getTime() + 3_600_000).toISOString().slice(0, 10);
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const isDay = (text: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

export const PRESETS = [
  { id: '30d', label: 'Last 30 days', interval: 'day', days: 30 },
  { id: '13w', label: 'Last 13 weeks', interval: 'week', days: 91 },
  { id: '12m', label: 'Last 12 months', interval: 'month', days: 365 },
] as const satisfies readonly { id: string; label: string; interval: AnalyticsInterval; days: number }[];
export type PresetId = (typeof PRESETS)[number]['id'];

export function presetRange(id: PresetId, today: string): AnalyticsQuery {
  const preset = PRESETS.find((p) => p.id === id)!;
  return { from: addDays(today, -(preset.days - 1)), to: today, interval: preset.interval };
}

/** What is wrong with a range, by field, as the server would say it; empty when it may be asked for. */
export function rangeErrors(range: AnalyticsQuery, today: string): Partial<Record<'from' | 'to', string>> {
  const errors: Partial<Record<'from' | 'to', string>> = {};
  if (!isDay(range.from)) errors.from = 'Choose a start date';
  if (!isDay(range.to)) errors.to = 'Choose an end date';
  else if (daysBetween(today, range.to) > 0) errors.to = 'The end cannot be after today';
  if (errors.from || errors.to) return errors;
  const oldest = addDays(today, -(KEEP_DAYS - 1));
  if (daysBetween(range.from, range.to) < 0) errors.from = 'The start must be on or before the end';
  else if (daysBetween(range.from, range.to) + 1 > MAX_RANGE_DAYS) errors.from = `A range covers at most ${MAX_RANGE_DAYS} days`;
  else if (daysBetween(oldest, range.from) < 0) errors.from = `Figures are kept for ${KEEP_DAYS} days: start on ${oldest} or later`;
  return errors;
}

const dayMonth = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('en-NG', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const fullDay = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** A day as "27 Nov 2026". */
export const formatDay = (day: string): string => fullDay.format(at(day));

/** A bucket in few characters for an axis: "27 Nov", "23 Nov" (its first day), "Nov 2026". */
export const shortBucket = (bucket: { from: string }, interval: AnalyticsInterval): string =>
  interval === 'month' ? monthYear.format(at(bucket.from)) : dayMonth.format(at(bucket.from));

/** A bucket in words for a table: "27 Nov 2026", "23–29 Nov 2026", "Nov 2026" (cut ones say their days). */
export function bucketLabel(bucket: { from: string; to: string }, interval: AnalyticsInterval): string {
  if (bucket.from === bucket.to) return formatDay(bucket.from);
  const whole = interval === 'month' && bucket.from.endsWith('-01') && addDays(bucket.to, 1).endsWith('-01');
  return whole ? monthYear.format(at(bucket.from)) : `${dayMonth.format(at(bucket.from))} – ${formatDay(bucket.to)}`;
}

export type FigureKey = keyof MarketplaceFigures;

/** The figures on the page, in order, with their colour (each at least 3:1 against white). */
export const FIGURES: readonly { key: FigureKey; label: string; naira?: boolean; colour: string; hint: string }[] = [
  { key: 'newListings', label: 'New listings', colour: '#0f6b47', hint: 'Listings submitted' },
  { key: 'approvals', label: 'Approvals', colour: '#2e7d32', hint: 'Listings approved by staff' },
  { key: 'rejections', label: 'Rejections', colour: '#b42318', hint: 'Listings rejected by staff' },
  { key: 'activeSellers', label: 'Active sellers', colour: '#6b3fa0', hint: 'Listed or answered a buyer; each once per period' },
  { key: 'messages', label: 'Messages', colour: '#2f6fb0', hint: 'Chat messages sent' },
  { key: 'inquiries', label: 'Inquiries', colour: '#0b5cab', hint: 'Contact Seller messages' },
  { key: 'chats', label: 'Chats started', colour: '#1f4fb8', hint: 'Conversations opened' },
  { key: 'rentalRequests', label: 'Rental requests', colour: '#8a5a00', hint: 'Requests to rent' },
  { key: 'adRevenue', label: 'Ad revenue', naira: true, colour: '#a85a00', hint: 'Boost payments, refunds excluded' },
  { key: 'views', label: 'Listing views', colour: '#55645d', hint: 'Unique viewers per listing per day' },
  { key: 'saves', label: 'Saves', colour: '#7a4b00', hint: 'Listings added to wishlists' },
];

export const csvFileName = (range: AnalyticsQuery): string => `voltmarket-analytics-${range.from}-to-${range.to}-by-${range.interval}.csv`;
