import { describe, expect, it } from 'vitest';
import { ListingCountCache } from '../../src/postgres/listing-count-cache.js';

describe('ListingCountCache', () => {
  it('answers until the entry is older than its time to live', () => {
    const cache = new ListingCountCache(1000);
    cache.set('k', 42, 0);
    expect(cache.get('k', 999)).toBe(42);
    expect(cache.get('k', 1000)).toBeUndefined();
  });

  it('drops the oldest entry when full, and everything on clear', () => {
    const cache = new ListingCountCache(1000, 2);
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.set('c', 3, 0);
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)]).toEqual([undefined, 2, 3]);
    cache.clear();
    expect(cache.get('b', 1)).toBeUndefined();
  });
});
