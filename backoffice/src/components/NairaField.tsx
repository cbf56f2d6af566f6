import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatNaira } from '../lib/format';

/** A whole-naira amount of the current record: ₦12,000; a dash when it is not set. */
export function NairaField({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const value: unknown = record?.[source];
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {typeof value === 'number' ? formatNaira(value) : '—'}
    </Typography>
  );
}
