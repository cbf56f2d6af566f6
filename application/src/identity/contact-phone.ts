/** What the marketplace knows of a seller's numbers. */
export interface SellerPhones {
  /** Verified by SMS through the identity provider. */
  verifiedPhone: string | null;
  /** Typed in their profile. */
  phone: string | null;
}

/**
 * The number a buyer is given to call a seller about a listing: the one the seller verified by SMS
 * when there is one, else the one typed on the listing, else the profile's. Every place that gives
 * out a seller's or owner's number asks here.
 */
export function contactPhone(seller: SellerPhones | null, listing: { sellerPhone: string | null } | null): string | null {
  return seller?.verifiedPhone ?? listing?.sellerPhone ?? seller?.phone ?? null;
}
