import { describe, expect, it } from 'vitest';
import { type ListingCriteria, SEARCH_TOTAL_CAP } from '@voltmarket/application';
import { buildPageSql, gathersMatches, type PagePlan, planPage, walksFar } from '../../src/postgres/search/page.js';

describe('whether a search page gathers its matches or walks the sort index', () => {
  it('gathers a few scattered matches in a big market', () => {
    // "BMW under ₦15M by mileage", page 4, at a million listings: walking took 4.2 s.
    expect(gathersMatches(449, 1_000_000, 72, 24)).toBe(true);
    expect(gathersMatches(0, 1_000_000, 0, 24)).toBe(true);
  });

  it('walks when matches are dense enough to fill the page early', () => {
    // A typo search's ~2,000 corrected matches of 100,000: gathering them for every page was slower than walking.
    expect(gathersMatches(2_000, 100_000, 0, 24)).toBe(false);
    expect(gathersMatches(2_000, 100_000, 2_000, 24)).toBe(true);
  });

  it('never gathers above the cap, where the total is only a lower bound', () => {
    expect(gathersMatches(SEARCH_TOTAL_CAP + 1, 1_000_000_000, 9_976, 24)).toBe(false);
  });

  it('gathers a small market\'s few matches even before Postgres has estimated its size', () => {
    expect(gathersMatches(7, 0, 0, 24)).toBe(true);
  });
});

describe('a page of a narrow search, from its kept matches', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const later = now.getTime() + 3_600_000;
  // Matches by price, cheapest first; two share a price, so the id breaks the tie.
  const list = { ids: [11, 12, 13, 14, 15, 16, 17], keys: [5_000_000, 6_000_000, 6_000_000, 7_000_000, 8_000_000, 9_000_000, 9_500_000] };
  const criteria = (c: Partial<ListingCriteria>): ListingCriteria => ({ sort: 'price_asc', limit: 3, offset: 0, ...c });
  const ranking = { boosts: [{ id: 14, tier: 3, until: later }, { id: 99, tier: 1, until: now.getTime() - 1 }], firstEnd: now.getTime() - 1 };

  it('puts the running boosts first and leaves them out of the rest', () => {
    const first = planPage(criteria({}), ranking, now, 7, 1_000_000, list);
    expect(first.boosted.map((b) => b.id)).toEqual([14]);
    expect(first.plainIds).toEqual([11, 12]);
    expect(planPage(criteria({ offset: 3 }), ranking, now, 7, 1_000_000, list).plainIds).toEqual([13, 15, 16]);
  });

  it('continues after a cursor\'s listing, ties broken by id, in either direction', () => {
    const after = (key: number, id: number, sort: ListingCriteria['sort']) => ({ sort, shown: 3, after: { key: String(key), id } });
    expect(planPage(criteria({ cursor: after(6_000_000, 12, 'price_asc') }), ranking, now, 7, 1_000_000, list).plainIds).toEqual([13, 15, 16]);
    const desc = { ids: [...list.ids].reverse(), keys: [...list.keys].reverse() };
    expect(planPage(criteria({ sort: 'price_desc', cursor: after(6_000_000, 13, 'price_desc') }), ranking, now, 7, 1_000_000, desc).plainIds).toEqual([12, 11]);
  });

  it('counts a boost that ended since the ranking was read among the rest', () => {
    const ended = { boosts: [{ id: 14, tier: 3, until: now.getTime() - 1 }], firstEnd: now.getTime() - 1 };
    const page = planPage(criteria({ limit: 7 }), ended, now, 7, 1_000_000, list);
    expect(page.boosted).toEqual([]);
    expect(page.plainIds).toEqual(list.ids);
  });
});

