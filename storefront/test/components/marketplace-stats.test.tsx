import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MarketplaceStatsStrip } from '../../src/features/home/components/marketplace-stats';
import { cleanUpAfterEach, renderWithProviders } from './helpers';

cleanUpAfterEach();

/** `/api/stats` answers with the given response (or never, when none is given). */
function stubStats(answer?: () => Response) {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url !== '/api/stats') throw new Error(`Unexpected request in test: ${url}`);
    return answer ? answer() : new Promise<Response>(() => undefined);
  }));
}
const json = (body: unknown, status = 200) => () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const figures = () =>
  screen.getAllByRole('listitem').map((item) => [item.querySelector('.stats__value')?.textContent, item.querySelector('.stats__label')?.textContent]);

describe('MarketplaceStatsStrip', () => {
  it('keeps the strip in place with the labels and no figures while loading', () => {
    stubStats();
    renderWithProviders(<MarketplaceStatsStrip />);
    const strip = screen.getByRole('region', { name: 'Voltmarket in numbers' });
    expect(strip.getAttribute('aria-busy')).toBe('true');
    expect(figures()).toEqual([['', 'Vehicles'], ['', 'Sellers'], ['', 'Cities']]);
    expect(strip.textContent).not.toMatch(/\d/);
  });

  it('shows the live figures rounded down, with singular and plural labels', async () => {
    stubStats(json({ activeListings: 63, sellers: 1, cities: 8 }));
    renderWithProviders(<MarketplaceStatsStrip />);
    await waitFor(() => expect(figures()).toEqual([['60+', 'Vehicles'], ['1', 'Seller'], ['8', 'Cities']]));
    expect(screen.getByRole('region', { name: 'Voltmarket in numbers' }).getAttribute('aria-busy')).toBe('false');
  });

  it('says "1 City" and "1,200+ Vehicles"', async () => {
    stubStats(json({ activeListings: 1_234, sellers: 60, cities: 1 }));
    renderWithProviders(<MarketplaceStatsStrip />);
    await waitFor(() => expect(figures()).toEqual([['1,200+', 'Vehicles'], ['60', 'Sellers'], ['1', 'City']]));
  });

  it('shows no sales figure: the marketplace does not record sales yet', async () => {
    stubStats(json({ activeListings: 2_500, sellers: 850, cities: 12 }));
    renderWithProviders(<MarketplaceStatsStrip />);
    const strip = await screen.findByRole('region', { name: 'Voltmarket in numbers' });
    await waitFor(() => expect(within(strip).getByText('2,500')).toBeTruthy());
    expect(strip.textContent).not.toMatch(/sale/i);
  });

  it('shows nothing when the figures cannot be loaded, rather than made-up ones', async () => {
    const failing = vi.fn(json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500));
    stubStats(failing);
    const { container } = renderWithProviders(<MarketplaceStatsStrip />);
    await waitFor(() => expect(failing).toHaveBeenCalled());
    await waitFor(() => expect(container.querySelector('.stats')).toBeNull());
  });

  it('shows nothing while the marketplace has no live listing', async () => {
    stubStats(json({ activeListings: 0, sellers: 0, cities: 0 }));
    const { container } = renderWithProviders(<MarketplaceStatsStrip />);
    await waitFor(() => expect(container.querySelector('.stats')).toBeNull());
  });
});
