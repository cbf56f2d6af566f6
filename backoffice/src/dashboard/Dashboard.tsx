import { Box, Stack, Typography } from '@mui/material';
import { Title, useGetIdentity, usePermissions } from 'react-admin';
import type { StaffPermissions } from '../auth/permissions';
import { RoleBadge } from '../components/RoleBadge';
import { useStats } from '../data/use-stats';
import { ActivityCard } from './ActivityCard';
import { CarOfTheWeekCard } from './CarOfTheWeekCard';
import { KeyFigures } from './KeyFigures';
import { PendingActionsCard } from './PendingActionsCard';
import { RecentActivityCard } from './RecentActivityCard';

/** The backoffice home: live figures, what is waiting for staff, and what staff did lately. */
export function Dashboard() {
  const { permissions } = usePermissions<StaffPermissions>();
  const { identity } = useGetIdentity();
  const stats = useStats();
  return (
    // minmax(0, 1fr): no wide card (a chart, a long name) may widen the page past a phone's screen.
    <Box component="section" aria-labelledby="dashboard-title" sx={{ py: 2, display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title="Dashboard" />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id="dashboard-title" variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Welcome{identity?.fullName ? `, ${identity.fullName}` : ''}
        </Typography>
        {permissions?.role && <RoleBadge role={permissions.role} size="medium" />}
      </Stack>
      <KeyFigures stats={stats.data} loading={stats.isPending} error={stats.error} onRetry={() => void stats.refetch()} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Stack spacing={3}>
          <PendingActionsCard pendingListings={stats.data?.pendingListings} pendingPayments={stats.data?.pendingPayments} loading={stats.isPending} failed={!!stats.error} />
          <CarOfTheWeekCard />
        </Stack>
        <Stack spacing={3}>
          <ActivityCard activity={stats.data?.activity} loading={stats.isPending} failed={!!stats.error} />
          <RecentActivityCard />
        </Stack>
      </Box>
    </Box>
  );
}
