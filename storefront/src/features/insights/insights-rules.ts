import type { BoostPeriod } from '../../lib/api-types';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The Lagos day (UTC+1 all year) an instant falls on, YYYY-MM-DD. */
export const lagosDayOf = (iso: string): string => new Date(Date.parse(iso) + HOUR_MS).toISOString().slice(0, 10);

/** Whole days from one YYYY-MM-DD day to another. */
export const daysFrom = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** A boost drawn on the chart: the first and last day it ran within the period, as indexes of its days. */
export interface BoostBand {
  first: number;
  last: number;
  boost: BoostPeriod;
}

/** The days each boost ran within the `days` days from `from`, cut to them; boosts outside are left out. */
export function boostBands(boosts: readonly BoostPeriod[], from: string, days: number): BoostBand[] {
  return boosts.flatMap((boost) => {
    const first = Math.max(0, daysFrom(from, lagosDayOf(boost.startsAt)));
    // A boost ending exactly at midnight ran until the day before.
    const last = Math.min(days - 1, daysFrom(from, lagosDayOf(new Date(Date.parse(boost.endsAt) - 1).toISOString())));
    return first <= last ? [{ first, last, boost }] : [];
  });
}

/** A round top for a chart's scale, at least 1, so a day of 7 does not fill a chart of 7. */
export function scaleTop(max: number): number {
  if (max <= 4) return Math.max(1, max);
  const step = 10 ** Math.floor(Math.log10(max));
  for (const f of [1, 2, 2.5, 5, 10]) if (f * step >= max) return f * step;
  return 10 * step;
}

/** The busiest day of a series, or null when every day is 0. */
export function busiestDay(days: readonly string[], values: readonly number[]): { day: string; value: number } | null {
  let best = -1;
  values.forEach((v, i) => {
    if (v > 0 && (best < 0 || v > values[best]!)) best = i;
  });
  return best < 0 ? null : { day: days[best]!, value: values[best]! };
}
