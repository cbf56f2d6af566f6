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

/** When the prices were last computed: any run, and the last run over every group. */
export interface MarketPriceRuns {
  ranAt: Date;
  fullAt: Date | null;
}

/** Market prices, kept apart from listings so no page computes one. */
export interface MarketPriceStore {
  /** When the prices were last computed, or null when never. */
  lastRuns(): Promise<MarketPriceRuns | null>;
  /** The brand, model and year of every live or sold listing changed (new, edited, sold) after `since`. */
  changedGroups(since: Date): Promise<MarketPriceKey[]>;
  /**
   * Asking prices of live listings (counted as of now) and of sold ones (counted when sold), of these
   * groups only, or of every group when `groups` is undefined.
   */
  comparablePrices(now: Date, groups?: readonly MarketPriceKey[]): Promise<ComparablePrice[]>;
  /**
   * Replaces the kept prices of these groups (every group when undefined) with `records`, in the
   * caller's unit of work, and notes the run.
   */
  keep(records: readonly MarketPriceRecord[], now: Date, groups?: readonly MarketPriceKey[]): Promise<void>;
  find(key: MarketPriceKey): Promise<MarketPriceRecord | null>;
}
