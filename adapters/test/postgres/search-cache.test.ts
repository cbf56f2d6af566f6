import { describe, expect, it } from 'vitest';
import { runningBoostsOf } from '../../src/postgres/search/running-boosts.js';
import { ROTATIONS_KEPT, SearchCache } from '../../src/postgres/search/search-cache.js';
import { SingleFlightMemo, TaskGate } from '../../src/postgres/search/single-flight.js';

/** A load the test finishes by hand, counting how often it was started. */
function manualLoad<T>() {
  const started: ((value: T) => void)[] = [];
  const failures: ((error: Error) => void)[] = [];
  const load = () => new Promise<T>((resolve, reject) => {
    started.push(resolve);
    failures.push(reject);
  });
  return { load, started, finish: (i: number, value: T) => started[i]!(value), fail: (i: number) => failures[i]!(new Error('database gone')) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a search value kept between requests', () => {
  it('is loaded once however many ask for it at the same moment', async () => {
    let now = 0;
    const memo = new SingleFlightMemo<number>(1000, 5000, 10, () => now);
    const { load, started, finish } = manualLoad<number>();
    const asks = Array.from({ length: 20 }, () => memo.get('lagos', load));
    expect(started).toHaveLength(1);
    finish(0, 950_000);
    expect(await Promise.all(asks)).toEqual(Array(20).fill(950_000));
    now = 999;
    expect(await memo.get('lagos', load)).toBe(950_000);
    expect(started).toHaveLength(1);
  });

  it('is served stale at once past its freshness while one refresh runs, then fresh', async () => {
    let now = 0;
    const memo = new SingleFlightMemo<number>(1000, 5000, 10, () => now);
    const { load, started, finish } = manualLoad<number>();
    const first = memo.get('k', load);
    finish(0, 1);
    await first;
    now = 1500;
    expect(await Promise.all([memo.get('k', load), memo.get('k', load), memo.get('k', load)])).toEqual([1, 1, 1]);
    expect(started).toHaveLength(2);
    finish(1, 2);
    await settle();
    expect(await memo.get('k', load)).toBe(2);
    expect(started).toHaveLength(2);
  });

  it('is waited for once too old to serve, and a failed refresh leaves the next reader to try again', async () => {
    let now = 0;
    const memo = new SingleFlightMemo<number>(1000, 5000, 10, () => now);
    const { load, started, finish, fail } = manualLoad<number>();
    const first = memo.get('k', load);
    finish(0, 1);
    await first;
    now = 1500;
    expect(await memo.get('k', load)).toBe(1);
    fail(1);
    await settle();
    expect(await memo.get('k', load)).toBe(1);
    expect(started).toHaveLength(3);
    now = 7000;
    const waited = memo.get('k', load);
    expect(started).toHaveLength(3); // the refresh still running serves the waiter too
    finish(2, 3);
    expect(await waited).toBe(3);
  });

  it('forgets everything on a write, and a load started before it does not store what it read', async () => {
    const memo = new SingleFlightMemo<number>(1000, 5000, 10, () => 0);
    const { load, started, finish } = manualLoad<number>();
    const before = memo.get('k', load);
    memo.clear();
    const after = memo.get('k', load);
    expect(started).toHaveLength(2);
    finish(1, 11);
    await after;
    finish(0, 10);
    expect([await before, await after]).toEqual([10, 11]);
    expect(await memo.get('k', load)).toBe(11);
  });

  it('drops the oldest entry when full', async () => {
    const memo = new SingleFlightMemo<number>(1000, 5000, 2, () => 0);
    let loads = 0;
    const load = async () => ++loads;
    await memo.get('a', load);
    await memo.get('b', load);
    await memo.get('c', load);
    expect(await memo.get('a', load)).toBe(4);
    expect(loads).toBe(4);
  });

  it('keeps a costly value fresh longer, in proportion to what its query took, up to the most', async () => {
    let now = 0;
    const memo = new SingleFlightMemo<string>({ ttlMs: 10_000, maxTtlMs: 60_000, costlyPerMs: 1_000 }, 120_000, 10, () => now);
    const loads: string[] = [];
    /** A load that takes `ms` on the memo's clock. */
    const taking = (ms: number, value: string) => async () => {
      loads.push(value);
      now += ms;
      return value;
    };
    await memo.get('cheap', taking(2, 'cheap'));
    await memo.get('costly', taking(30, 'costly'));
    await memo.get('slowest', taking(400, 'slowest'));
    const loaded = now;
    now = loaded + 10_001;
    // Past 10 s the cheap one is stale: served, and refreshed once.
    expect(await memo.get('cheap', taking(2, 'cheap again'))).toBe('cheap');
    expect(await memo.get('costly', taking(30, 'costly again'))).toBe('costly');
    expect(loads).toEqual(['cheap', 'costly', 'slowest', 'cheap again']);
    // A 30 ms query stays fresh 30 s; a 400 ms one only the most, a minute.
    now = loaded + 30_001;
    await memo.get('costly', taking(30, 'costly again'));
    await memo.get('slowest', taking(400, 'slowest again'));
    expect(loads).toEqual(['cheap', 'costly', 'slowest', 'cheap again', 'costly again']);
    now = loaded + 60_001;
    await memo.get('slowest', taking(400, 'slowest again'));
    expect(loads).toEqual(['cheap', 'costly', 'slowest', 'cheap again', 'costly again', 'slowest again']);
  });

  it('serves a stale value without refreshing it when told another load is replacing it, and tells whether a load runs', async () => {
    let now = 0;
    const memo = new SingleFlightMemo<string>(1000, 5000, 10, () => now);
    const { load, started, finish } = manualLoad<string>();
    const first = memo.get('list', load);
    expect(memo.loading('list')).toBe(true);
    finish(0, 'v1');
    await first;
    expect(memo.loading('list')).toBe(false);
    now = 1500;
    expect(await memo.get('list', load, false)).toBe('v1');
    expect(started).toHaveLength(1);
    expect(await memo.get('list', load)).toBe('v1');
    expect(started).toHaveLength(2);
    // Too old to serve, it is waited for either way.
    now = 10_000;
    const waited = memo.get('list', load, false);
    finish(1, 'v2');
    expect(await waited).toBe('v2');
  });

  it('keeps a value another query computed on the way, fresh as long as that query earned, unless a write came since it began', async () => {
    let now = 0;
    const memo = new SingleFlightMemo<string>({ ttlMs: 10_000, maxTtlMs: 60_000, costlyPerMs: 1_000 }, 120_000, 10, () => now);
    const loads: string[] = [];
    const load = (value: string) => async () => {
      loads.push(value);
      return value;
    };
    memo.put('listed', 'on the way', 20, memo.epoch);
    now = 19_000;
    expect(await memo.get('listed', load('loaded'))).toBe('on the way');
    expect(loads).toEqual([]);

    const epoch = memo.epoch;
    memo.clear();
    memo.put('read before the write', 'old', 20, epoch);
    expect(await memo.get('read before the write', load('after the write'))).toBe('after the write');
    expect(loads).toEqual(['after the write']);
  });

  it('keeps totals and running boosts apart, and clears both on a write', async () => {
    const cache = new SearchCache();
    await cache.totals.get('k', async () => 5);
    await cache.boosts.get('k', async () => runningBoostsOf([]));
    expect(await cache.totals.get('k', async () => 7)).toBe(5);
    cache.clear();
    expect(await cache.totals.get('k', async () => 6)).toBe(6);
    const boost = { id: 9, tier: 3, until: Date.parse('2026-12-01T00:00:00Z') };
    const kept = await cache.boosts.get('k', async () => runningBoostsOf([boost]));
    expect(kept.boosts).toEqual([boost]);
    expect(kept.firstEnd).toBe(boost.until);
  });

  it('keeps where each search\'s promoted slots stand through a write, and forgets the searches not seen lately', () => {
    const cache = new SearchCache();
    const lagos = cache.rotation('lagos');
    lagos.last.set(3, 42);
    cache.clear();
    expect(cache.rotation('lagos')).toBe(lagos);
    for (let i = 0; i < ROTATIONS_KEPT; i++) cache.rotation(`search ${i}`);
    expect(cache.rotation('lagos')).not.toBe(lagos);
  });
});

