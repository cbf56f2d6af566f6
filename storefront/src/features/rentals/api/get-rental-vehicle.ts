import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { RentalVehicleDetail } from '../../../lib/api-types';

export const getRentalVehicle = (id: number, signal?: AbortSignal) => apiGet<RentalVehicleDetail>(`/api/rentals/vehicles/${id}`, signal);

export const rentalVehicleKey = (id: number) => ['rentals', 'vehicle', id] as const;

/** One rental vehicle with the days its confirmed and active bookings hold, for the booking calendar. */
export function useRentalVehicle(id: number) {
  return useQuery({ queryKey: rentalVehicleKey(id), queryFn: ({ signal }) => getRentalVehicle(id, signal) });
}
