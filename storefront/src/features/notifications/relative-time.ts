const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Just now, 5m ago, 3h ago, 2d ago. A time slightly ahead of this device's clock reads as just now. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const ago = now - Date.parse(iso);
  if (!Number.isFinite(ago) || ago < MINUTE) return 'Just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)}m ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)}h ago`;
  return `${Math.floor(ago / DAY)}d ago`;
}
