/**
 * Rental days are Lagos calendar days written YYYY-MM-DD. A stay holds the days from its start up to,
 * not including, its end (the drop-off day), which is free for the next renter.
 */
export type Day = string;

/** How far ahead a stay may start or end, as the API allows. */
export const MAX_DAYS_AHEAD = 365;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

// en-CA writes dates as YYYY-MM-DD.
const lagosToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Lagos, whatever the device's own time zone. */
export const todayInLagos = (now: Date = new Date()): Day => lagosToday.format(now);

/** A real calendar day (not 2026-02-30). */
export function isDay(text: string | null | undefined): text is Day {
  const m = text ? DAY.exec(text) : null;
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === text;
}

const toTime = (day: Day): number => Date.parse(`${day}T00:00:00Z`);
const fromTime = (time: number): Day => new Date(time).toISOString().slice(0, 10);

export const addDays = (day: Day, days: number): Day => fromTime(toTime(day) + days * MS_PER_DAY);

/** Days from `from` to `to`: 2026-12-01 → 2026-12-04 is 3. */
export const daysBetween = (from: Day, to: Day): number => Math.round((toTime(to) - toTime(from)) / MS_PER_DAY);

/** The day's month as YYYY-MM, and the month before or after it. */
export const monthOf = (day: Day): string => day.slice(0, 7);
export function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}

/** The weeks of a month, Monday first, each a row of seven days (null outside the month). */
export function monthWeeks(month: string): (Day | null)[][] {
  const first = `${month}-01`;
  const length = daysBetween(first, `${addMonths(month, 1)}-01`);
  const lead = (new Date(toTime(first)).getUTCDay() + 6) % 7;
  const cells: (Day | null)[] = [...Array<null>(lead).fill(null), ...Array.from({ length }, (_, i) => addDays(first, i))];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** Whether a day is held by one of the ranges (each up to, not including, its end). */
export const isHeld = (day: Day, ranges: readonly { startDate: Day; endDate: Day }[]): boolean =>
  ranges.some((r) => day >= r.startDate && day < r.endDate);

/** Whether a stay from `start` to `end` would take any day a range holds. */
export const overlapsAny = (start: Day, end: Day, ranges: readonly { startDate: Day; endDate: Day }[]): boolean =>
  ranges.some((r) => start < r.endDate && r.startDate < end);

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const weekdayDayMonthYear = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const lagosMoment = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Africa/Lagos' });

/** 4 Dec 2026. */
export const formatDay = (day: Day): string => dayMonthYear.format(toTime(day));
/** Friday, 4 December 2026: what a screen reader says for a calendar day. */
export const formatDayInFull = (day: Day): string => weekdayDayMonthYear.format(toTime(day));
/** December 2026. */
export const formatMonth = (month: string): string => monthYear.format(toTime(`${month}-01`));
/** A moment as Lagos reads it: 3 Dec 2026, 14:05. */
export const formatLagosMoment = (iso: string): string => lagosMoment.format(new Date(iso));

export const dayCount = (days: number): string => `${days} ${days === 1 ? 'day' : 'days'}`;

/** "1 Dec – 4 Dec 2026", with both years when the stay crosses into a new one. */
export function formatStay(start: Day, end: Day): string {
  const from = start.slice(0, 4) === end.slice(0, 4) ? dayMonth.format(toTime(start)) : formatDay(start);
  return `${from} – ${formatDay(end)}`;
}
