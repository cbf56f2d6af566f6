import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import { AddToWishlist, ListWishlist, RemoveFromWishlist } from '@voltmarket/application';
import { TOKENS } from '../tokens.js';
import { PostgresWishlist } from '../../postgres/wishlist-store.js';

/** Listings people saved. */
export const wishlistModule = new ContainerModule(({ bind }) => {
  bind(PostgresWishlist).toResolvedValue((orm: MikroORM) => new PostgresWishlist(orm), [TOKENS.Orm]);
  bind(TOKENS.WishlistRepository).toService(PostgresWishlist);
  bind(TOKENS.WishlistReads).toService(PostgresWishlist);
  const { WishlistRepository: WR, WishlistReads: R, ListingRepository: L, Clock: K } = TOKENS;
  bind(AddToWishlist).toResolvedValue((w, r, l, k, a) => new AddToWishlist(w, r, l, k, a), [WR, R, L, K, TOKENS.ListingActivity]);
  bind(RemoveFromWishlist).toResolvedValue((w) => new RemoveFromWishlist(w), [WR]);
  bind(ListWishlist).toResolvedValue((r) => new ListWishlist(r), [R]);
});
