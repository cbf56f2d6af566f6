import { apiRequest } from '../../../lib/api-client';
import type { WishlistInput, WishlistItem } from '../../../lib/api-types';

/** Saving one already saved changes nothing (200 instead of 201). */
export const addToWishlist = async (input: WishlistInput): Promise<WishlistItem> =>
  (await apiRequest<WishlistItem>('/api/wishlist', { method: 'POST', body: input })).data;
