import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { AuditEntry } from '../data/api-types';
import { diffRows, displayValue, fieldLabel } from './audit-values';

const valueCell = { whiteSpace: 'pre-wrap', wordBreak: 'break-word', verticalAlign: 'top' } as const;

/** What the action changed, as a two-column before/after table. */
export function AuditDiff() {
  const entry = useRecordContext<AuditEntry>();
  if (!entry) return null;
  const rows = diffRows(entry.before, entry.after);
  if (!rows.length) return <Typography sx={{ p: 2 }} color="text.secondary">No field changes were recorded for this action.</Typography>;
  const deletion = entry.after === null;
  return (
    <Box sx={{ overflowX: 'auto', p: { xs: 0, sm: 1 } }}>
      <Table size="small" aria-label={`Changes made by ${entry.actorName}`}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">Field</TableCell>
            <TableCell component="th" scope="col">Before</TableCell>
            <TableCell component="th" scope="col">{deletion ? 'After (deleted)' : 'After'}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                {fieldLabel(row.key)}
              </TableCell>
              <TableCell sx={{ ...valueCell, bgcolor: row.changed && entry.before ? '#fdecea' : undefined }}>{displayValue(row.key, row.before)}</TableCell>
              <TableCell sx={{ ...valueCell, bgcolor: row.changed && entry.after ? '#e3f4ec' : undefined }}>{displayValue(row.key, row.after)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
