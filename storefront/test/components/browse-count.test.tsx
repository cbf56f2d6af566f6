import { screen } from '@testing-library/react';
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

function openBrowse(at: string, headers: Record<string, string>) {
  const calls = stubApi({
    'GET /api/catalogue': () => json(200, CATALOGUE),
    [`GET ${at}`]: () => json(200, vehicles, headers),
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
    openBrowse('/api/vehicles?limit=24', { 'X-Total-Count': '10000', 'X-Total-Count-Capped': 'true' });
    expect(await screen.findByText('10,000+ vehicles found')).toBeTruthy();
    expect(screen.getByText('Showing 24 of 10,000+')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load more vehicles' })).toBeTruthy();
  });

  it('gives an exact count as it is', async () => {
    openBrowse('/api/vehicles?limit=24', { 'X-Total-Count': '2480' });
    expect(await screen.findByText('2,480 vehicles found')).toBeTruthy();
    expect(screen.queryByText(/\+ vehicles found/)).toBeNull();
  });
});
