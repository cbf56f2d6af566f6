import { describe, expect, it } from 'vitest';
import type { Actor, DayRange } from '@voltmarket/domain';
import {
  GetMarketplaceAnalytics, type MarketplaceAnalyticsStore, type MarketplaceDay, PruneAnalytics, RollUpMarketplaceDays,
} from '../src/index.js';
import { FixedClock } from './support/in-memory.js';

const support: Actor = { userId: 'staff', role: 'support' };
const buyer: Actor = { userId: 'b1', role: 'user' };

const day = (d: string, figures: Partial<MarketplaceDay> = {}): MarketplaceDay => ({
  day: d, newListings: 0, approvals: 0, rejections: 0, messages: 0, inquiries: 0, chats: 0, rentalRequests: 0, adRevenueKobo: 0, adSales: 0,
  views: 0, saves: 0, ...figures,
});

/** Rolled-up days and active sellers as a store would keep them; it records what it was asked. */
class FakeStore implements MarketplaceAnalyticsStore {
  rolledUp: DayRange[] = [];
  pruned: [string, string][] = [];
  constructor(private readonly kept: MarketplaceDay[], private readonly active: Record<string, string[]> = {}, private last: string | null = null) {}
  async days(range: DayRange) {
    return this.kept.filter((d) => d.day >= range.first && d.day <= range.last);
  }
  async activeSellers(range: DayRange, buckets: readonly DayRange[]) {
    const distinct = (r: DayRange) => new Set(Object.entries(this.active).filter(([d]) => d >= r.first && d <= r.last).flatMap(([, s]) => s)).size;
    return { perBucket: buckets.map(distinct), total: distinct(range) };
  }
  async lastRollUp() {
    return this.last ? { at: new Date('2026-12-05T10:00:00Z'), lastDay: this.last } : null;
  }
  async rollUp(range: DayRange) {
    this.rolledUp.push(range);
    this.last = range.last;
  }
  async prune(oldestKept: string, viewersSince: string) {
    this.pruned.push([oldestKept, viewersSince]);
    return { listingDays: 0, impressionDays: 0, marketplaceDays: 0, marketplacePeriods: 0, sellerDays: 0, viewers: 0 };
  }
}

const clockAt = (iso: string) => new FixedClock(new Date(iso));

describe('GetMarketplaceAnalytics', () => {
  const store = new FakeStore(
    [day('2026-11-29', { newListings: 2, adRevenueKobo: 500_050 }), day('2026-11-30', { newListings: 1, adRevenueKobo: 1_200_049 }), day('2026-12-06', { messages: 4 })],
    { '2026-11-29': ['s1'], '2026-11-30': ['s1', 's2'], '2026-12-06': ['s2'] },
    '2026-12-06',
  );
  const get = (input: Record<string, unknown>, actor: Actor | null = support) =>
    new GetMarketplaceAnalytics(store, clockAt('2026-12-06T12:00:00Z')).execute(input, actor);

  it('adds days into weeks, counts a seller once per week and once over the range, and rounds revenue to the naira at the end', async () => {
    const view = await get({ from: '2026-11-29', to: '2026-12-06', interval: 'week' });
    expect(view).toMatchObject({ from: '2026-11-29', to: '2026-12-06', interval: 'week', updatedAt: '2026-12-05T10:00:00.000Z' });
    expect(view.buckets.map((b) => [b.from, b.to, b.newListings, b.messages, b.adRevenue, b.activeSellers])).toEqual([
      ['2026-11-29', '2026-11-29', 2, 0, 5_001, 1],
      ['2026-11-30', '2026-12-06', 1, 4, 12_000, 2],
    ]);
    expect(view.totals).toMatchObject({ newListings: 3, messages: 4, adRevenue: 17_001, activeSellers: 2 });
  });

  it('is for staff, and checks the range', async () => {
    await expect(get({}, buyer)).rejects.toMatchObject({ code: 'STAFF_ONLY' });
    await expect(get({}, null)).rejects.toMatchObject({ kind: 'unauthenticated' });
    await expect(get({ from: '2026-12-07' })).rejects.toMatchObject({ kind: 'validation' });
  });
});

describe('RollUpMarketplaceDays and PruneAnalytics', () => {
  it('counts every kept day on a first run, then the last 8 days, and every day since the last run after a pause', async () => {
    const store = new FakeStore([]);
    const roll = (iso: string) => new RollUpMarketplaceDays(store, clockAt(iso)).execute();
    expect(await roll('2026-12-06T12:00:00Z')).toEqual({ from: '2025-11-02', to: '2026-12-06' });
    expect(await roll('2026-12-06T12:10:00Z')).toEqual({ from: '2026-11-29', to: '2026-12-06' });
    expect(await roll('2026-12-30T12:00:00Z')).toEqual({ from: '2026-12-06', to: '2026-12-30' });
    expect(store.rolledUp).toHaveLength(3);
  });

  it('keeps 400 days of counters and the viewer log of yesterday and today', async () => {
    const store = new FakeStore([]);
    await new PruneAnalytics(store, clockAt('2026-12-05T23:30:00Z')).execute();
    expect(store.pruned).toEqual([['2025-11-02', '2026-12-05']]);
  });
});
