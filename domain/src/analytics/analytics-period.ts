import { FieldIssues } from '../shared/domain-error.js';
import { addDays, type CalendarDay, daysBetween, isCalendarDay, lagosDay } from '../rental/rental-dates.js';

/**
 * Analytics count per Lagos calendar day (`YYYY-MM-DD`, West Africa Time all year). Staff read them
 * over a range grouped by day, week (Monday to Sunday) or calendar month.
 */

/** Per-day counters older than this many days (today included) are deleted by the retention job. */
export const ANALYTICS_KEEP_DAYS = 400;
/** The longest range staff may ask for at once: a year, leap years included. */
export const ANALYTICS_MAX_RANGE_DAYS = 366;
/** A seller's Insights cover this many Lagos days, today included. */
export const INSIGHTS_DAYS = 30;
/** Without `from`, the staff range is this many days up to `to`. */
export const ANALYTICS_DEFAULT_DAYS = 30;

export const ANALYTICS_INTERVALS = ['day', 'week', 'month'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

/** A stretch of Lagos days, both ends included. */
export interface DayRange {
  first: CalendarDay;
  last: CalendarDay;
}

export interface AnalyticsRange extends DayRange {
  interval: AnalyticsInterval;
}

/** The oldest Lagos day whose counters are still kept at `now`. */
export const oldestKeptDay = (now: Date): CalendarDay => addDays(lagosDay(now), -(ANALYTICS_KEEP_DAYS - 1));

/** The `days` Lagos days ending with `now`'s, today included. */
export function lastDays(now: Date, days: number): DayRange {
  const last = lagosDay(now);
  return { first: addDays(last, -(days - 1)), last };
}

/**
 * The range staff asked for, checked: real days, `from` not after `to`, `to` not after today, at most
 * ANALYTICS_MAX_RANGE_DAYS, and nothing older than what is kept. Every problem is named by its field.
 */
export function checkAnalyticsRange(input: { from?: unknown; to?: unknown; interval?: unknown }, now: Date): AnalyticsRange {
  const issues = new FieldIssues();
  const today = lagosDay(now);
  const day = (value: unknown, field: string): CalendarDay | null => {
    if (value === undefined) return null;
    if (typeof value !== 'string' || !isCalendarDay(value)) {
      issues.add(field, `${field} must be a date written YYYY-MM-DD`);
      return null;
    }
    return value;
  };
  const to = day(input.to, 'to') ?? today;
  const from = day(input.from, 'from') ?? addDays(to, -(ANALYTICS_DEFAULT_DAYS - 1));
  const interval = input.interval ?? 'day';
  if (typeof interval !== 'string' || !(ANALYTICS_INTERVALS as readonly string[]).includes(interval)) {
    issues.add('interval', `interval must be one of ${ANALYTICS_INTERVALS.join(', ')}`);
  }
  if (!issues.has('to') && daysBetween(today, to) > 0) issues.add('to', `to cannot be after today (${today} in Lagos)`);
  if (!issues.has('from') && !issues.has('to')) {
    const oldest = oldestKeptDay(now);
    if (daysBetween(from, to) < 0) issues.add('from', 'from must be on or before to');
    else if (daysBetween(from, to) + 1 > ANALYTICS_MAX_RANGE_DAYS) issues.add('from', `A range covers at most ${ANALYTICS_MAX_RANGE_DAYS} days`);
    else if (daysBetween(oldest, from) < 0) issues.add('from', `Figures are kept for ${ANALYTICS_KEEP_DAYS} days: from must be ${oldest} or later`);
  }
  issues.throwIfAny();
  return { first: from, last: to, interval: interval as AnalyticsInterval };
}

/** The day a week (Monday) or month (the 1st) holding `day` starts on; the day itself for `day`. */
export function bucketStart(day: CalendarDay, interval: AnalyticsInterval): CalendarDay {
  if (interval === 'day') return day;
  if (interval === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** The last day of the bucket starting on `start`. */
function bucketEnd(start: CalendarDay, interval: AnalyticsInterval): CalendarDay {
  if (interval === 'day') return start;
  if (interval === 'week') return addDays(start, 6);
  const [y, m] = start.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * The buckets covering the range, oldest first, each cut to the range: a range starting on a
 * Wednesday has a first week of Wednesday to Sunday, so no figure counts a day outside what was asked.
 */
export function analyticsBuckets(range: AnalyticsRange): DayRange[] {
  const buckets: DayRange[] = [];
  for (let start = bucketStart(range.first, range.interval); daysBetween(start, range.last) >= 0;) {
    const end = bucketEnd(start, range.interval);
    buckets.push({ first: daysBetween(start, range.first) > 0 ? range.first : start, last: daysBetween(range.last, end) > 0 ? range.last : end });
    start = addDays(end, 1);
  }
  return buckets;
}

/**
 * Adds up per-day figures into the buckets (every bucket present, zeros included), in bucket order.
 * The buckets are in order and do not overlap, as analyticsBuckets makes them; a day outside them is left out.
 */
export function sumIntoBuckets<F extends string>(
  buckets: readonly DayRange[], days: readonly ({ day: CalendarDay } & Record<F, number>)[], fields: readonly F[],
): Record<F, number>[] {
  const sums = buckets.map(() => Object.fromEntries(fields.map((f) => [f, 0])) as Record<F, number>);
  for (const row of days) {
    // YYYY-MM-DD days order as text: the last bucket starting on or before the day, by halves.
    let low = 0;
    let high = buckets.length - 1;
    let at = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (buckets[mid]!.first <= row.day) {
        at = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    if (at < 0 || row.day > buckets[at]!.last) continue;
    for (const f of fields) sums[at]![f] += row[f];
  }
  return sums;
}
