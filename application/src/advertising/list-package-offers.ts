import { type AdvertisingPackageOffer, addDays, lagosDay, PACKAGES } from '@voltmarket/domain';
import { KeptValue } from '../shared/kept-value.js';
import type { Clock } from '../shared/ports.js';
import type { AdvertisingReads, TierImpressions } from './advertising-reads.js';

/** What listings of a tier were measured to get, over the last VISIBILITY_DAYS Lagos days. */
export const VISIBILITY_DAYS = 7;
/**
 * A tier's multiplier is shown once its listings were shown this often at their own places: below
 * that, a handful of views would make a figure nobody should trust.
 */
export const VISIBILITY_MIN_ORGANIC = 200;

export interface PackageOfferView extends Omit<AdvertisingPackageOffer, 'features' | 'visibility'> {
  /** Whole naira, for display; `priceKobo` is what is charged. */
  price: number;
  features: string[];
  visibility: {
    /** Times the impressions of an unboosted listing in the same place, as sold. */
    promised: number;
    /**
     * What the tier's listings really got over the last days: all their impressions over those at their
     * own places (which are what they would have had unboosted); null until there are enough.
     */
    measured: number | null;
    days: number;
  };
}

/** The three boosts on sale, cheapest first, with the server's prices and what each tier was measured to give. */
export class ListPackageOffers {
  private readonly impressions: KeptValue<TierImpressions[]> | null;

  constructor(reads?: Pick<AdvertisingReads, 'impressionsByTier'>, clock?: Clock) {
    this.impressions = reads && clock
      ? new KeptValue(() => reads.impressionsByTier(addDays(lagosDay(clock.now()), 1 - VISIBILITY_DAYS)), clock, 60_000, 10 * 60_000)
      : null;
  }

  async execute(): Promise<PackageOfferView[]> {
    const measured = (await this.impressions?.get()) ?? [];
    return Object.values(PACKAGES)
      .sort((a, b) => a.tier - b.tier)
      .map(({ visibility, ...p }) => {
        const seen = measured.find((m) => m.tier === p.tier);
        const multiplier = seen && seen.organic >= VISIBILITY_MIN_ORGANIC ? Math.round(((seen.promoted + seen.organic) / seen.organic) * 10) / 10 : null;
        return { ...p, price: p.priceKobo / 100, features: [...p.features], visibility: { promised: visibility, measured: multiplier, days: VISIBILITY_DAYS } };
      });
  }
}
