/**
 * What the screening of a submitted (or re-submitted) listing found for moderators to look at: hints
 * of a scam, never a verdict. Staff see them; buyers and the seller never do.
 */
export type ModerationFlag =
  | {
    kind: 'reused_photo';
    /** The listing's own photo. */
    photoUrl: string;
    /** Another seller's live or recent listing showing (nearly) the same picture. */
    otherListingId: number;
    otherPhotoUrl: string;
    /** Bits of the 64-bit difference hashes that differ (0 = the same picture). */
    distance: number;
  }
  | {
    kind: 'price_far_below_market';
    price: number;
    /** The market median for the listing's brand, model and year. */
    median: number;
  };

export type ModerationFlagKind = ModerationFlag['kind'];

export const MODERATION_FLAG_LABELS: Record<ModerationFlagKind, string> = {
  reused_photo: 'Photo also used by another seller',
  price_far_below_market: 'Price far below the market',
};

/** An asking price under this share of the market median is "too good to be true". */
export const FAR_BELOW_MARKET_SHARE = 0.5;

/** Other sellers' listings count when live, or sold, pending or rejected within this many days. */
export const REUSED_PHOTO_LOOKBACK_DAYS = 90;

/** At most this many reused-photo flags on one listing: enough to judge, short enough to read. */
export const REUSED_PHOTO_FLAGS_MAX = 10;

/** True when an asking price is under half the market median (a known median only). */
export function isFarBelowMarket(price: number, median: number | null | undefined): boolean {
  return median != null && median > 0 && price < median * FAR_BELOW_MARKET_SHARE;
}

/** The price flag, or none. */
export function priceFlag(price: number, median: number | null | undefined): ModerationFlag[] {
  return isFarBelowMarket(price, median) ? [{ kind: 'price_far_below_market', price, median: median! }] : [];
}

/**
 * Reused-photo flags from matches found for each of the listing's photos: the closest match per other
 * listing and photo of ours, closest first, at most REUSED_PHOTO_FLAGS_MAX.
 */
export function reusedPhotoFlags(
  matches: readonly { photoUrl: string; otherListingId: number; otherPhotoUrl: string; distance: number }[],
): ModerationFlag[] {
  const best = new Map<string, (typeof matches)[number]>();
  for (const m of matches) {
    const key = `${m.photoUrl}\u0000${m.otherListingId}`;
    const kept = best.get(key);
    if (!kept || m.distance < kept.distance) best.set(key, m);
  }
  return [...best.values()]
    .sort((a, b) => a.distance - b.distance || a.otherListingId - b.otherListingId || a.photoUrl.localeCompare(b.photoUrl))
    .slice(0, REUSED_PHOTO_FLAGS_MAX)
    .map((m) => ({ kind: 'reused_photo', photoUrl: m.photoUrl, otherListingId: m.otherListingId, otherPhotoUrl: m.otherPhotoUrl, distance: m.distance }));
}
