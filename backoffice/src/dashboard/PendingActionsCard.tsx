import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Card, CardContent, CardHeader, List, ListItem, ListItemButton, ListItemText, Skeleton, Typography } from '@mui/material';
import { LinkBase } from 'react-admin';
import { formatNumber } from '../lib/format';
import { useVehiclesWithStatus } from './vehicle-links';

/** What is waiting on staff. Payment confirmations join this when payments arrive; nothing is faked. */
export function PendingActionsCard({ pendingListings, loading, failed }: { pendingListings: number | undefined; loading: boolean; failed: boolean }) {
  const vehicles = useVehiclesWithStatus();
  const count = pendingListings ?? 0;
  return (
    <Card variant="outlined" component="section" aria-labelledby="pending-actions-title">
      <CardHeader title="Pending Actions" slotProps={{ title: { id: 'pending-actions-title', component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {failed ? (
          <Typography color="text.secondary">The pending count could not be loaded; see the error above.</Typography>
        ) : loading || pendingListings === undefined ? (
          <Skeleton variant="rounded" height={48} />
        ) : (
          <List disablePadding>
            <ListItem disablePadding>
              <ListItemButton component={LinkBase} to={vehicles('pending')} sx={{ borderRadius: 2, bgcolor: count ? '#fff6db' : 'grey.50' }}>
                <ListItemText
                  primary={`${formatNumber(count)} ${count === 1 ? 'vehicle' : 'vehicles'} awaiting approval`}
                  secondary={count ? 'Review them in the vehicles list' : 'Nothing to review right now'}
                />
                <ChevronRightIcon aria-hidden />
              </ListItemButton>
            </ListItem>
          </List>
        )}
      </CardContent>
    </Card>
  );
}
