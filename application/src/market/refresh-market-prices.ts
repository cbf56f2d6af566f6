import { marketPrice, type MarketPriceKey } from '@voltmarket/domain';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { ComparablePrice, MarketPriceRecord, MarketPriceStore } from './market-price-ports.js';

export interface MarketPriceRefresh {
  /** False when no listing changed since the last run: nothing was computed. */
  refreshed: boolean;
  /** Brand, model and year groups with any price. */
  groups: number;
  /** Groups with enough comparable prices for a market price. */
  priced: number;
}

const HOUR_MS = 3_600_000;
const keyOf = (k: MarketPriceKey) => `${k.brand}\u0000${k.model}\u0000${k.year}`;

/**
 * Scheduled: computes every brand, model and year's market price again when a listing has changed
 * since the last run, and keeps them, so the vehicle page reads a row instead of computing.
 */
export class RefreshMarketPrices {
  constructor(private readonly store: MarketPriceStore, private readonly work: UnitOfWork, private readonly clock: Clock) {}

  async execute(input: { force?: boolean } = {}): Promise<MarketPriceRefresh> {
    const [changed, refreshed] = await Promise.all([this.store.lastListingChange(), this.store.lastRefresh()]);
    const now = this.clock.now();
    // Hourly whatever happened: a change that committed while the last run read the prices is not missed for long.
    const fresh = refreshed !== null && now.getTime() - refreshed.getTime() < HOUR_MS && (!changed || changed.getTime() <= refreshed.getTime());
    if (!input.force && fresh) return { refreshed: false, groups: 0, priced: 0 };
    const groups = new Map<string, ComparablePrice[]>();
    for (const price of await this.store.comparablePrices(now)) {
      const key = keyOf(price);
      const group = groups.get(key);
      if (group) group.push(price);
      else groups.set(key, [price]);
    }
    const records: MarketPriceRecord[] = [];
    for (const prices of groups.values()) {
      const market = marketPrice(prices, now);
      const { brand, model, year } = prices[0]!;
      if (market) records.push({ brand, model, year, ...market, updatedAt: now });
    }
    await this.work.run(() => this.store.keep(records, now));
    return { refreshed: true, groups: groups.size, priced: records.length };
  }
}
