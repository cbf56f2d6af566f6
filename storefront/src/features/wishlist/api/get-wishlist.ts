import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { WishlistItem } from '../../../lib/api-types';
import { useSession } from '../../auth/session';

export const getWishlist = (signal?: AbortSignal) => apiGet<WishlistItem[]>('/api/wishlist', signal);

export const ALL_WISHLISTS = ['wishlist'] as const;
export const wishlistKey = (uid: string) => ['wishlist', uid] as const;

/** The signed-in user's saved listings, newest first; listings that left the market come with available: false. */
export function useWishlist() {
  const { user } = useSession();
  return useQuery({ queryKey: wishlistKey(user?.uid ?? 'none'), enabled: !!user, queryFn: ({ signal }) => getWishlist(signal) });
}