describe('whether a page walks far through a sort index', () => {
  const plan = (p: Partial<PagePlan>): PagePlan => ({ boosted: [], plainLimit: 24, plainOffset: 0, anyEnded: false, gather: false, ...p });
  const capped = SEARCH_TOTAL_CAP + 1;

  it('walks far to a deep page of a filter, however the total was capped', () => {
    // "Tesla" by price from the 9,976th at a million listings: 0.4 s a page.
    expect(walksFar({ brand: 'Tesla', sort: 'price_asc', limit: 24, offset: 9_976 }, plan({ plainOffset: 9_976 }), capped, 1_000_000)).toBe(true);
    expect(walksFar({ search: 'tesla', sort: 'default', limit: 24, offset: 480 }, plan({ plainOffset: 480 }), capped, 1_000_000)).toBe(true);
  });

  it('does not for a first page, a cursor\'s page, gathered or kept matches, or no filter at all', () => {
    const brand = { brand: 'Tesla', sort: 'price_asc', limit: 24, offset: 0 } as const;
    expect(walksFar(brand, plan({}), capped, 1_000_000)).toBe(false);
    expect(walksFar(brand, plan({ plainOffset: 0, after: { key: '5000000', id: 7 } }), capped, 1_000_000)).toBe(false);
    expect(walksFar(brand, plan({ plainOffset: 9_976, gather: true }), 449, 1_000_000)).toBe(false);
    expect(walksFar(brand, plan({ plainOffset: 2_000, plainIds: [1, 2] }), 3_000, 1_000_000)).toBe(false);
    expect(walksFar({ sort: 'price_asc', limit: 24, offset: 9_976 }, plan({ plainOffset: 9_976 }), capped, 1_000_000)).toBe(false);
  });
});

describe('which pages are prepared once per connection, their plan kept', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const plan = (p: Partial<PagePlan>): PagePlan => ({ boosted: [], plainLimit: 24, plainOffset: 0, anyEnded: false, gather: false, ...p });
  const boosts = (n: number) => Array.from({ length: n }, (_, i) => ({ id: 100 + i, tier: 3, until: now.getTime() + 3_600_000 }));
  const page = (c: Partial<ListingCriteria>, p: Partial<PagePlan>) => buildPageSql({ sort: 'default', limit: 24, offset: 0, ...c }, 'words', now, plan(p));

  it('prepares a page read by id under one name whatever its ids, boosts or filter', () => {
    const byId = page({ location: 'Port Harcourt', brand: 'Mercedes-Benz', search: 'eqs 580' }, { boosted: boosts(1), plainIds: [11, 12, 13] });
    expect(byId.name).toMatch(/^search_page_[0-9a-f]{24}$/);
    expect(byId.params).not.toContain('Port Harcourt');
    expect(page({ location: 'Benin City' }, { boosted: boosts(3), plainIds: [4, 5] }).name).toBe(byId.name);
    expect(page({}, { boosted: boosts(7), plainIds: [9] }).name).toBe(byId.name);
  });

  it('prepares a page of boosts alone under one name whatever its depth', () => {
    const first = page({}, { boosted: boosts(24), plainLimit: 0 });
    expect(first.name).toBeDefined();
    expect(page({ offset: 5_000, vehicleType: 'car' }, { boosted: boosts(24), plainLimit: 0 }).name).toBe(first.name);
    expect(first.name).not.toBe(page({}, { boosted: boosts(1), plainIds: [9] }).name);
  });

  it('plans a page that walks or gathers for its values each time, filtered or not', () => {
    // Postgres keeps no plan for these (limit and offset are parameters), and for a filter's page a kept plan fits one city, price band or text and not another.
    expect(page({}, { boosted: boosts(2), plainLimit: 22 }).name).toBeUndefined();
    expect(page({ sort: 'price_asc' }, { after: { key: '5000000', id: 7 } }).name).toBeUndefined();
    expect(page({ location: 'Lagos', sort: 'price_desc' }, { plainOffset: 9_940 }).name).toBeUndefined();
    expect(page({ minPrice: 5_000_000, maxPrice: 20_000_000, search: 'dolphin' }, { after: { key: '6000000', id: 3 } }).name).toBeUndefined();
    expect(page({ vehicleType: 'car', location: 'Kaduna' }, { gather: true }).name).toBeUndefined();
  });
});
