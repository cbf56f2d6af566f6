import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/toast';
import type { WishlistItem } from '../../../lib/api-types';
import { useSession } from '../../auth/session';
import { addToWishlist } from './add-to-wishlist';
import { wishlistKey } from './get-wishlist';
import { removeFromWishlist } from './remove-from-wishlist';

/** What the heart knows about a listing, enough to show it in the wishlist before the server answers. */
export type SavableVehicle = WishlistItem['vehicle'];

interface Toggle {
  vehicle: SavableVehicle;
  save: boolean;
}

/** Saves or removes at once on screen, puts it back if the server refuses. */
export function useToggleWishlist() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const key = wishlistKey(user?.uid ?? 'none');
  return useMutation({
    mutationFn: async ({ vehicle, save }: Toggle): Promise<void> => {
      if (save) await addToWishlist({ vehicleId: vehicle.id });
      else await removeFromWishlist(vehicle.id);
    },
    onMutate: async ({ vehicle, save }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<WishlistItem[]>(key);
      queryClient.setQueryData<WishlistItem[]>(key, (items = []) => {
        const rest = items.filter((item) => item.vehicle.id !== vehicle.id);
        // A placeholder until the server's item arrives; a negative id never clashes with a real one.
        return save ? [{ id: -vehicle.id, createdAt: new Date().toISOString(), vehicle }, ...rest] : rest;
      });
      return { before };
    },
    onError: (error, _toggle, context) => {
      queryClient.setQueryData(key, context?.before);
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'Please try again.', variant: 'destructive' });
    },
    onSuccess: (_result, { save }) => {
      toast(save ? { title: 'Added to Wishlist', description: 'Vehicle saved to your wishlist!' } : { title: 'Removed from Wishlist', description: 'Vehicle removed from your wishlist.' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
