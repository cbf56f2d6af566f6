import type { MarketPrice, MarketPriceKey } from '@voltmarket/domain';

/** One listing's price as a comparable: its brand, model and year, and when the price counted. */
export interface ComparablePrice extends MarketPriceKey {
  price: number;
  at: Date;
}

/** A market price as kept: computed by the job, read by pages. */
export interface MarketPriceRecord extends MarketPriceKey, MarketPrice {
  updatedAt: Date;
}

/** Market prices, kept apart from listings so no page computes one. */
export interface MarketPriceStore {
  /** The latest change to any listing (a new one, an edit, a status), or null when there are none. */
  lastListingChange(): Promise<Date | null>;
  /** When the prices were last computed, or null when never. */
  lastRefresh(): Promise<Date | null>;
  /** Asking prices of live listings (counted as of now). */
  comparablePrices(now: Date): Promise<ComparablePrice[]>;
  /** Replaces every kept price with these, in the caller's unit of work. */
  keep(records: readonly MarketPriceRecord[], now: Date): Promise<void>;
  find(key: MarketPriceKey): Promise<MarketPriceRecord | null>;
}
