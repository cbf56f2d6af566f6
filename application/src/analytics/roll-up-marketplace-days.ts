import { addDays, daysBetween, lagosDay, oldestKeptDay } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import type { MarketplaceAnalyticsStore } from './analytics-ports.js';

/**
 * Days counted again on every run, today included. A payment refunded within the 7-day guarantee
 * leaves its day's revenue; counting the last 8 days again keeps every day that can still change exact.
 */
export const ROLL_UP_RECENT_DAYS = 8;

/**
 * Counts the marketplace's recent days again from the facts, for the staff's Analytics. A first run
 * (or one after a pause) also counts every day since the last one covered, back to the oldest kept.
 */
export class RollUpMarketplaceDays {
  constructor(private readonly store: MarketplaceAnalyticsStore, private readonly clock: Clock) {}

  async execute(): Promise<{ from: string; to: string }> {
    const now = this.clock.now();
    const today = lagosDay(now);
    const oldest = oldestKeptDay(now);
    const recent = addDays(today, -(ROLL_UP_RECENT_DAYS - 1));
    const last = (await this.store.lastRollUp())?.lastDay ?? oldest;
    let first = daysBetween(last, recent) > 0 ? last : recent;
    if (daysBetween(oldest, first) < 0) first = oldest;
    await this.store.rollUp({ first, last: today }, now);
    return { from: first, to: today };
  }
}
