import { quantile } from '../market/market-price.js';

/** Fewer similar listings than this say nothing: no comparison is shown. */
export const SIMILAR_LISTINGS_MIN_SAMPLE = 5;

/** What one listing drew over a period. */
export interface ListingDraw {
  views: number;
  inquiries: number;
}

/** The typical draw of the listings like one seller's, over the same days. */
export interface SimilarListingsComparison {
  /** How many listings the medians are taken over. */
  sampleSize: number;
  medianViews: number;
  medianInquiries: number;
}

/**
 * "Compared with similar listings": the median views and inquiries of the other live listings of the
 * same brand and model over the same days, each listing counted once whether or not anyone looked
 * (a listing nobody viewed is a 0, not left out). Null below SIMILAR_LISTINGS_MIN_SAMPLE listings,
 * where a median says more about chance than about the market. Medians are rounded to one decimal.
 */
export function compareWithSimilar(similar: readonly ListingDraw[]): SimilarListingsComparison | null {
  if (similar.length < SIMILAR_LISTINGS_MIN_SAMPLE) return null;
  const median = (values: number[]) => Math.round(quantile(values.sort((a, b) => a - b), 0.5) * 10) / 10;
  return {
    sampleSize: similar.length,
    medianViews: median(similar.map((s) => s.views)),
    medianInquiries: median(similar.map((s) => s.inquiries)),
  };
}
