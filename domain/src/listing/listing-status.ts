/** `sold` is final for the seller: the listing leaves search, stays in their history and counts in market prices. */
export const LISTING_STATUSES = ['pending', 'active', 'rejected', 'sold'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
