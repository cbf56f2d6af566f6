export interface WishlistItemView {
  id: number;
  createdAt: string;
  vehicle: { id: number; title: string; location: string | null; price: number | null; imageUrl: string | null; available: boolean };
}

/** Read side of wishlists: entries joined to their listings as they are now. */
export interface WishlistReads {
  /** Newest first; an entry whose listing left the market shows as not available. */
  listFor(userId: string, limit: number): Promise<WishlistItemView[]>;
  item(userId: string, vehicleId: number): Promise<WishlistItemView | null>;
}
