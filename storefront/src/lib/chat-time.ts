const MINUTE = 60_000;
const DAY = 86_400_000;

// Chats are read on Lagos time, whatever the reader's device says, so "Yesterday" means the same for both people.
const ZONE = 'Africa/Lagos';
const clock = new Intl.DateTimeFormat('en-NG', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: ZONE });
const weekday = new Intl.DateTimeFormat('en-NG', { weekday: 'short', timeZone: ZONE });
const dayMonth = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', timeZone: ZONE });
const dayMonthYear = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: ZONE });
const calendarDay = new Intl.DateTimeFormat('en-NG', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: ZONE });

/** The Lagos calendar day of a moment, as a day count (comparable by subtraction), and its year. */
function lagosDay(at: Date): { day: number; year: number } {
  const parts = Object.fromEntries(calendarDay.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  const year = parts.year ?? 0;
  return { day: Date.UTC(year, (parts.month ?? 1) - 1, parts.day ?? 1) / DAY, year };
}

/**
 * When a chat's last message came, as messaging apps write it, in Lagos time: "Just now" (under a minute,
 * or slightly ahead of this device's clock), "14:05" (earlier today), "Yesterday", "Mon" (within the last
 * 7 days), "12 Nov" (this year), "12 Nov 2025" (before).
 */
export function chatTime(iso: string, now: number = Date.now()): string {
  const at = new Date(iso);
  const ago = now - at.getTime();
  if (Number.isNaN(ago)) return '';
  if (ago < MINUTE) return 'Just now';
  const then = lagosDay(at);
  const today = lagosDay(new Date(now));
  const days = today.day - then.day;
  if (days === 0) return clock.format(at);
  if (days === 1) return 'Yesterday';
  if (days > 1 && days < 7) return weekday.format(at);
  return then.year === today.year ? dayMonth.format(at) : dayMonthYear.format(at);
}

/**
 * A chat's time header, in Lagos time like the chat list: "Today, 14:05", "Yesterday, 09:30", else
 * "12 Nov 2026, 14:05".
 */
export function chatHeaderTime(iso: string, now: number = Date.now()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const days = lagosDay(new Date(now)).day - lagosDay(at).day;
  const time = clock.format(at);
  if (days === 0) return `Today, ${time}`;
  if (days === 1) return `Yesterday, ${time}`;
  return `${dayMonthYear.format(at)}, ${time}`;
}

/** A message's own time, in Lagos time: "14:05". */
export const chatClock = (iso: string): string => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : clock.format(at);
};
