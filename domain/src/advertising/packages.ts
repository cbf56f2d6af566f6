/** The three boosts a seller can buy. Prices and durations live here only: a client's are ignored. */
export const PACKAGE_TYPES = ['basic', 'premium', 'ultimate'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
export type BoostTier = 1 | 2 | 3;

export interface AdvertisingPackageOffer {
  readonly type: PackageType;
  readonly name: string;
  readonly tier: BoostTier;
  /** Integer kobo, as Paystack takes it (₦1 = 100 kobo). */
  readonly priceKobo: number;
  readonly durationDays: number;
  readonly mostPopular: boolean;
  /**
   * The visibility /advertise sells: this many times the impressions of an unboosted listing at the
   * same place. The promoted slots' weights (PROMOTED_WEIGHTS) are set from it, and what listings of
   * the tier really got is measured from their impressions.
   */
  readonly visibility: number;
  /** What the package does, each line true of the product (no promise it does not keep). */
  readonly features: readonly string[];
}

export const PACKAGES: Readonly<Record<PackageType, AdvertisingPackageOffer>> = {
  basic: {
    type: 'basic', name: 'Basic Boost', tier: 1, priceKobo: 500_000, durationDays: 7, mostPopular: false, visibility: 2,
    features: [
      'FEATURED badge on your listing',
      'Takes turns in the promoted spots of matching searches',
      '2x visibility: aims for twice the impressions of an unboosted listing in the same place',
      'Keeps its own place in every search',
      'Impressions counted in your Profile',
    ],
  },
  premium: {
    type: 'premium', name: 'Premium Spotlight', tier: 2, priceKobo: 1_200_000, durationDays: 14, mostPopular: true, visibility: 5,
    features: [
      'PREMIUM badge and gold frame',
      '4x the turns of a Basic Boost in the promoted spots of matching searches',
      '5x visibility: aims for five times the impressions of an unboosted listing in the same place',
      'WhatsApp contact button for signed-in buyers',
      'Impressions counted in your Profile',
    ],
  },
  ultimate: {
    type: 'ultimate', name: 'Ultimate Exposure', tier: 3, priceKobo: 2_000_000, durationDays: 30, mostPopular: false, visibility: 10,
    features: [
      'PREMIUM badge and gold frame',
      '9x the turns of a Basic Boost in the promoted spots of matching searches',
      'Takes turns in the home page\'s featured spots',
      '10x visibility: aims for ten times the impressions of an unboosted listing in the same place',
      'WhatsApp contact button for signed-in buyers',
      'Impressions counted in your Profile',
    ],
  },
};

/** A package by its type ("premium") or its name as the spec's client sends it ("Premium Spotlight"), any case. */
export function findPackage(typeOrName: string): AdvertisingPackageOffer | null {
  const wanted = typeOrName.trim().toLowerCase();
  return Object.values(PACKAGES).find((p) => p.type === wanted || p.name.toLowerCase() === wanted) ?? null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A listing's boost: its tier until a moment. Ranking reads it against the clock, so an expired boost never counts. */
export interface Boost {
  readonly tier: number;
  readonly until: Date | null;
}

export const isBoostActive = (boost: Boost, now: Date): boolean => boost.tier > 0 && boost.until !== null && boost.until > now;

/**
 * The listing's boost once a paid package starts at `now`:
 * - no boost running: the package's tier for its duration;
 * - the same or a lower tier while one runs: the running boost's end moves later by the package's duration;
 * - a higher tier: it starts at once, and the time left on the running boost is added after its own
 *   duration (at the higher tier: one boost per listing at a time).
 */
export function boostAfterPurchase(current: Boost, offer: AdvertisingPackageOffer, now: Date): { tier: BoostTier; until: Date } {
  const duration = offer.durationDays * DAY_MS;
  if (!isBoostActive(current, now)) return { tier: offer.tier, until: new Date(now.getTime() + duration) };
  const until = current.until!.getTime();
  if (offer.tier <= current.tier) return { tier: current.tier as BoostTier, until: new Date(until + duration) };
  return { tier: offer.tier, until: new Date(now.getTime() + duration + (until - now.getTime())) };
}

/** The package that gives a tier (1 Basic Boost, 2 Premium Spotlight, 3 Ultimate Exposure). */
export function packageOfTier(tier: number): AdvertisingPackageOffer | null {
  return Object.values(PACKAGES).find((p) => p.tier === tier) ?? null;
}

/**
 * A listing's boost rebuilt from the paid packages still standing, each bought at its start: used
 * when one is refunded, so the listing keeps exactly what the others paid for.
 */
export function boostFromPurchases(purchases: readonly { offer: AdvertisingPackageOffer; at: Date }[]): Boost {
  return [...purchases]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .reduce<Boost>((boost, p) => boostAfterPurchase(boost, p.offer, p.at), { tier: 0, until: null });
}
