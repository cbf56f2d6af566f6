import { Link, Stack } from '@mui/material';
import { LinkBase } from 'react-admin';
import type { AdminRentalVehicle } from '../data/api-types';
import { formatNumber } from '../lib/format';
import { useFilteredList } from '../lib/use-filtered-list';

/** The vehicle's confirmed or running bookings and its unanswered requests, each a link to those bookings. */
export function BookingCounts({ vehicle }: { vehicle: Pick<AdminRentalVehicle, 'id' | 'activeBookings' | 'pendingRequests'> }) {
  const listOf = useFilteredList();
  const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();
  return (
    <Stack spacing={0.25} sx={{ whiteSpace: 'nowrap' }}>
      <Link component={LinkBase} to={listOf('rentals', { vehicleId: vehicle.id })} onClick={stop} variant="body2">
        {formatNumber(vehicle.activeBookings)} booked
      </Link>
      <Link component={LinkBase} to={listOf('rentals', { vehicleId: vehicle.id, status: 'pending' })} onClick={stop} variant="body2" sx={{ fontWeight: vehicle.pendingRequests > 0 ? 700 : 400 }}>
        {formatNumber(vehicle.pendingRequests)} pending
      </Link>
    </Stack>
  );
}
