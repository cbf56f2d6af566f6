import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Rental, RentalStatusInput } from '../../../lib/api-types';
import { MY_RENTALS_KEY } from './get-my-rentals';

/** The owner moves a booking on: accept (confirmed), decline (cancelled, with a reason), hand over (active), take back (completed). */
export const moveRental = async (id: number, input: RentalStatusInput): Promise<Rental> =>
  (await apiRequest<Rental>(`/api/rentals/${id}/status`, { method: 'POST', body: input })).data;

/**
 * Whatever the answer, the lists are read again: accepting one request may cancel others for the same days,
 * and a refusal usually means the booking moved meanwhile. The vehicles' calendars change too.
 */
export function useMoveRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: RentalStatusInput }) => moveRental(id, input),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: MY_RENTALS_KEY }), queryClient.invalidateQueries({ queryKey: ['rentals'] })]),
  });
}
