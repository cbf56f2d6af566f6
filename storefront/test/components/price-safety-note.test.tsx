import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { PriceSafetyNote, isFarBelowMarket } from '../../src/features/vehicles/components/price-safety-note';

afterEach(cleanup);
const M = 1_000_000;

describe('the safety note on a price far below the market', () => {
  it('warns a buyer when the asking price is under half the market median, and links to the safety page', () => {
    render(<MemoryRouter><PriceSafetyNote price={15 * M} median={38 * M} /></MemoryRouter>);
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('This price is far below what similar cars sell for. Never pay a deposit before you have seen the car and its papers.');
    expect(screen.getByRole('link', { name: 'How to buy safely' }).getAttribute('href')).toBe('/safety');
  });

  it('says nothing at half the median or above, or when there is no market price', () => {
    expect(isFarBelowMarket(19 * M, 38 * M)).toBe(false);
    expect(isFarBelowMarket(18_999_999, 38 * M)).toBe(true);
    render(<MemoryRouter><PriceSafetyNote price={19 * M} median={38 * M} /><PriceSafetyNote price={1} median={undefined} /></MemoryRouter>);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
