// Booking days are Lagos calendar days (YYYY-MM-DD) with no time: format them as they are, in UTC,
// so a reader in another time zone never sees the day before.
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayNoYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

const asUtc = (date: string) => new Date(`${date}T00:00:00Z`);

/** "24 Nov 2026" for a booking day. */
export const formatRentalDay = (date: string): string => day.format(asUtc(date));

/** "24 Nov → 27 Nov 2026": pick-up day to return day (the return day is not held). */
export function formatRentalDays(startDate: string, endDate: string): string {
  const sameYear = startDate.slice(0, 4) === endDate.slice(0, 4);
  return `${(sameYear ? dayNoYear : day).format(asUtc(startDate))} → ${formatRentalDay(endDate)}`;
}

export const dayCount = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;
