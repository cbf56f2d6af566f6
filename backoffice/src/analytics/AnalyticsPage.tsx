import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { EmptyState } from '../components/EmptyState';
import { LoadError } from '../components/LoadError';
import type { AnalyticsInterval } from '../data/api-types';
import type { AnalyticsQuery } from '../data/data-provider';
import { useMarketplaceAnalytics } from '../data/use-marketplace-analytics';
import { useVoltmarket } from '../data/use-voltmarket';
import { formatDateTime } from '../lib/format';
import { saveFile } from '../lib/download';
import { AnalyticsTable } from './AnalyticsTable';
import { csvFileName, FIGURES, formatDay, lagosDay, type PresetId, PRESETS, presetRange, rangeErrors } from './analytics-range';
import { FigureChart } from './FigureChart';

const INTERVALS: { value: AnalyticsInterval; label: string }[] = [
  { value: 'day', label: 'Days' },
  { value: 'week', label: 'Weeks' },
  { value: 'month', label: 'Months' },
];

/**
 * The marketplace over a chosen range of Lagos days, by day, week or month: a chart per figure, the
 * same figures as a table, and a CSV of them from the server.
 */
export function AnalyticsPage() {
  const id = useId();
  const today = lagosDay(new Date());
  const [draft, setDraft] = useState<AnalyticsQuery>(() => presetRange('30d', today));
  const [asked, setAsked] = useState<AnalyticsQuery>(draft);
  const [showTable, setShowTable] = useState(false);
  const errors = rangeErrors(draft, today);
  const valid = !errors.from && !errors.to;
  const analytics = useMarketplaceAnalytics(asked);
  const choose = (next: AnalyticsQuery) => {
    setDraft(next);
    if (!rangeErrors(next, today).from && !rangeErrors(next, today).to) setAsked(next);
  };
  const data = analytics.data;
  const quiet = data && FIGURES.every((f) => data.totals[f.key] === 0);
  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ py: 2, display: 'grid', gap: 3, minWidth: 0 }}>
      <Title title="Analytics" />
      <Typography id={`${id}-title`} variant="h5" component="h1" sx={{ fontWeight: 700 }}>Analytics</Typography>

      <Card variant="outlined" component="form" aria-label="Range" onSubmit={(e) => { e.preventDefault(); if (valid) setAsked(draft); }}>
        <CardContent>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }} role="group" aria-label="Quick ranges">
            {PRESETS.map((p) => (
              <Button key={p.id} size="small" variant="outlined" onClick={() => choose(presetRange(p.id as PresetId, today))}>{p.label}</Button>
            ))}
          </Stack>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'auto auto auto auto' }, alignItems: 'start' }}>
            <TextField
              label="From" type="date" size="small" value={draft.from} error={!!errors.from} helperText={errors.from ?? 'A Lagos day'}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: draft.to } }}
            />
            <TextField
              label="To" type="date" size="small" value={draft.to} error={!!errors.to} helperText={errors.to ?? 'Today at the latest'}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
            />
            <ToggleButtonGroup
              exclusive size="small" color="primary" value={draft.interval} aria-label="Group by"
              onChange={(_, value: AnalyticsInterval | null) => value && choose({ ...draft, interval: value })}
            >
              {INTERVALS.map((i) => <ToggleButton key={i.value} value={i.value} sx={{ textTransform: 'none', fontWeight: 600, minWidth: 72 }}>{i.label}</ToggleButton>)}
            </ToggleButtonGroup>
            <Button type="submit" variant="contained" disabled={!valid}>Show</Button>
          </Box>
        </CardContent>
      </Card>

      {analytics.error ? (
        <LoadError what="the figures" error={analytics.error} onRetry={() => void analytics.refetch()} />
      ) : !data ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }} role="status" aria-label="Loading the figures">
          {FIGURES.slice(0, 6).map((f) => <Skeleton key={f.key} variant="rounded" height={190} />)}
        </Box>
      ) : (
        <Stack spacing={2} sx={{ minWidth: 0 }} aria-busy={analytics.isFetching}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography color="text.secondary">
              {formatDay(data.from)} to {formatDay(data.to)}, Lagos time, by {data.interval}.{' '}
              {data.updatedAt ? `Counted at ${formatDateTime(data.updatedAt)}; counted again every 10 minutes.` : ''}
            </Typography>
            <DownloadCsv range={{ from: data.from, to: data.to, interval: data.interval }} />
          </Stack>
          {!data.updatedAt && <Alert severity="info">The figures are being counted for the first time; they appear within a few minutes.</Alert>}
          {quiet ? (
            <EmptyState title="Nothing happened in this range">Choose a longer range, or one closer to today.</EmptyState>
          ) : (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
              {FIGURES.map((f) => <FigureChart key={f.key} figure={f} analytics={data} />)}
            </Box>
          )}
          <Box>
            <Button size="small" onClick={() => setShowTable((shown) => !shown)} aria-expanded={showTable} aria-controls={showTable ? `${id}-table` : undefined}>
              {showTable ? 'Hide the figures table' : 'Show the figures as a table'}
            </Button>
            {showTable && <AnalyticsTable analytics={data} id={`${id}-table`} />}
          </Box>
        </Stack>
      )}
    </Box>
  );
}

/** The same figures as CSV, made by the server (a row per period and one of totals). */
function DownloadCsv({ range }: { range: AnalyticsQuery }) {
  const dataProvider = useVoltmarket();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await dataProvider.exportMarketplaceAnalyticsCsv(range), csvFileName(range));
    } catch (error) {
      notify(`Export Failed: ${error instanceof Error && error.message ? error.message : 'The CSV could not be made. Please try again.'}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" variant="outlined" startIcon={<DownloadIcon />} disabled={busy} onClick={() => void download()}>
      {busy ? 'Preparing CSV…' : 'Download CSV'}
    </Button>
  );
}
