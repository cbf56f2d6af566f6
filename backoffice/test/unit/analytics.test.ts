import { describe, expect, it } from 'vitest';
import { bucketLabel, csvFileName, lagosDay, presetRange, rangeErrors, shortBucket } from '../../src/analytics/analytics-range';

const today = '2026-12-06';

describe('the Analytics range', () => {
  it('offers the last 30 days by day, 13 weeks by week and 12 months by month, ending today in Lagos', () => {
    expect(lagosDay(new Date('2026-12-05T23:30:00Z'))).toBe(today);
    expect(presetRange('30d', today)).toEqual({ from: '2026-11-07', to: today, interval: 'day' });
    expect(presetRange('13w', today)).toEqual({ from: '2026-09-07', to: today, interval: 'week' });
    expect(presetRange('12m', today)).toEqual({ from: '2025-12-07', to: today, interval: 'month' });
  });

  it('names what is wrong with a range as the server would refuse it', () => {
    expect(rangeErrors({ from: '2026-11-01', to: today, interval: 'day' }, today)).toEqual({});
    expect(rangeErrors({ from: '', to: '2026-12-07', interval: 'day' }, today)).toEqual({ from: 'Choose a start date', to: 'The end cannot be after today' });
    expect(rangeErrors({ from: '2026-12-02', to: '2026-12-01', interval: 'day' }, today)).toEqual({ from: 'The start must be on or before the end' });
    expect(rangeErrors({ from: '2025-12-05', to: today, interval: 'month' }, today)).toEqual({ from: 'A range covers at most 366 days' });
    expect(rangeErrors({ from: '2025-11-01', to: '2025-12-01', interval: 'month' }, today)).toEqual({ from: 'Figures are kept for 400 days: start on 2025-11-02 or later' });
    expect(rangeErrors({ from: '2026-02-30', to: today, interval: 'day' }, today)).toEqual({ from: 'Choose a start date' });
  });
});

describe('periods in words', () => {
  it('says a day, a week cut to the range, and a whole month', () => {
    expect(bucketLabel({ from: '2026-12-06', to: '2026-12-06' }, 'day')).toBe('6 Dec 2026');
    expect(bucketLabel({ from: '2026-11-30', to: '2026-12-06' }, 'week')).toBe('30 Nov – 6 Dec 2026');
    expect(bucketLabel({ from: '2026-11-01', to: '2026-11-30' }, 'month')).toBe('Nov 2026');
    expect(bucketLabel({ from: '2026-12-01', to: '2026-12-06' }, 'month')).toBe('1 Dec – 6 Dec 2026');
    expect(shortBucket({ from: '2026-11-01' }, 'month')).toBe('Nov 2026');
    expect(csvFileName({ from: '2026-11-07', to: today, interval: 'week' })).toBe('voltmarket-analytics-2026-11-07-to-2026-12-06-by-week.csv');
  });
});
