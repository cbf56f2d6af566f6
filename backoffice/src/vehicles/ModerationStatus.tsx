import { Alert, Stack, Typography } from '@mui/material';
import { ListingStatusBadge } from '../components/ListingStatusBadge';
import type { Vehicle } from '../data/api-types';
import { formatDateTime, formatNumber } from '../lib/format';
import { CarOfTheWeekChip } from './car-of-the-week/CarOfTheWeekChip';

/** Where the listing stands: status, why it was rejected, how often it was viewed, and when. */
export function ModerationStatus({ vehicle }: { vehicle: Vehicle }) {
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <ListingStatusBadge status={vehicle.status} />
        {vehicle.isVerified && <Typography variant="body2">Verified</Typography>}
        <CarOfTheWeekChip vehicle={vehicle} />
      </Stack>
      {vehicle.status === 'rejected' && (
        <Alert severity="error" icon={false}>
          <strong>Rejection reason:</strong> {vehicle.rejectionReason || 'No reason was recorded.'}
        </Alert>
      )}
      <Typography variant="body2">
        {formatNumber(vehicle.views)} {vehicle.views === 1 ? 'view' : 'views'} · Listing #{vehicle.id}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Created {formatDateTime(vehicle.createdAt)}
        <br />
        {vehicle.approvedAt && (
          <>
            Approved {formatDateTime(vehicle.approvedAt)}
            <br />
          </>
        )}
        Last updated {formatDateTime(vehicle.updatedAt)}
      </Typography>
    </Stack>
  );
}
