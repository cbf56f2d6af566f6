import { type AdvertisingPackageOffer, PACKAGES } from '@voltmarket/domain';

export interface PackageOfferView extends Omit<AdvertisingPackageOffer, 'features'> {
  /** Whole naira, for display; `priceKobo` is what is charged. */
  price: number;
  features: string[];
}

/** The three boosts on sale, cheapest first, with the server's prices. */
export class ListPackageOffers {
  execute(): PackageOfferView[] {
    return Object.values(PACKAGES)
      .sort((a, b) => a.tier - b.tier)
      .map((p) => ({ ...p, price: p.priceKobo / 100, features: [...p.features] }));
  }
}
