/** One listing shown on a page of results: in a promoted slot, or at its place in the buyer's order. */
export interface Impression {
  listingId: number;
  promoted: boolean;
  /** The boost tier the listing had when shown (0: none). */
  tier: number;
}

/**
 * Counts how often each listing is shown, per Lagos day, in promoted slots and at its own place, so a
 * seller can see what a boost gave them. The adapter batches: recording never waits for the database
 * and never slows the search that shows them.
 */
export interface ListingImpressions {
  record(shown: readonly Impression[]): void;
}

/** For callers that show listings without counting them. */
export const UNCOUNTED: ListingImpressions = { record: () => undefined };
