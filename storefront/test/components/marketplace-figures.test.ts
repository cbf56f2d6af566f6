import { describe, expect, it } from 'vitest';
import { figureLabel, roundedFigure } from '../../src/features/home/marketplace-figures';

describe('roundedFigure', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [8, '8'],
    [9, '9'],
    [10, '10'],
    [60, '60'],
    [63, '60+'],
    [99, '90+'],
    [100, '100'],
    [123, '120+'],
    [999, '990+'],
    [1_234, '1,200+'],
    [2_500, '2,500'],
    [2_000, '2,000'],
    [12_345, '12,000+'],
    [100_000, '100,000'],
    [100_001, '100,000+'],
  ])('shows %i as "%s": rounded down, never up, with a "+" when anything was dropped', (count, shown) => {
    expect(roundedFigure(count)).toBe(shown);
  });
});

describe('figureLabel', () => {
  it('is singular for exactly one and plural otherwise', () => {
    expect(figureLabel(1, 'City', 'Cities')).toBe('City');
    expect(figureLabel(0, 'City', 'Cities')).toBe('Cities');
    expect(figureLabel(2, 'City', 'Cities')).toBe('Cities');
    expect(figureLabel(63, 'Vehicle', 'Vehicles')).toBe('Vehicles');
  });
});
