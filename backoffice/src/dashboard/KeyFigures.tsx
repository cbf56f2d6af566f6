import CampaignIcon from '@mui/icons-material/Campaign';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import ElectricCarIcon from '@mui/icons-material/ElectricCar';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Box } from '@mui/material';
import { useBasename, useCreatePath } from 'react-admin';
import { LoadError } from '../components/LoadError';
import type { AdminStats } from '../data/api-types';
import { formatNaira } from '../lib/format';
import { useFilteredList } from '../lib/use-filtered-list';
import { StatCard } from '../components/StatCard';
import { useVehiclesWithStatus } from './vehicle-links';

interface KeyFiguresProps {
  stats: AdminStats | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

const grid = (min: number) => ({ display: 'grid', gap: 2, gridTemplateColumns: `repeat(auto-fit, minmax(${min}px, 1fr))` });

/** The four headline figures, the four advertising ones, then the rest of what the stats endpoint reports. */
export function KeyFigures({ stats, loading, error, onRetry }: KeyFiguresProps) {
  const createPath = useCreatePath();
  const basename = useBasename();
  const vehicles = useVehiclesWithStatus();
  const listOf = useFilteredList();
  if (error) return <LoadError what="the dashboard figures" error={error} onRetry={onRetry} />;
  return (
    <Box component="section" aria-label="Key figures" sx={{ display: 'grid', gap: 2 }}>
      <Box sx={grid(160)}>
        <StatCard label="Total Users" value={stats?.totalUsers} loading={loading} icon={<PeopleIcon />} to={createPath({ resource: 'users', type: 'list' })} />
        <StatCard label="Active Listings" value={stats?.activeListings} loading={loading} icon={<StorefrontIcon />} to={vehicles('active')} />
        <StatCard label="Total Vehicles" value={stats?.totalVehicles} loading={loading} icon={<ElectricCarIcon />} to={vehicles()} />
        <StatCard label="Pending Approval" value={stats?.pendingListings} loading={loading} icon={<PendingActionsIcon />} to={vehicles('pending')} />
      </Box>
      <Box sx={grid(160)}>
        <StatCard label="Ad revenue" value={stats?.adRevenue} format={formatNaira} loading={loading} icon={<PaymentsIcon />} to={`${basename}/advertising`} />
        <StatCard label="Ad sales" value={stats?.adSales} loading={loading} icon={<CampaignIcon />} to={listOf('payments', { status: 'success' })} />
        <StatCard label="Active ads" value={stats?.activeBoosts} loading={loading} icon={<RocketLaunchIcon />} to={listOf('advertising-packages', { status: 'active' })} />
        <StatCard label="Pending payments" value={stats?.pendingPayments} loading={loading} icon={<HourglassTopIcon />} to={listOf('payments', { status: 'pending' })} />
      </Box>
      <Box sx={grid(140)}>
        <StatCard size="small" label="Rejected listings" value={stats?.rejectedListings} loading={loading} to={vehicles('rejected')} />
        <StatCard size="small" label="Staff members" value={stats?.staffMembers} loading={loading} />
        <StatCard size="small" label="New users (7 days)" value={stats?.newUsersLast7Days} loading={loading} />
        <StatCard size="small" label="New listings (7 days)" value={stats?.newListingsLast7Days} loading={loading} />
        <StatCard size="small" label="Listing views" value={stats?.totalViews} loading={loading} />
      </Box>
    </Box>
  );
}
