import { Box, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import { Link, useCreatePath, useGetManyAggregate, useRecordContext } from 'react-admin';
import type { AuditEntry } from '../data/api-types';
import { AUDIT_RESOURCE_LABELS } from '../lib/audit-actions';

/** The record an action touched: a link while it still exists, its recorded name either way. */
export function AuditRecordLink() {
  const entry = useRecordContext<AuditEntry>();
  const createPath = useCreatePath();
  const deleted = entry?.action === 'vehicle.deleted';
  // Listing and payment ids are integers in the API (user ids are text); audit entries keep every record id as text.
  const id = entry && entry.resource !== 'users' ? Number(entry.recordId) : entry?.recordId;
  const { data, isPending } = useGetManyAggregate(entry?.resource ?? 'vehicles', { ids: id === undefined ? [] : [id] }, { enabled: !!entry && !deleted });
  if (!entry) return null;
  // A disabled query stays "pending" in react-query, so a deletion is never "still checking".
  const checking = !deleted && isPending;
  const exists = !checking && !deleted && !!data?.length;
  const kind = `${AUDIT_RESOURCE_LABELS[entry.resource] ?? entry.resource} #${entry.recordId}`;
  return (
    <Box sx={{ minWidth: 160 }}>
      {exists ? (
        <Link to={createPath({ resource: entry.resource, type: 'show', id: entry.recordId })} onClick={(e: MouseEvent) => e.stopPropagation()}>
          {entry.recordLabel}
        </Link>
      ) : (
        <Typography variant="body2">{entry.recordLabel}</Typography>
      )}
      <Typography variant="caption" color="text.secondary" component="p">
        {kind}
        {!exists && !checking && ' · no longer exists'}
      </Typography>
    </Box>
  );
}
