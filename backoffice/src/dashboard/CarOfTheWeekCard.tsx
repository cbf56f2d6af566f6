import { Alert, Box, Card, CardContent, CardHeader, Link, Skeleton, Stack, Typography } from '@mui/material';
import { LinkBase, useCreatePath } from 'react-admin';
import { EmptyState } from '../components/EmptyState';
import { LoadError } from '../components/LoadError';
import { VehicleThumbnail } from '../components/VehicleThumbnail';
import type { CarOfTheWeek } from '../data/api-types';
import { useCarOfTheWeek } from '../data/use-car-of-the-week';
import { formatDate, formatDateTime, formatNaira, formatNumber } from '../lib/format';

/** Why this listing carries the badge: who picked it, or that it is the most viewed new listing. */
function whyThisOne(report: CarOfTheWeek): string {
  if (report.source === 'staff_pick' && report.pickedBy && report.pickedAt) {
    return `Picked by ${report.pickedBy.name} on ${formatDateTime(report.pickedAt)}`;
  }
  return 'Most viewed this week: no staff pick, so the most viewed listing approved in the last 7 days';
}

/** This week's Car of the Week, as the storefront shows it. */
export function CarOfTheWeekCard() {
  const createPath = useCreatePath();
  const { data, isPending, error, refetch } = useCarOfTheWeek();
  const staleStaffPick = data?.staffPick && !data.staffPick.isLive ? data.staffPick : null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="car-of-the-week-title">
      <CardHeader
        title="Car of the Week"
        subheader={data ? `Week of ${formatDate(`${data.weekOf}T12:00:00Z`)} (Monday to Sunday, Lagos time)` : undefined}
        slotProps={{ title: { id: 'car-of-the-week-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <Skeleton variant="rounded" height={72} />
        ) : error ? (
          <LoadError what="the car of the week" error={error} onRetry={() => void refetch()} />
        ) : (
          <Stack spacing={1.5}>
            {data.listing ? (
              <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
                <VehicleThumbnail url={data.listing.imageUrls[0]} title={data.listing.title} size={88} />
                <Box sx={{ minWidth: 0 }}>
                  <Link component={LinkBase} to={createPath({ resource: 'vehicles', type: 'show', id: data.listing.id })} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {data.listing.title}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {formatNaira(data.listing.price)} · {data.listing.location} · {formatNumber(data.listing.views)} {data.listing.views === 1 ? 'view' : 'views'}
                  </Typography>
                  <Typography variant="body2">{whyThisOne(data)}</Typography>
                </Box>
              </Stack>
            ) : (
              <EmptyState title="No car of the week">
                No live listing was approved in the last 7 days and there is no staff pick. Make one from a live listing&apos;s actions.
              </EmptyState>
            )}
            {staleStaffPick && (
              <Alert severity="warning">
                This week&apos;s staff pick “{staleStaffPick.title}” (picked by {staleStaffPick.pickedBy.name}) is no longer live, so it is not shown.
              </Alert>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
