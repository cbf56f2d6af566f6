import { Box, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { SectionCard } from '../components/SectionCard';
import type { ActivityDay } from '../data/api-types';
import { formatNumber } from '../lib/format';

const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-NG', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'Africa/Lagos' });

function Bar({ value, max, colour }: { value: number; max: number; colour: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'flex-end' }}>
      <Box aria-hidden sx={{ width: 80, height: 8, bgcolor: 'grey.100', borderRadius: 1, overflow: 'hidden' }}>
        <Box sx={{ width: `${max ? Math.round((value / max) * 100) : 0}%`, height: '100%', bgcolor: colour }} />
      </Box>
      <Box component="span" sx={{ minWidth: 32, textAlign: 'right' }}>{formatNumber(value)}</Box>
    </Box>
  );
}

/** Chat messages and inquiries per day: is the marketplace talking? Newest day first. */
export function ActivityCard({ activity, loading, failed }: { activity: ActivityDay[] | undefined; loading: boolean; failed: boolean }) {
  const days = [...(activity ?? [])].reverse();
  const max = Math.max(0, ...days.map((d) => Math.max(d.messages, d.inquiries)));
  const totals = days.reduce((t, d) => ({ messages: t.messages + d.messages, inquiries: t.inquiries + d.inquiries }), { messages: 0, inquiries: 0 });
  return (
    <SectionCard title="Messages and inquiries">
      {failed ? (
        <Typography color="text.secondary">The figures could not be loaded; see the error above.</Typography>
      ) : loading || !activity ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            Last {days.length} days: {formatNumber(totals.messages)} chat {totals.messages === 1 ? 'message' : 'messages'} and {formatNumber(totals.inquiries)} {totals.inquiries === 1 ? 'inquiry' : 'inquiries'}.
          </Typography>
          <Table size="small" aria-label="Messages and inquiries per day">
            <TableHead>
              <TableRow>
                <TableCell scope="col">Day</TableCell>
                <TableCell scope="col" align="right">Messages</TableCell>
                <TableCell scope="col" align="right">Inquiries</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {days.map((d) => (
                <TableRow key={d.day}>
                  <TableCell component="th" scope="row">{dayLabel(d.day)}</TableCell>
                  <TableCell align="right"><Bar value={d.messages} max={max} colour="#2e7d32" /></TableCell>
                  <TableCell align="right"><Bar value={d.inquiries} max={max} colour="#1565c0" /></TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </SectionCard>
  );
}
