const DAY_MS = 24 * 60 * 60 * 1000;

/** "3 days left", "Ends within a day", or "Ended": how long a boost still runs, rounded up to whole days. */
export function boostTimeLeft(endIso: string | null, now = Date.now()): string | null {
  if (!endIso) return null;
  const left = new Date(endIso).getTime() - now;
  if (left <= 0) return 'Ended';
  const days = Math.ceil(left / DAY_MS);
  return days === 1 ? 'Ends within a day' : `${days} days left`;
}
