import { apiRequest } from '../../../lib/api-client';

/** Removing one that is not there changes nothing. */
export const removeFromWishlist = async (vehicleId: number): Promise<void> => {
  await apiRequest<void>(`/api/wishlist/${vehicleId}`, { method: 'DELETE' });
};
