import { describe, expect, it } from 'vitest';
import { formatNaira } from '../../src/lib/format';
import { safeRedirect } from '../../src/lib/safe-redirect';

describe('formatNaira', () => {
  it('shows naira with thousands separators', () => {
    expect(formatNaira(12000)).toBe('₦12,000');
    expect(formatNaira(1_234_567)).toBe('₦1,234,567');
    expect(formatNaira(0)).toBe('₦0');
  });

  it('never shows decimals, rounding to the nearest naira', () => {
    expect(formatNaira(12000.4)).toBe('₦12,000');
    expect(formatNaira(12000.5)).toBe('₦12,001');
    expect(formatNaira(999.99)).toBe('₦1,000');
  });
});

describe('safeRedirect', () => {
  it('keeps a same-site path', () => {
    expect(safeRedirect('/vehicles/3')).toBe('/vehicles/3');
    expect(safeRedirect('/browse?brand=Tesla')).toBe('/browse?brand=Tesla');
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil', 'evil.com', 'javascript:alert(1)'])('refuses %j and falls back to the home page', (target) => {
    expect(safeRedirect(target)).toBe('/');
  });

  it('falls back when there is no target', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
    expect(safeRedirect('')).toBe('/');
  });

  it('uses the fallback it is given', () => {
    expect(safeRedirect('//evil.com', '/profile')).toBe('/profile');
  });
});
