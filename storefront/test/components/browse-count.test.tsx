import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Component as BrowsePage } from '../../src/features/vehicles/routes/browse-page';
import { json, stubApi } from './chat-fixture';
import { CATALOGUE, cleanUpAfterEach, renderWithProviders } from './helpers';
import { ownSummary } from './vehicle-fixture';

cleanUpAfterEach();

const vehicles = Array.from({ length: 24 }, (_, i) => {
  const { rejectionReason: _r, savedCount: _s, inquiryCount: _i, ...summary } = ownSummary({ id: 100 + i, title: `2023 BYD Atto 3 Extended Range, Port Harcourt ${i}` });
  return summary;
});

function openBrowse(at: string, headers: Record<string, string>, more: Record<string, () => Response> = {}) {
  const calls = stubApi({
    'GET /api/catalogue': () => json(200, CATALOGUE),
    [`GET ${at}`]: () => json(200, vehicles, headers),
    ...more,
  });
  renderWithProviders(
    <MemoryRouter initialEntries={['/browse']}>
      <Routes>
        <Route path="/browse" element={<BrowsePage />} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

describe('/browse, the count of matches', () => {
  it('says "10,000+" when the server stopped counting, and still offers more', async () => {
    openBrowse('/api/vehicles?limit=24', { 'X-Total-Count': '10000', 'X-Total-Count-Capped': 'true', 'X-Next-Cursor': 'WyJkZWZhdWx0IiwyNF0' });
    expect(await screen.findByText('10,000+ vehicles found')).toBeTruthy();
    expect(screen.getByText('Showing 24 of 10,000+')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load more vehicles' })).toBeTruthy();
  });

  it('asks for the next page with the cursor the server gave, and offers no more once it gives none', async () => {
    const next = Array.from({ length: 7 }, (_, i) => ({ ...vehicles[0]!, id: 200 + i, title: `2024 Tesla Model Y Long Range, Abuja ${i}` }));
    const calls = openBrowse('/api/vehicles?limit=24', { 'X-Total-Count': '31', 'X-Next-Cursor': 'WyJkZWZhdWx0IiwyNF0' }, {
      'GET /api/vehicles?limit=24&cursor=WyJkZWZhdWx0IiwyNF0': () => json(200, next, { 'X-Total-Count': '31' }),
    });
    const more = await screen.findByRole('button', { name: 'Load more vehicles' });
    await userEvent.click(more);
    expect(await screen.findByText('2024 Tesla Model Y Long Range, Abuja 6')).toBeTruthy();
    expect(screen.getByText('Showing 31 of 31')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more vehicles' })).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('/api/vehicles')).map((c) => c.url)).toEqual([
      '/api/vehicles?limit=24', '/api/vehicles?limit=24&cursor=WyJkZWZhdWx0IiwyNF0',
    ]);
  });

  it('says which city and kind of vehicle the server read from the search text, and nothing when it read none', async () => {
    openBrowse('/api/vehicles?limit=24', { 'X-Total-Count': '24', 'X-Search-Location': 'Port Harcourt', 'X-Search-Vehicle-Type': 'bus' });
    expect(await screen.findByText('Filtered from your search: Electric Buses in Port Harcourt')).toBeTruthy();
    cleanup();
    openBrowse('/api/vehicles?limit=24', { 'X-Total-Count': '24', 'X-Search-Location': 'Benin City' });
    expect(await screen.findByText('Filtered from your search: Benin City')).toBeTruthy();
    cleanup();
    openBrowse('/api/vehicles?limit=24', { 'X-Total-Count': '24', 'X-Search-Vehicle-Type': 'motorcycle' });
    expect(await screen.findByText('Filtered from your search: Electric Motorcycles')).toBeTruthy();
    cleanup();
    openBrowse('/api/vehicles?limit=24', { 'X-Total-Count': '24' });
    expect(await screen.findByText('24 vehicles found')).toBeTruthy();
    expect(screen.queryByText(/Filtered from your search/)).toBeNull();
  });

  it('gives an exact count as it is', async () => {
    openBrowse('/api/vehicles?limit=24', { 'X-Total-Count': '2480' });
    expect(await screen.findByText('2,480 vehicles found')).toBeTruthy();
    expect(screen.queryByText(/\+ vehicles found/)).toBeNull();
  });

  it('says one vehicle, not "1 vehicles"', async () => {
    openBrowse('/api/vehicles?limit=24', { 'X-Total-Count': '1' });
    expect(await screen.findByText('1 vehicle found')).toBeTruthy();
  });
});