describe('the gate costly search statements pass through', () => {
  it('runs so many at once, starts the others in arrival order as places free, and frees a place when a task fails', async () => {
    const gate = new TaskGate(2);
    const { load, started, finish, fail } = manualLoad<string>();
    const runs = ['a', 'b', 'c', 'd'].map(() => gate.run(load));
    await settle();
    expect(started).toHaveLength(2);
    fail(1);
    await expect(runs[1]).rejects.toThrow('database gone');
    await settle();
    expect(started).toHaveLength(3);
    finish(0, 'a');
    finish(2, 'c');
    await settle();
    expect(started).toHaveLength(4);
    finish(3, 'd');
    expect(await Promise.all([runs[0], runs[2], runs[3]])).toEqual(['a', 'c', 'd']);
    // All places free again: two start at once.
    void gate.run(load);
    void gate.run(load);
    await settle();
    expect(started).toHaveLength(6);
  });

  it('holds every load of totals, boosts and match lists together to the limit, however many searches are new', async () => {
    const cache = new SearchCache(undefined, undefined, undefined, 3);
    const none = runningBoostsOf([]);
    const started: string[] = [];
    const finishers: (() => void)[] = [];
    const held = <T>(name: string, value: T) => () => new Promise<T>((resolve) => {
      started.push(name);
      finishers.push(() => resolve(value));
    });
    const asked = [
      cache.boosts.get('lagos', held('ranking lagos', none)),
      cache.matches.get('lagos', held('matches lagos', { ids: [7], keys: [1] })),
      cache.totals.get('lagos', held('total lagos', 1)),
      cache.totals.get('abuja', held('total abuja', 2)),
      cache.boosts.get('abuja', held('ranking abuja', none)),
    ];
    await settle();
    expect(started).toEqual(['ranking lagos', 'matches lagos', 'total lagos']);
    finishers[1]!();
    await settle();
    expect(started).toEqual(['ranking lagos', 'matches lagos', 'total lagos', 'total abuja']);
    for (const i of [0, 2, 3]) finishers[i]!();
    await settle();
    finishers[4]!();
    expect(await Promise.all(asked)).toEqual([
      none, { ids: [7], keys: [1] }, 1, 2, none,
    ]);
  });
});
