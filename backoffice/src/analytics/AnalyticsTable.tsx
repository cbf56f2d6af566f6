import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { MarketplaceAnalytics } from '../data/api-types';
import { formatNaira, formatNumber } from '../lib/format';
import { bucketLabel, FIGURES } from './analytics-range';

/** Every figure of every period, newest first, with the totals: the charts' text alternative, and what the CSV holds. */
export function AnalyticsTable({ analytics, id }: { analytics: MarketplaceAnalytics; id: string }) {
  const cell = (key: (typeof FIGURES)[number], value: number) => (key.naira ? formatNaira(value) : formatNumber(value));
  return (
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Figures by period">
      <Table id={id} size="small" aria-label={`Marketplace figures per ${analytics.interval}`}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Period</TableCell>
            {FIGURES.map((f) => <TableCell key={f.key} scope="col" align="right">{f.label}</TableCell>)}
          </TableRow>
        </TableHead>
        <TableBody>
          {[...analytics.buckets].reverse().map((b) => (
            <TableRow key={b.from}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>{bucketLabel(b, analytics.interval)}</TableCell>
              {FIGURES.map((f) => <TableCell key={f.key} align="right">{cell(f, b[f.key])}</TableCell>)}
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>Total</TableCell>
            {FIGURES.map((f) => <TableCell key={f.key} align="right" sx={{ fontWeight: 700 }}>{cell(f, analytics.totals[f.key])}</TableCell>)}
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
}
