import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ContactReveals } from '../../../lib/api-types';

/** Who was shown one of the caller's listings' phone and email, newest first. */
export const getContactReveals = async (vehicleId: number): Promise<ContactReveals> =>
  (await apiRequest<ContactReveals>(`/api/vehicles/${vehicleId}/contact-reveals`)).data;

export function useContactReveals(vehicleId: number) {
  return useQuery({ queryKey: ['contact-reveals', vehicleId], queryFn: () => getContactReveals(vehicleId) });
}
