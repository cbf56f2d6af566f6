import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Rental, RentalCancelInput } from '../../../lib/api-types';
import { MY_RENTALS_KEY } from './get-my-rentals';

/** The renter calls off a pending or confirmed booking. */
export const cancelRental = async (id: number, input: RentalCancelInput): Promise<Rental> =>
  (await apiRequest<Rental>(`/api/rentals/${id}/cancel`, { method: 'POST', body: input })).data;

/** Whatever the answer, the lists are read again: a refusal usually means the booking moved meanwhile. */
export function useCancelRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: RentalCancelInput }) => cancelRental(id, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MY_RENTALS_KEY }),
  });
}
