/**
 * `sold` is final for the seller: the listing leaves search, stays in their history and counts in market prices.
 * `expired`: 60 days passed without a renewal; its seller renews it in one tap. `suspended`: its seller's
 * account is suspended; it comes back when the suspension ends.
 */
export const LISTING_STATUSES = ['pending', 'active', 'rejected', 'sold', 'expired', 'suspended'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** A listing stays live this long after it goes live or is renewed. */
export const LISTING_LIFETIME_DAYS = 60;
/** Its seller is reminded this long before it expires. */
export const EXPIRY_REMINDER_DAYS = 3;
