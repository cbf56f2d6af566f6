import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../components/toast';
import type { WishlistItem } from '../../../lib/api-types';
import { useSession } from '../../auth/session';
import { addToWishlist } from './add-to-wishlist';
import { wishlistKey } from './get-wishlist';
import { removeFromWishlist } from './remove-from-wishlist';

/** What the heart knows about a listing, enough to show it in the wishlist before the server answers. */
export type SavableVehicle = WishlistItem['vehicle'];

/**
 * Saves or removes at once on screen, and puts it back if the server refuses. A plain hook rather than
 * useMutation: the heart is on every card of Home, and react-query's mutation code would grow Home's bundle.
 */
export function useToggleWishlist() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [isPending, setPending] = useState(false);
  const key = wishlistKey(user?.uid ?? 'none');

  /** `removesTrigger`: the button pressed goes with the vehicle (a wishlist row), so Undo takes its focus. */
  const toggle = async (vehicle: SavableVehicle, save: boolean, removesTrigger = false): Promise<void> => {
    setPending(true);
    await queryClient.cancelQueries({ queryKey: key });
    const before = queryClient.getQueryData<WishlistItem[]>(key);
    queryClient.setQueryData<WishlistItem[]>(key, (items = []) => {
      const rest = items.filter((item) => item.vehicle.id !== vehicle.id);
      // A placeholder until the server's list arrives; a negative id never clashes with a real one.
      return save ? [{ id: -vehicle.id, createdAt: new Date().toISOString(), vehicle }, ...rest] : rest;
    });
    try {
      if (save) await addToWishlist({ vehicleId: vehicle.id });
      else await removeFromWishlist(vehicle.id);
      toast(save
        ? { title: 'Added to Wishlist', description: 'Vehicle saved to your wishlist!' }
        : {
          title: 'Removed from Wishlist',
          description: 'Vehicle removed from your wishlist.',
          // A listing no longer on sale cannot be saved again, so there is nothing to undo to.
          ...(vehicle.available ? { action: { label: 'Undo', run: () => void toggle(vehicle, true), takeFocus: removesTrigger } } : {}),
        });
    } catch (error) {
      queryClient.setQueryData(key, before);
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'Please try again.', variant: 'destructive' });
    } finally {
      setPending(false);
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };
  return { isPending, toggle };
}
