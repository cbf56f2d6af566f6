import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import PaymentsIcon from '@mui/icons-material/Payments';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import { Box } from '@mui/material';
import { LoadError } from '../components/LoadError';
import { StatCard } from '../components/StatCard';
import type { AdvertisingSummary } from '../data/api-types';
import { formatNaira } from '../lib/format';
import { useFilteredList } from '../lib/use-filtered-list';

interface AdvertisingFiguresProps {
  summary: AdvertisingSummary | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))' } as const;

/** The advertising headline figures, each leading to the records behind it. */
export function AdvertisingFigures({ summary, loading, error, onRetry }: AdvertisingFiguresProps) {
  const listOf = useFilteredList();
  if (error) return <LoadError what="the advertising figures" error={error} onRetry={onRetry} />;
  return (
    <Box component="section" aria-label="Advertising figures" sx={grid}>
      <StatCard label="Revenue" value={summary?.revenue} loading={loading} format={formatNaira} icon={<PaymentsIcon />} to={listOf('payments', { status: 'success' })} />
      <StatCard label="Revenue (last 30 days)" value={summary?.revenueLast30Days} loading={loading} format={formatNaira} />
      <StatCard label="Sales" value={summary?.sales} loading={loading} to={listOf('payments', { status: 'success' })} />
      <StatCard label="Running boosts" value={summary?.activeBoosts} loading={loading} icon={<RocketLaunchIcon />} to={listOf('advertising-packages', { status: 'active' })} />
      <StatCard
        label="Payments awaiting confirmation"
        value={summary?.pendingPayments}
        loading={loading}
        icon={<HourglassTopIcon />}
        to={listOf('payments', { status: 'pending' })}
      />
      <StatCard label="Refunds" value={summary?.refunds} loading={loading} to={listOf('payments', { status: 'reversed' })} />
    </Box>
  );
}
