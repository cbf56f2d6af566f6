import { formatNumber } from '../../lib/format';

/**
 * A count as the home page shows it: exact below 10, else rounded down to whole tens or to two
 * leading digits, whichever is coarser, with a "+" when anything was dropped (63 → "60+",
 * 1,234 → "1,200+", 2,500 → "2,500"). Down only, so the figure never claims more than there is.
 */
export function roundedFigure(count: number): string {
  const whole = Math.max(0, Math.trunc(count));
  if (whole < 10) return String(whole);
  const unit = Math.max(10, 10 ** (String(whole).length - 2));
  const rounded = Math.floor(whole / unit) * unit;
  return `${formatNumber(rounded)}${rounded < whole ? '+' : ''}`;
}

export const figureLabel = (count: number, singular: string, plural: string): string => (count === 1 ? singular : plural);
