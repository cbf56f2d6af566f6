import { Alert, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Show, TopToolbar, useRecordContext } from 'react-admin';
import { LoadError } from '../components/LoadError';
import { SectionCard } from '../components/SectionCard';
import type { ListingChange } from '../data/api-types';
import { ModerationFlags } from '../vehicles/moderation-flags/ModerationFlags';
import { formatDateTime } from '../lib/format';
import { ChangeDiff } from './change-fields';
import { DecideChangeButtons } from './DecideChangeButtons';

function ChangeDetails() {
  const change = useRecordContext<ListingChange>();
  if (!change) return null;
  return (
    <Stack spacing={2}>
      {change.status === 'pending' && change.listingStatus !== 'active' && (
        <Alert severity="info">The listing is {change.listingStatus} now, so these changes cannot be approved until it is live again.</Alert>
      )}
      {change.status === 'rejected' && <Alert severity="warning">Rejected {change.decidedAt ? formatDateTime(change.decidedAt) : ''}: {change.reason}</Alert>}
      <SectionCard title={change.listingTitle}>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Sent by {change.sellerName} on {formatDateTime(change.submittedAt)} ·{' '}
          <RouterLink to={`/vehicles/${change.vehicleId}/show`}>Open the listing</RouterLink>
        </Typography>
        <ChangeDiff change={change} />
      </SectionCard>
      <SectionCard title="Screening of the changed listing">
        <ModerationFlags vehicle={{ moderationFlags: change.flags }} />
      </SectionCard>
    </Stack>
  );
}

/** One seller's changes: what is live beside what they want (photos side by side), and Approve or Reject. */
export function ListingChangeShow() {
  return (
    <Show title="Listing change" actions={<TopToolbar><DecideChangeButtons /></TopToolbar>} error={<LoadError what="the change" />}>
      <ChangeDetails />
    </Show>
  );
}
