import { countOf, formatNumber } from '../../../lib/format';
import { type BoostBand, busiestDay, scaleTop } from '../insights-rules';
import { shortDay } from './short-day';

export interface ChartSeries {
  label: string;
  values: readonly number[];
  /** Class giving the bars their colour (see styles.css). */
  className: string;
}

const WIDTH = 300;
const HEIGHT = 100;

/**
 * One figure's 30 days as bars (series stacked), with the boost periods shaded behind them on the same
 * timeline. The drawing stretches to any width; its labels are HTML, so they stay readable on a phone.
 * Screen readers get a one-sentence summary; the table below the charts has every figure.
 */
export function DailyChart({ title, unit, days, series, bands }: {
  title: string;
  /** The noun a count is of: "view", "inquiry". */
  unit: [string, string];
  days: readonly string[];
  series: readonly ChartSeries[];
  bands: readonly BoostBand[];
}) {
  const totals = days.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const total = totals.reduce((a, b) => a + b, 0);
  const top = scaleTop(Math.max(0, ...totals));
  const slot = WIDTH / days.length;
  const busiest = busiestDay(days, totals);
  const summary = `${title}: ${countOf(total, ...unit)} in ${days.length} days`
    + (busiest ? `, most on ${shortDay(busiest.day)} (${formatNumber(busiest.value)})` : '')
    + (bands.length > 0 ? `. Boosts ran on ${bands.map((b) => `${shortDay(days[b.first]!)} to ${shortDay(days[b.last]!)}`).join(' and ')}.` : '.');
  return (
    <figure className="insights-chart card">
      <figcaption className="insights-chart__head">
        <span className="insights-chart__title">{title}</span>
        <span className="muted small">{countOf(total, ...unit)}</span>
      </figcaption>
      {series.length > 1 && (
        <ul className="insights-legend small" aria-hidden="true">
          {series.map((s) => <li key={s.label}><span className={`insights-swatch ${s.className}`} />{s.label}</li>)}
        </ul>
      )}
      <div className="insights-chart__plot">
        <span className="insights-chart__top muted small" aria-hidden="true">{formatNumber(top)}</span>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary} focusable="false">
          {bands.map((b) => (
            <rect key={`${b.boost.startsAt}-${b.first}`} className="insights-band" x={b.first * slot} y={0} width={(b.last - b.first + 1) * slot} height={HEIGHT} />
          ))}
          <line className="insights-chart__grid" x1={0} x2={WIDTH} y1={0.5} y2={0.5} vectorEffect="non-scaling-stroke" />
          {days.map((day, i) => {
            let base = HEIGHT;
            return series.map((s) => {
              const value = s.values[i] ?? 0;
              if (value === 0) return null;
              const h = (value / top) * HEIGHT;
              base -= h;
              return <rect key={`${day}-${s.label}`} className={s.className} x={i * slot + slot * 0.15} y={base} width={slot * 0.7} height={h} />;
            });
          })}
          <line className="insights-chart__axis-line" x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} vectorEffect="non-scaling-stroke" />
        </svg>
        <div className="insights-chart__axis muted small" aria-hidden="true">
          <span>{shortDay(days[0]!)}</span>
          <span>{shortDay(days[Math.floor(days.length / 2)]!)}</span>
          <span>{shortDay(days[days.length - 1]!)}</span>
        </div>
      </div>
    </figure>
  );
}
