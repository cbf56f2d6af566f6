import type { Actor, WishlistRepository } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';

/** Takes a listing off the caller's wishlist; one that is not there changes nothing. */
export class RemoveFromWishlist {
  constructor(private readonly wishlist: WishlistRepository) {}

  async execute(input: { vehicleId: number }, actor: Actor | null): Promise<void> {
    const me = requireSignedIn(actor);
    await this.wishlist.remove(me.userId, input.vehicleId);
  }
}
