import { describe, expect, it } from 'vitest';
import { type ListingCriteria, SEARCH_TOTAL_CAP } from '@voltmarket/application';
import { buildPageSql, gathersMatches, type PagePlan, type PageRow, pageRows, planPage, walksFar } from '../../src/postgres/search/page.js';

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
  // Matches by price, cheapest first; two share a price, so the id breaks the tie.
  const list = { ids: [11, 12, 13, 14, 15, 16, 17], keys: [5_000_000, 6_000_000, 6_000_000, 7_000_000, 8_000_000, 9_000_000, 9_500_000] };
  const criteria = (c: Partial<ListingCriteria>): ListingCriteria => ({ sort: 'price_asc', limit: 3, offset: 0, ...c });
  const slots = [{ id: 14, tier: 3 }];

  it('reads the chosen order from the offset, boosted listings at their own place, the slots apart', () => {
    const first = planPage(criteria({}), slots, 7, 1_000_000, list);
    expect(first.promoted).toEqual(slots);
    expect(first.ids).toEqual([11, 12, 13]);
    expect(planPage(criteria({ offset: 3 }), slots, 7, 1_000_000, list).ids).toEqual([14, 15, 16]);
  });

  it('continues after a cursor\'s listing, ties broken by id, in either direction', () => {
    const after = (key: number, id: number, sort: ListingCriteria['sort']) => ({ sort, shown: 3, after: { key: String(key), id } });
    expect(planPage(criteria({ cursor: after(6_000_000, 12, 'price_asc') }), [], 7, 1_000_000, list).ids).toEqual([13, 14, 15]);
    const desc = { ids: [...list.ids].reverse(), keys: [...list.keys].reverse() };
    expect(planPage(criteria({ sort: 'price_desc', cursor: after(6_000_000, 13, 'price_desc') }), [], 7, 1_000_000, desc).ids).toEqual([12, 11]);
  });

  it('goes by `shown` for a cursor that holds no listing (as cursors given before promoted slots did)', () => {
    expect(planPage(criteria({ cursor: { sort: 'price_asc', shown: 5 } }), [], 7, 1_000_000, list).ids).toEqual([16, 17]);
  });
});

describe('a page\'s rows as shown', () => {
  const row = (id: number, promoted: boolean) => ({ id, promoted }) as PageRow;

  it('never shows one listing twice: a listing in a slot is left out below it, and the next page still starts after the last listing read', () => {
    const { shown, listed } = pageRows([row(14, true), row(3, true), row(11, false), row(14, false), row(15, false)]);
    expect(shown.map((r) => [r.id, r.promoted])).toEqual([[14, true], [3, true], [11, false], [15, false]]);
    expect(listed.map((r) => r.id)).toEqual([11, 14, 15]);
  });
});

describe('whether a page walks far through a sort index', () => {
  const plan = (p: Partial<PagePlan>): PagePlan => ({ promoted: [], limit: 24, offset: 0, gather: false, ...p });
  const capped = SEARCH_TOTAL_CAP + 1;

  it('walks far to a deep page of a filter, however the total was capped', () => {
    // "Tesla" by price from the 9,976th at a million listings: 0.4 s a page.
    expect(walksFar({ brand: 'Tesla', sort: 'price_asc', limit: 24, offset: 9_976 }, plan({ offset: 9_976 }), capped, 1_000_000)).toBe(true);
    expect(walksFar({ search: 'tesla', sort: 'default', limit: 24, offset: 480 }, plan({ offset: 480 }), capped, 1_000_000)).toBe(true);
  });

  it('does not for a first page, a cursor\'s page, gathered or kept matches, or no filter at all', () => {
    const brand = { brand: 'Tesla', sort: 'price_asc', limit: 24, offset: 0 } as const;
    expect(walksFar(brand, plan({}), capped, 1_000_000)).toBe(false);
    expect(walksFar(brand, plan({ offset: 0, after: { key: '5000000', id: 7 } }), capped, 1_000_000)).toBe(false);
    expect(walksFar(brand, plan({ offset: 9_976, gather: true }), 449, 1_000_000)).toBe(false);
    expect(walksFar(brand, plan({ offset: 2_000, ids: [1, 2] }), 3_000, 1_000_000)).toBe(false);
    expect(walksFar({ sort: 'price_asc', limit: 24, offset: 9_976 }, plan({ offset: 9_976 }), capped, 1_000_000)).toBe(false);
  });
});

