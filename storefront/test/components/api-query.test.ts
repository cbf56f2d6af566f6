import { describe, expect, it } from 'vitest';
import { toQuery } from '../../src/lib/api-client';

describe('toQuery', () => {
  it('writes spaces as %20, which every server reads as a space', () => {
    expect(toQuery({ location: 'Port Harcourt', brand: 'Electric Bikes NG', search: 'Model Y' })).toBe('?location=Port%20Harcourt&brand=Electric%20Bikes%20NG&search=Model%20Y');
  });

  it('keeps a real plus sign and other reserved characters encoded', () => {
    expect(toQuery({ search: 'EV6 GT-Line + wallbox & SR/F' })).toBe('?search=EV6%20GT-Line%20%2B%20wallbox%20%26%20SR%2FF');
  });

  it('leaves out empty values', () => {
    expect(toQuery({ a: undefined, b: null, c: '', d: 0 })).toBe('?d=0');
    expect(toQuery({})).toBe('');
  });
});
