import { Box, Card, CardContent, Typography } from '@mui/material';
import type { AnalyticsInterval, MarketplaceAnalytics } from '../data/api-types';
import { formatNaira, formatNairaCompact, formatNumber } from '../lib/format';
import { bucketLabel, type FIGURES, shortBucket } from './analytics-range';

const WIDTH = 300;
const HEIGHT = 100;

/** A round top for the scale, so the tallest bar does not always touch it. */
function scaleTop(max: number): number {
  if (max <= 4) return Math.max(1, max);
  const step = 10 ** Math.floor(Math.log10(max));
  for (const f of [1, 2, 2.5, 5, 10]) if (f * step >= max) return f * step;
  return 10 * step;
}

/**
 * One figure per period as bars. The drawing stretches to the card (a year of days is a silhouette on
 * a phone, every figure is in the table); its labels are text, readable at any width. Screen readers
 * get the total and the busiest period.
 */
export function FigureChart({ figure, analytics }: { figure: (typeof FIGURES)[number]; analytics: MarketplaceAnalytics }) {
  const interval: AnalyticsInterval = analytics.interval;
  const values = analytics.buckets.map((b) => b[figure.key]);
  const format = figure.naira ? formatNaira : formatNumber;
  const top = scaleTop(Math.max(0, ...values));
  const slot = WIDTH / Math.max(1, values.length);
  const busiest = values.reduce((best, v, i) => (v > (values[best] ?? 0) ? i : best), 0);
  const total = analytics.totals[figure.key];
  const description = `${figure.label}: ${format(total)} in all` + (values[busiest]
    ? `; most in ${bucketLabel(analytics.buckets[busiest]!, interval)} (${format(values[busiest]!)}).`
    : '.');
  const first = analytics.buckets[0]!;
  const last = analytics.buckets[analytics.buckets.length - 1]!;
  return (
    <Card variant="outlined" component="figure" sx={{ m: 0 }}>
      <CardContent sx={{ pb: '12px !important' }}>
        <Box component="figcaption" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography component="span" sx={{ fontWeight: 700 }}>{figure.label}</Typography>
          <Typography component="span" sx={{ fontWeight: 700, color: figure.colour }}>{format(total)}</Typography>
        </Box>
        <Box sx={{ position: 'relative', pt: 2 }}>
          <Typography variant="caption" color="text.secondary" aria-hidden sx={{ position: 'absolute', top: 0, left: 0, lineHeight: 1 }}>
            {figure.naira ? formatNairaCompact(top) : formatNumber(top)}
          </Typography>
          <Box
            component="svg"
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={description}
            sx={{ display: 'block', width: '100%', height: 110, overflow: 'visible' }}
          >
            <line x1={0} x2={WIDTH} y1={0.5} y2={0.5} stroke="#e0e0e0" strokeDasharray="3 3" vectorEffect="non-scaling-stroke" />
            {values.map((v, i) => {
              const h = (v / top) * HEIGHT;
              return v > 0 ? <rect key={analytics.buckets[i]!.from} x={i * slot + slot * 0.12} y={HEIGHT - h} width={slot * 0.76} height={h} fill={figure.colour} /> : null;
            })}
            <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} stroke="#9e9e9e" vectorEffect="non-scaling-stroke" />
          </Box>
          <Box aria-hidden sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5 }}>
            <Typography variant="caption" color="text.secondary">{shortBucket(first, interval)}</Typography>
            {analytics.buckets.length > 1 && <Typography variant="caption" color="text.secondary">{shortBucket(last, interval)}</Typography>}
          </Box>
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>{figure.hint}</Typography>
      </CardContent>
    </Card>
  );
}
