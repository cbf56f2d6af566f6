import { marketPrice, type MarketPriceKey } from '@voltmarket/domain';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { ComparablePrice, MarketPriceRecord, MarketPriceStore } from './market-price-ports.js';

export interface MarketPriceRefresh {
  /** `none` when no listing changed since the last run; `changed` for the changed groups only; `full` for every group. */
  scope: 'none' | 'changed' | 'full';
  /** Brand, model and year groups computed. */
  groups: number;
  /** Of those, groups with enough comparable prices for a market price. */
  priced: number;
}

const MINUTE_MS = 60_000;
/** Every group is computed again this often: listings deleted or moved to another model, and sales older than a year, leave their groups then. */
export const MARKET_PRICE_FULL_EVERY_MS = 24 * 60 * MINUTE_MS;
/** A listing saved this long before the last run may have committed after it read: its group is computed again. */
const COMMIT_SLACK_MS = 5 * MINUTE_MS;
const keyOf = (k: MarketPriceKey) => `${k.brand}\u0000${k.model}\u0000${k.year}`;

/**
 * Scheduled: computes the market price of each brand, model and year whose listings changed since the
 * last run (a new live listing, a new price, a sale), and of every group once a day, and keeps them,
 * so the vehicle page reads a row instead of computing.
 */
export class RefreshMarketPrices {
  constructor(private readonly store: MarketPriceStore, private readonly work: UnitOfWork, private readonly clock: Clock) {}

  async execute(input: { force?: boolean } = {}): Promise<MarketPriceRefresh> {
    const runs = await this.store.lastRuns();
    const now = this.clock.now();
    const full = input.force || !runs?.fullAt || now.getTime() - runs.fullAt.getTime() >= MARKET_PRICE_FULL_EVERY_MS;
    let groups: MarketPriceKey[] | undefined;
    if (!full) {
      groups = await this.store.changedGroups(new Date(runs!.ranAt.getTime() - COMMIT_SLACK_MS));
      if (groups.length === 0) return { scope: 'none', groups: 0, priced: 0 };
    }
    const byGroup = new Map<string, ComparablePrice[]>();
    for (const price of await this.store.comparablePrices(now, groups)) {
      const key = keyOf(price);
      const group = byGroup.get(key);
      if (group) group.push(price);
      else byGroup.set(key, [price]);
    }
    const records: MarketPriceRecord[] = [];
    for (const prices of byGroup.values()) {
      const market = marketPrice(prices, now);
      const { brand, model, year } = prices[0]!;
      if (market) records.push({ brand, model, year, ...market, updatedAt: now });
    }
    await this.work.run(() => this.store.keep(records, now, groups));
    return { scope: full ? 'full' : 'changed', groups: groups?.length ?? byGroup.size, priced: records.length };
  }
}
