import { Box, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { AuditEntry } from '../data/api-types';

/** Who acted, by name and by the email they had then. */
export function ActorField() {
  const entry = useRecordContext<AuditEntry>();
  if (!entry) return null;
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="body2">{entry.actorName}</Typography>
      {entry.actorEmail && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ wordBreak: 'break-all' }}>
          {entry.actorEmail}
        </Typography>
      )}
    </Box>
  );
}
