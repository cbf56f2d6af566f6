import CancelIcon from '@mui/icons-material/Cancel';
import CarRentalIcon from '@mui/icons-material/CarRental';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import { Box } from '@mui/material';
import { LoadError } from '../components/LoadError';
import { StatCard } from '../components/StatCard';
import { useRentalSummary } from '../data/use-rental-summary';
import { useFilteredList } from '../lib/use-filtered-list';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))' } as const;

/** Bookings by status, each leading to those bookings, and the rental fleet. */
export function RentalFigures() {
  const summary = useRentalSummary();
  const listOf = useFilteredList();
  if (summary.error) return <LoadError what="the rental figures" error={summary.error} onRetry={() => void summary.refetch()} />;
  const figures = summary.data;
  const loading = summary.isPending;
  const bookings = (status: string) => listOf('rentals', { status });
  return (
    <Box component="section" aria-label="Bookings by status" sx={grid}>
      <StatCard size="small" label="Pending requests" value={figures?.pending} loading={loading} icon={<HourglassTopIcon />} to={bookings('pending')} />
      <StatCard size="small" label="Confirmed" value={figures?.confirmed} loading={loading} icon={<EventAvailableIcon />} to={bookings('confirmed')} />
      <StatCard size="small" label="Active" value={figures?.active} loading={loading} icon={<CarRentalIcon />} to={bookings('active')} />
      <StatCard size="small" label="Completed" value={figures?.completed} loading={loading} icon={<DoneAllIcon />} to={bookings('completed')} />
      <StatCard size="small" label="Cancelled" value={figures?.cancelled} loading={loading} icon={<CancelIcon />} to={bookings('cancelled')} />
      <StatCard
        size="small"
        label={figures ? `Rental vehicles (${figures.availableVehicles} taking requests)` : 'Rental vehicles'}
        value={figures?.vehicles}
        loading={loading}
        icon={<DirectionsCarIcon />}
        to={listOf('rental-vehicles')}
      />
    </Box>
  );
}
