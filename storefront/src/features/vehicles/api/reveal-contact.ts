import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ContactDetails } from '../../../lib/api-types';

/** "Show phone": the seller's phone and email for one live listing, counted by the server (a daily limit, then 429). */
export const revealContact = async (vehicleId: number): Promise<ContactDetails> =>
  (await apiRequest<ContactDetails>(`/api/vehicles/${vehicleId}/contact`, { method: 'POST' })).data;

export function useRevealContact(vehicleId: number) {
  return useMutation({ mutationKey: ['contact', vehicleId], mutationFn: () => revealContact(vehicleId) });
}
