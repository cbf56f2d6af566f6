import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Card, CardContent, CardHeader, List, ListItem, ListItemButton, ListItemText, Skeleton, Typography } from '@mui/material';
import { LinkBase } from 'react-admin';
import { formatNumber } from '../lib/format';
import { useFilteredList } from '../lib/use-filtered-list';
import { useVehiclesWithStatus } from './vehicle-links';

interface PendingActionsCardProps {
  pendingListings: number | undefined;
  pendingPayments: number | undefined;
  loading: boolean;
  failed: boolean;
}

function PendingItem({ count, to, what, next }: { count: number; to: string; what: string; next: string }) {
  return (
    <ListItem disablePadding>
      <ListItemButton component={LinkBase} to={to} sx={{ borderRadius: 2, bgcolor: count ? '#fff6db' : 'grey.50' }}>
        <ListItemText primary={`${formatNumber(count)} ${what}`} secondary={next} />
        <ChevronRightIcon aria-hidden />
      </ListItemButton>
    </ListItem>
  );
}

/** What is waiting on staff: listings to review, and boost payments the gateway has not confirmed yet. */
export function PendingActionsCard({ pendingListings, pendingPayments, loading, failed }: PendingActionsCardProps) {
  const vehicles = useVehiclesWithStatus();
  const listOf = useFilteredList();
  const listings = pendingListings ?? 0;
  const payments = pendingPayments ?? 0;
  return (
    <Card variant="outlined" component="section" aria-labelledby="pending-actions-title">
      <CardHeader title="Pending Actions" slotProps={{ title: { id: 'pending-actions-title', component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {failed ? (
          <Typography color="text.secondary">The pending counts could not be loaded; see the error above.</Typography>
        ) : loading || pendingListings === undefined || pendingPayments === undefined ? (
          <Skeleton variant="rounded" height={104} />
        ) : (
          <List disablePadding sx={{ display: 'grid', gap: 1 }}>
            <PendingItem
              count={listings}
              to={vehicles('pending')}
              what={listings === 1 ? 'vehicle awaiting approval' : 'vehicles awaiting approval'}
              next={listings ? 'Review them in the vehicles list' : 'Nothing to review right now'}
            />
            <PendingItem
              count={payments}
              to={listOf('payments', { status: 'pending' })}
              what={payments === 1 ? 'payment awaiting confirmation' : 'payments awaiting confirmation'}
              next={payments ? 'Paystack has not confirmed them yet; see them in the payments list' : 'No payment is waiting for Paystack'}
            />
          </List>
        )}
      </CardContent>
    </Card>
  );
}
