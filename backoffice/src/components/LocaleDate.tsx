import { Box } from '@mui/material';
import { formatDate, formatDateTime } from '../lib/format';

/** A date in the reader's locale, with the full time on hover and a machine-readable value. */
export function LocaleDate({ iso }: { iso: string }) {
  return (
    <Box component="time" dateTime={iso} title={formatDateTime(iso)} sx={{ whiteSpace: 'nowrap' }}>
      {formatDate(iso)}
    </Box>
  );
}
