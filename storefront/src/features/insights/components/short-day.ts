const dayMonth = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A Lagos calendar day (YYYY-MM-DD) as "27 Nov". */
export const shortDay = (day: string): string => dayMonth.format(new Date(`${day}T00:00:00Z`));
