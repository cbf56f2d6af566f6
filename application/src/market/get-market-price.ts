import { checkMarketPriceKey, marketPriceUnknown } from '@voltmarket/domain';
import type { MarketPriceStore } from './market-price-ports.js';

export interface MarketPriceView {
  brand: string;
  model: string;
  year: number;
  median: number;
  low: number;
  high: number;
  sampleSize: number;
  updatedAt: string;
}

/** The typical price of a brand, model and year, as the job last computed it; 404 when too few prices make one. */
export class GetMarketPrice {
  constructor(private readonly store: MarketPriceStore) {}

  async execute(input: { brand?: unknown; model?: unknown; year?: unknown }): Promise<MarketPriceView> {
    const key = checkMarketPriceKey(input);
    const found = await this.store.find(key);
    if (!found) throw marketPriceUnknown(key);
    return {
      brand: found.brand, model: found.model, year: found.year, median: found.median, low: found.low, high: found.high,
      sampleSize: found.sampleSize, updatedAt: found.updatedAt.toISOString(),
    };
  }
}
