import { Box, Button, Card, CardContent, CardHeader, Skeleton, Stack, Table, TableBody, TableCell, TableHead, TableRow, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { EmptyState } from '../components/EmptyState';
import type { AdvertisingSummary, PackageType } from '../data/api-types';
import { PACKAGE_TYPE_LABELS, PACKAGE_TYPES } from '../lib/advertising-labels';
import { formatNaira, formatNairaCompact, formatNumber } from '../lib/format';
import { describeBar, describeRevenue, revenueSeries, type RevenuePeriod, type RevenueSeries } from './revenue-series';

// Three hues that differ in lightness too, each at least 3:1 against white (WCAG non-text contrast).
export const PACKAGE_COLOURS: Record<PackageType, string> = { basic: '#2f6fb0', premium: '#0f6b47', ultimate: '#a85a00' };

const PLOT_HEIGHT = 220;
const PERIOD_WORDS: Record<RevenuePeriod, { toggle: string; unit: string }> = {
  day: { toggle: 'Last 30 days', unit: 'Day' },
  month: { toggle: 'Last 12 months', unit: 'Month' },
};

function Legend({ series }: { series: RevenueSeries }) {
  return (
    <Stack direction="row" component="ul" sx={{ flexWrap: 'wrap', gap: 2, m: 0, p: 0, listStyle: 'none' }}>
      {PACKAGE_TYPES.map((type) => (
        <Stack key={type} component="li" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: PACKAGE_COLOURS[type] }} />
          <Typography variant="body2">
            {PACKAGE_TYPE_LABELS[type]} <strong>{formatNaira(series.totals[type])}</strong>
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** Stacked bars drawn with boxes (no chart library), described to screen readers as one image with its figures. */
function Bars({ series, description }: { series: RevenueSeries; description: string }) {
  const gap = series.bars.length > 15 ? '2px' : '6px';
  return (
    <Box role="img" aria-label={description} sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1 }}>
      <Box sx={{ position: 'relative', height: PLOT_HEIGHT, minWidth: 44 }}>
        {series.ticks.map((tick) => (
          <Typography
            key={tick}
            variant="caption"
            color="text.secondary"
            sx={{ position: 'absolute', right: 0, bottom: `${series.scaleMax ? (tick / series.scaleMax) * 100 : 0}%`, transform: 'translateY(50%)', lineHeight: 1 }}
          >
            {formatNairaCompact(tick)}
          </Typography>
        ))}
      </Box>
      <Box sx={{ position: 'relative', height: PLOT_HEIGHT, borderBottom: 1, borderColor: 'grey.400' }}>
        {series.ticks.map((tick) => (
          <Box key={tick} sx={{ position: 'absolute', left: 0, right: 0, bottom: `${series.scaleMax ? (tick / series.scaleMax) * 100 : 0}%`, borderTop: 1, borderColor: 'grey.200' }} />
        ))}
        <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'stretch', gap }}>
          {series.bars.map((bar) => (
            <Box key={bar.period} title={describeBar(bar)} sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column-reverse', '&:hover': { opacity: 0.85 } }}>
              {bar.segments.map((segment) => (
                <Box key={segment.type} sx={{ height: `${segment.height}%`, bgcolor: PACKAGE_COLOURS[segment.type], borderTop: segment.height ? '1px solid #fff' : 0 }} />
              ))}
            </Box>
          ))}
        </Box>
      </Box>
      <Box />
      <Box sx={{ display: 'flex', gap, pt: 0.5 }}>
        {series.bars.map((bar) => (
          <Typography key={bar.period} variant="caption" color="text.secondary" sx={{ flex: 1, minWidth: 0, textAlign: 'center', whiteSpace: 'nowrap', overflow: 'visible', fontSize: 11 }}>
            {bar.axisLabel ?? ''}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

function FiguresTable({ series, period, id }: { series: RevenueSeries; period: RevenuePeriod; id: string }) {
  const unit = PERIOD_WORDS[period].unit;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table id={id} size="small" aria-label={`Revenue by package per ${unit.toLowerCase()}`}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{unit}</TableCell>
            {PACKAGE_TYPES.map((type) => (
              <TableCell key={type} scope="col" align="right">{PACKAGE_TYPE_LABELS[type]}</TableCell>
            ))}
            <TableCell scope="col" align="right">Total</TableCell>
            <TableCell scope="col" align="right">Purchases</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {[...series.bars].reverse().map((bar) => (
            <TableRow key={bar.period}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>{bar.label}</TableCell>
              {bar.segments.map((segment) => (
                <TableCell key={segment.type} align="right">{formatNaira(segment.amount)}</TableCell>
              ))}
              <TableCell align="right" sx={{ fontWeight: 600 }}>{formatNaira(bar.total)}</TableCell>
              <TableCell align="right">{formatNumber(bar.purchases)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

interface RevenueChartProps {
  summary: AdvertisingSummary | undefined;
  loading: boolean;
  failed: boolean;
}

/** Advertising revenue by package, per day over 30 days or per month over 12, with the same figures as a table. */
export function RevenueChart({ summary, loading, failed }: RevenueChartProps) {
  const id = useId();
  const [period, setPeriod] = useState<RevenuePeriod>('day');
  const [showTable, setShowTable] = useState(false);
  const points = period === 'day' ? summary?.byDay : summary?.byMonth;
  const series = useMemo(() => (points ? revenueSeries(points, period) : null), [points, period]);
  const description = series ? describeRevenue(series, period) : '';
  return (
    <Card variant="outlined" component="section" aria-labelledby={`${id}-title`}>
      <CardHeader
        title="Revenue by package"
        slotProps={{ title: { id: `${id}-title`, component: 'h2', variant: 'h6' } }}
        sx={{ flexWrap: 'wrap', rowGap: 1, '& .MuiCardHeader-action': { m: 0 } }}
        action={
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={period}
            onChange={(_, value: RevenuePeriod | null) => value && setPeriod(value)}
            aria-label="Revenue period"
          >
            {(['day', 'month'] as const).map((value) => (
              <ToggleButton key={value} value={value} sx={{ textTransform: 'none', fontWeight: 600 }}>
                {PERIOD_WORDS[value].toggle}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {failed ? (
          <Typography color="text.secondary">The revenue could not be loaded; see the error above.</Typography>
        ) : loading || !series ? (
          <Skeleton variant="rounded" height={PLOT_HEIGHT + 40} />
        ) : series.total === 0 && series.purchases === 0 ? (
          <EmptyState title={`No revenue in the ${PERIOD_WORDS[period].toggle.toLowerCase()}`}>Paid boosts appear here, by package, as soon as the gateway confirms them.</EmptyState>
        ) : (
          <Stack spacing={2}>
            <Typography color="text.secondary" aria-hidden>
              {description}
            </Typography>
            <Bars series={series} description={description} />
            <Legend series={series} />
            <Box>
              <Button size="small" onClick={() => setShowTable((shown) => !shown)} aria-expanded={showTable} aria-controls={showTable ? `${id}-table` : undefined}>
                {showTable ? 'Hide the figures table' : 'Show the figures as a table'}
              </Button>
              {showTable && <FiguresTable series={series} period={period} id={`${id}-table`} />}
            </Box>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
