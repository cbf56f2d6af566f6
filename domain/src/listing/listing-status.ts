export const LISTING_STATUSES = ['pending', 'active', 'rejected'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
