import type { Actor } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import type { WishlistItemView, WishlistReads } from './wishlist-reads.js';

export const WISHLIST_MAX = 500;

export class ListWishlist {
  constructor(private readonly reads: WishlistReads) {}

  execute(_input: void, actor: Actor | null): Promise<WishlistItemView[]> {
    const me = requireSignedIn(actor);
    return this.reads.listFor(me.userId, WISHLIST_MAX);
  }
}
