import { checkMarketPriceKey, marketPriceLine, marketPriceUnknown } from '@voltmarket/domain';
import type { MarketPriceRecord, MarketPriceStore } from './market-price-ports.js';

export interface MarketPriceView {
  brand: string;
  model: string;
  year: number;
  median: number;
  low: number;
  high: number;
  sampleSize: number;
  updatedAt: string;
  /** Where an asking price sits against it ("₦1.2M below the typical price for…"); null when no price was asked about. */
  comparison: string | null;
}

export function toMarketPriceView(record: MarketPriceRecord, asking: number | null): MarketPriceView {
  return {
    brand: record.brand, model: record.model, year: record.year, median: record.median, low: record.low, high: record.high,
    sampleSize: record.sampleSize, updatedAt: record.updatedAt.toISOString(),
    comparison: asking === null ? null : marketPriceLine(asking, record, record),
  };
}

/**
 * The typical price of a brand, model and year, as the job last computed it, and where an asking
 * price sits against it; 404 when too few prices make one.
 */
export class GetMarketPrice {
  constructor(private readonly store: MarketPriceStore) {}

  async execute(input: { brand?: unknown; model?: unknown; year?: unknown; price?: unknown }): Promise<MarketPriceView> {
    const { asking, ...key } = checkMarketPriceKey(input);
    const found = await this.store.find(key);
    if (!found) throw marketPriceUnknown(key);
    return toMarketPriceView(found, asking);
  }
}
