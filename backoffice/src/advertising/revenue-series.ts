import type { PackageType, RevenuePoint } from '../data/api-types';
import { PACKAGE_TYPE_LABELS, PACKAGE_TYPES } from '../lib/advertising-labels';
import { formatNaira, formatNumber } from '../lib/format';

/** The summary gives revenue per Lagos day (last 30) and per Lagos month (last 12). */
export type RevenuePeriod = 'day' | 'month';

export interface RevenueSegment {
  type: PackageType;
  amount: number;
  /** Share of the chart's height, 0 to 100. */
  height: number;
}

export interface RevenueBar {
  period: string;
  /** "24 Nov 2026", "Nov 2026": for tables and tooltips. */
  label: string;
  /** What to print under the bar, or null where it would crowd its neighbours. */
  axisLabel: string | null;
  /** Bottom to top: Basic Boost, Premium Spotlight, Ultimate Exposure. */
  segments: RevenueSegment[];
  total: number;
  purchases: number;
}

export interface RevenueSeries {
  bars: RevenueBar[];
  /** The value at the top of the chart: a round figure at or above the tallest bar. */
  scaleMax: number;
  /** Round figures from 0 to scaleMax for the gridlines. */
  ticks: number[];
  totals: Record<PackageType, number>;
  total: number;
  purchases: number;
}

const LAGOS = 'Africa/Lagos';
// Midday UTC is the same calendar date in Lagos, whatever the reader's own time zone.
const dayDate = (day: string) => new Date(`${day}T12:00:00Z`);
const monthDate = (month: string) => new Date(`${month}-15T12:00:00Z`);

export function periodLabel(period: string, kind: RevenuePeriod): string {
  return kind === 'day'
    ? dayDate(period).toLocaleDateString('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: LAGOS })
    : monthDate(period).toLocaleDateString('en-NG', { month: 'short', year: 'numeric', timeZone: LAGOS });
}

function axisLabel(period: string, kind: RevenuePeriod): string {
  return kind === 'day'
    ? dayDate(period).toLocaleDateString('en-NG', { day: 'numeric', month: 'short', timeZone: LAGOS })
    : monthDate(period).toLocaleDateString('en-NG', { month: 'short', timeZone: LAGOS });
}

// Thirty day labels do not fit under thirty thin bars: label every fifth day, counting back from today.
const LABEL_EVERY: Record<RevenuePeriod, number> = { day: 5, month: 1 };

const bandsOf = (max: number, step: number) => Math.ceil(max / step);

/**
 * A round step (1, 2, 2.5 or 5 × a power of ten) for the gridlines: the one that puts the top of
 * the scale closest above the tallest bar while cutting it into three to five bands.
 */
function gridStep(max: number): number {
  const power = 10 ** Math.floor(Math.log10(max / 4));
  // Naira are whole: no step below ₦1.
  const steps = [1, 2, 2.5, 5, 10, 20].map((m) => Math.max(1, m * power));
  const fits = steps.filter((s) => bandsOf(max, s) >= 3 && bandsOf(max, s) <= 5);
  const pool = fits.length ? fits : steps.filter((s) => bandsOf(max, s) <= 5);
  return pool.reduce((best, s) => (bandsOf(max, s) * s < bandsOf(max, best) * best ? s : best));
}

/** The summary's points (oldest first) as stacked bars by package, on a scale with round gridlines. */
export function revenueSeries(points: readonly RevenuePoint[], kind: RevenuePeriod): RevenueSeries {
  // A day whose refunds outweigh its sales would come out negative; its bar stays empty rather than upside down.
  const drawn = (amount: number) => Math.max(0, amount);
  const tallest = Math.max(0, ...points.map((p) => drawn(p.basic) + drawn(p.premium) + drawn(p.ultimate)));
  const step = tallest > 0 ? gridStep(tallest) : 0;
  const scaleMax = step ? bandsOf(tallest, step) * step : 0;
  const ticks = step ? Array.from({ length: scaleMax / step + 1 }, (_, i) => i * step) : [0];
  const last = points.length - 1;
  const bars = points.map((point, i): RevenueBar => ({
    period: point.period,
    label: periodLabel(point.period, kind),
    axisLabel: (last - i) % LABEL_EVERY[kind] === 0 ? axisLabel(point.period, kind) : null,
    segments: PACKAGE_TYPES.map((type) => ({ type, amount: point[type], height: scaleMax ? (drawn(point[type]) / scaleMax) * 100 : 0 })),
    total: point.total,
    purchases: point.purchases,
  }));
  const totals = Object.fromEntries(PACKAGE_TYPES.map((type) => [type, points.reduce((sum, p) => sum + p[type], 0)])) as Record<PackageType, number>;
  return {
    bars,
    scaleMax,
    ticks,
    totals,
    total: points.reduce((sum, p) => sum + p.total, 0),
    purchases: points.reduce((sum, p) => sum + p.purchases, 0),
  };
}

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The chart in one sentence, for screen readers and the chart's caption. */
export function describeRevenue(series: RevenueSeries, kind: RevenuePeriod): string {
  const span = kind === 'day' ? `the last ${plural(series.bars.length, 'day', 'days')}` : `the last ${plural(series.bars.length, 'month', 'months')}`;
  if (series.total === 0 && series.purchases === 0) return `No advertising revenue in ${span}.`;
  const byPackage = PACKAGE_TYPES.map((type) => `${PACKAGE_TYPE_LABELS[type]} ${formatNaira(series.totals[type])}`).join(', ');
  return `${formatNaira(series.total)} from ${plural(series.purchases, 'purchase', 'purchases')} in ${span}: ${byPackage}.`;
}

/** One bar's figures, for its tooltip. */
export const describeBar = (bar: RevenueBar): string =>
  `${bar.label}: ${formatNaira(bar.total)} (${bar.segments.map((s) => `${PACKAGE_TYPE_LABELS[s.type]} ${formatNaira(s.amount)}`).join(', ')}), ${plural(bar.purchases, 'purchase', 'purchases')}`;
