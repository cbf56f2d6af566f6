import { describe, expect, it } from 'vitest';
import {
  analyticsBuckets, bucketStart, checkAnalyticsRange, compareWithSimilar, lastDays, oldestKeptDay, sumIntoBuckets,
} from '../src/index.js';

// 23:30 UTC on Saturday 5 December is already Sunday 6 December in Lagos (UTC+1).
const now = new Date('2026-12-05T23:30:00Z');

const fieldsOf = (fn: () => unknown): string[] => {
  try {
    fn();
  } catch (err) {
    return ((err as { details: { field: string }[] }).details).map((d) => d.field);
  }
  return [];
};

describe('the range staff read analytics over', () => {
  it('defaults to the last 30 Lagos days by day, today included', () => {
    expect(checkAnalyticsRange({}, now)).toEqual({ first: '2026-11-07', last: '2026-12-06', interval: 'day' });
    expect(checkAnalyticsRange({ to: '2026-11-30', interval: 'week' }, now)).toEqual({ first: '2026-11-01', last: '2026-11-30', interval: 'week' });
  });

  it('takes a year at most, nothing in the future and nothing older than the 400 days kept', () => {
    expect(checkAnalyticsRange({ from: '2025-12-06', to: '2026-12-06', interval: 'month' }, now)).toMatchObject({ first: '2025-12-06' });
    expect(fieldsOf(() => checkAnalyticsRange({ from: '2025-12-05', to: '2026-12-06' }, now))).toEqual(['from']);
    expect(fieldsOf(() => checkAnalyticsRange({ to: '2026-12-07' }, now))).toEqual(['to']);
    expect(oldestKeptDay(now)).toBe('2025-11-02');
    expect(checkAnalyticsRange({ from: '2025-11-02', to: '2025-11-02' }, now).first).toBe('2025-11-02');
    expect(fieldsOf(() => checkAnalyticsRange({ from: '2025-11-01', to: '2025-11-30' }, now))).toEqual(['from']);
  });

  it('names every field that is wrong: unreal dates, from after to, an unknown interval', () => {
    expect(fieldsOf(() => checkAnalyticsRange({ from: '2026-02-30', to: 'yesterday', interval: 'year' }, now)).sort()).toEqual(['from', 'interval', 'to']);
    expect(fieldsOf(() => checkAnalyticsRange({ from: '2026-12-02', to: '2026-12-01' }, now))).toEqual(['from']);
    expect(fieldsOf(() => checkAnalyticsRange({ from: 20261201 }, now))).toEqual(['from']);
  });
});

describe('buckets of Lagos days', () => {
  it('starts weeks on Monday and months on the 1st', () => {
    expect(bucketStart('2026-12-06', 'week')).toBe('2026-11-30'); // a Sunday
    expect(bucketStart('2026-11-30', 'week')).toBe('2026-11-30'); // a Monday
    expect(bucketStart('2027-01-02', 'week')).toBe('2026-12-28'); // across the new year
    expect(bucketStart('2026-12-06', 'month')).toBe('2026-12-01');
    expect(bucketStart('2026-12-06', 'day')).toBe('2026-12-06');
  });

  it('cuts the first and last bucket to the range asked', () => {
    expect(analyticsBuckets({ first: '2026-11-25', last: '2026-12-09', interval: 'week' })).toEqual([
      { first: '2026-11-25', last: '2026-11-29' },
      { first: '2026-11-30', last: '2026-12-06' },
      { first: '2026-12-07', last: '2026-12-09' },
    ]);
    expect(analyticsBuckets({ first: '2024-01-15', last: '2024-03-10', interval: 'month' })).toEqual([
      { first: '2024-01-15', last: '2024-01-31' },
      { first: '2024-02-01', last: '2024-02-29' },
      { first: '2024-03-01', last: '2024-03-10' },
    ]);
    expect(analyticsBuckets({ first: '2026-12-30', last: '2027-01-01', interval: 'day' })).toEqual([
      { first: '2026-12-30', last: '2026-12-30' }, { first: '2026-12-31', last: '2026-12-31' }, { first: '2027-01-01', last: '2027-01-01' },
    ]);
  });

  it('adds days into their bucket, every bucket present', () => {
    const buckets = analyticsBuckets({ first: '2026-11-28', last: '2026-12-08', interval: 'week' });
    // Out of order, and one day after the range: left out.
    const days = [{ day: '2026-11-28', views: 2 }, { day: '2026-11-29', views: 3 }, { day: '2026-12-06', views: 5 }, { day: '2026-12-01', views: 1 }, { day: '2026-12-09', views: 9 }];
    expect(sumIntoBuckets(buckets, days, ['views'])).toEqual([{ views: 5 }, { views: 6 }, { views: 0 }]);
  });

  it('reads "today" as the Lagos day', () => {
    expect(lastDays(now, 30)).toEqual({ first: '2026-11-07', last: '2026-12-06' });
    expect(lastDays(new Date('2026-12-05T22:59:59Z'), 1)).toEqual({ first: '2026-12-05', last: '2026-12-05' });
  });
});

describe('compared with similar listings', () => {
  const draws = (views: number[], inquiries: number[]) => views.map((v, i) => ({ views: v, inquiries: inquiries[i] ?? 0 }));

  it('is the median views and inquiries of the similar listings, with how many there were', () => {
    expect(compareWithSimilar(draws([40, 0, 12, 300, 9], [1, 0, 2, 7, 0]))).toEqual({ sampleSize: 5, medianViews: 12, medianInquiries: 1 });
    expect(compareWithSimilar(draws([1, 2, 3, 4, 5, 6], [0, 0, 1, 2, 0, 0]))).toEqual({ sampleSize: 6, medianViews: 3.5, medianInquiries: 0 });
  });

  it('says nothing below five similar listings', () => {
    expect(compareWithSimilar(draws([10, 20, 30, 40], [1, 1, 1, 1]))).toBeNull();
    expect(compareWithSimilar([])).toBeNull();
  });
});