describe('which pages are prepared once per connection, their plan kept', () => {
  const plan = (p: Partial<PagePlan>): PagePlan => ({ promoted: [], limit: 24, offset: 0, gather: false, ...p });
  const slots = (n: number) => Array.from({ length: n }, (_, i) => ({ id: 100 + i, tier: 3 }));
  const page = (c: Partial<ListingCriteria>, p: Partial<PagePlan>) => buildPageSql({ sort: 'default', limit: 24, offset: 0, ...c }, 'words', plan(p));

  it('prepares a page read by id under one name whatever its ids, the boosts in its slots or its filter', () => {
    const byId = page({ location: 'Port Harcourt', brand: 'Mercedes-Benz', search: 'eqs 580' }, { promoted: slots(2), ids: [11, 12, 13] });
    expect(byId.name).toMatch(/^search_page_[0-9a-f]{24}$/);
    expect(byId.params).not.toContain('Port Harcourt');
    expect(page({ location: 'Benin City' }, { promoted: slots(2), ids: [4, 5] }).name).toBe(byId.name);
    expect(page({}, { promoted: [{ id: 7, tier: 1 }, { id: 8, tier: 3 }], ids: [9] }).name).toBe(byId.name);
    // One statement per number of slots filled (a handful at most: PROMOTED_SLOTS).
    expect(page({}, { promoted: slots(1), ids: [9] }).name).not.toBe(byId.name);
  });

  it('prepares a page of slots alone under one name whatever its depth', () => {
    const first = page({}, { promoted: slots(2), limit: 0 });
    expect(first.name).toBeDefined();
    expect(page({ offset: 5_000, vehicleType: 'car' }, { promoted: slots(2), limit: 0 }).name).toBe(first.name);
    expect(first.name).not.toBe(page({}, { promoted: slots(1), ids: [9] }).name);
  });

  it('prepares the unfiltered list\'s first page and its cursor pages, each sort under one name, its limit written in', () => {
    const first = page({}, { promoted: slots(2) });
    expect(first.name).toBeDefined();
    expect(first.sql).toMatch(/limit 24\)/);
    expect(page({}, { promoted: [{ id: 3, tier: 1 }, { id: 4, tier: 2 }] }).name).toBe(first.name);
    // Each slot a value of its own, so a kept plan counts them as a plan made for them does.
    expect(first.sql).toMatch(/from \(values \(\$\d+::int, 1\), \(\$\d+::int, 2\)\) as s\(id, ord\)/);
    const byCursor = page({ sort: 'price_asc' }, { after: { key: '5000000', id: 7 } });
    expect(byCursor.name).toBeDefined();
    expect(page({ sort: 'price_asc' }, { after: { key: '9000000', id: 70 } }).name).toBe(byCursor.name);
    expect(byCursor.name).not.toBe(first.name);
  });

  it('plans a page that walks or gathers for its values each time, when filtered or at an offset', () => {
    // Postgres keeps no plan for these (limit and offset are parameters), and for a filter's page a kept plan fits one city, price band or text and not another.
    expect(page({}, { offset: 480 }).name).toBeUndefined();
    expect(page({ sort: 'price_asc', location: 'Lagos' }, { after: { key: '5000000', id: 7 } }).name).toBeUndefined();
    expect(page({ location: 'Lagos', sort: 'price_desc' }, { offset: 9_940 }).name).toBeUndefined();
    expect(page({ minPrice: 5_000_000, maxPrice: 20_000_000, search: 'dolphin' }, { after: { key: '6000000', id: 3 } }).name).toBeUndefined();
    expect(page({ vehicleType: 'car', location: 'Kaduna' }, { gather: true }).name).toBeUndefined();
  });

  it('reads the chosen order over every live listing, boosted or not, in the one order the index holds', () => {
    const walked = page({ sort: 'price_asc' }, { promoted: slots(2) }).sql;
    expect(walked).not.toMatch(/boost_tier (=|>|desc)/);
    expect(walked).toMatch(/order by l\.price asc, l\.id asc limit/);
  });
});
