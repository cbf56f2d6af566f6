import { Box, Stack, Typography } from '@mui/material';
import { Loading, Show, useRecordContext } from 'react-admin';
import { LoadError } from '../components/LoadError';
import { SectionCard } from '../components/SectionCard';
import type { AuditEntry } from '../data/api-types';
import { AUDIT_ACTION_LABELS } from '../lib/audit-actions';
import { formatDateTime } from '../lib/format';
import { ActorField } from './ActorField';
import { AuditDiff } from './AuditDiff';
import { AuditRecordLink } from './AuditRecordLink';

function AuditEntryDetails() {
  const entry = useRecordContext<AuditEntry>();
  if (!entry) return null;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {AUDIT_ACTION_LABELS[entry.action] ?? entry.action}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
        <Box>
          <Typography variant="body2" color="text.secondary">When</Typography>
          <Typography variant="body2">
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </Typography>
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">Staff member</Typography>
          <ActorField />
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">Record</Typography>
          <AuditRecordLink />
        </Box>
      </Box>
      <SectionCard title="Changes">
        <AuditDiff />
      </SectionCard>
    </Stack>
  );
}

/** One audit entry, read only. */
export function AuditLogShow() {
  return (
    <Show loading={<Loading />} title="Audit entry" actions={false} error={<LoadError what="this audit entry" />}>
      <AuditEntryDetails />
    </Show>
  );
}
