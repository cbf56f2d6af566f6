import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Rental, RentalRequestInput } from '../../../lib/api-types';
import { MY_RENTALS_KEY } from './get-my-rentals';

/** Asks the owner for the days; the server prices the stay, so no price is ever sent. */
export const requestRental = async (input: RentalRequestInput): Promise<Rental> =>
  (await apiRequest<Rental>('/api/rentals', { method: 'POST', body: input })).data;

export function useRequestRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRental,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_RENTALS_KEY }),
  });
}
