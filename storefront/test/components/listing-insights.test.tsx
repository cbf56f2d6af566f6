import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { boostBands, scaleTop } from '../../src/features/insights/insights-rules';
import { Component as InsightsPage } from '../../src/features/insights/routes/listing-insights-page';
import type { ListingInsights, ListingInsightsDay } from '../../src/lib/api-types';
import { json, stubApi } from './chat-fixture';
import { cleanUpAfterEach, renderWithProviders } from './helpers';

vi.mock('../../src/features/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/auth/session')>()),
  useSession: () => ({ status: 'signedIn', user: { uid: 'seller-1' }, revision: 0 }),
}));

cleanUpAfterEach();

const day = (n: number, figures: Partial<ListingInsightsDay> = {}): ListingInsightsDay => ({
  day: new Date(Date.UTC(2026, 10, 8 + n)).toISOString().slice(0, 10),
  views: 0, searchImpressions: 0, promotedImpressions: 0, inquiries: 0, chats: 0, saves: 0, rentalRequests: 0, ...figures,
});

const BASIC = { packageType: 'basic' as const, packageName: 'Basic Boost', tier: 1, status: 'active' as const, startsAt: '2026-11-29T09:15:00Z', endsAt: '2026-12-06T09:15:00Z' };

const insights = (changes: Partial<ListingInsights> = {}): ListingInsights => {
  const days = Array.from({ length: 30 }, (_, i) => day(i, i === 25 ? { views: 12, searchImpressions: 40, promotedImpressions: 90, inquiries: 2, chats: 1, saves: 3 } : i === 10 ? { views: 3, searchImpressions: 20 } : {}));
  return {
    listingId: 7, title: '2022 Hyundai IONIQ 5', from: '2026-11-08', to: '2026-12-07', days,
    totals: { views: 15, searchImpressions: 60, promotedImpressions: 90, inquiries: 2, chats: 1, saves: 3, rentalRequests: 0 },
    boosts: [BASIC], similar: { brand: 'Hyundai', model: 'IONIQ 5', sampleSize: 14, medianViews: 6.5, medianInquiries: 1 },
    ...changes,
  };
};

function open(answer: () => Response) {
  stubApi({
    'GET /api/vehicles/7/insights': answer,
    'GET /api/vehicles/7/contact-reveals': () => json(200, { total: 2, items: [{ name: 'Funmilayo Adebayo-Okonkwo', at: '2026-11-27T09:00:00Z' }, { name: 'Tunde A.', at: '2026-11-26T15:00:00Z' }] }),
  });
  renderWithProviders(
    <MemoryRouter initialEntries={['/profile/listings/7/insights']}>
      <Routes><Route path="/profile/listings/:id/insights" element={<InsightsPage />} /></Routes>
    </MemoryRouter>,
  );
}

describe('Profile → Listings → Insights', () => {
  it('lists who was shown the phone number, newest first', async () => {
    open(() => json(200, insights()));
    const section = await screen.findByRole('region', { name: 'Who was shown your phone number' });
    await within(section).findByText('Funmilayo Adebayo-Okonkwo');
    expect(section.textContent).toMatch(/2 people asked for your phone and email/);
  });

  it('shows the totals, the comparison with similar listings and the boost, with a chart per figure on one timeline', async () => {
    open(() => json(200, insights()));
    expect(await screen.findByRole('heading', { name: 'Insights' })).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'In 30 days' });
    expect(within(totals).getByText('Views').nextElementSibling?.textContent).toMatch(/^15/);
    expect(screen.getByRole('region', { name: 'Compared with similar listings' }).textContent).toContain(
      'Other live Hyundai IONIQ 5 listings (14) had a median of 6.5 views and 1 inquiry over the same days. Yours: 15 views and 2 inquiries.',
    );
    expect(screen.getByRole('region', { name: 'Boosts' }).textContent).toContain('Basic Boost 29 Nov 2026 to 6 Dec 2026 (running)');
    const charts = screen.getAllByRole('img');
    expect(charts.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Views: 15 views in 30 days, most on 3 Dec (12). Boosts ran on 29 Nov to 6 Dec.',
      'Shown in search and promoted spots: 150 times shown in 30 days, most on 3 Dec (130). Boosts ran on 29 Nov to 6 Dec.',
      'Inquiries: 2 inquiries in 30 days, most on 3 Dec (2). Boosts ran on 29 Nov to 6 Dec.',
      'Chats started: 1 chat in 30 days, most on 3 Dec (1). Boosts ran on 29 Nov to 6 Dec.',
    ]);
    // The boost is drawn behind every chart.
    expect(document.querySelectorAll('rect.insights-band')).toHaveLength(4);
  });

  it('has every figure in a table a keyboard opens', async () => {
    open(() => json(200, insights()));
    const summary = await screen.findByText('Figures for each day (table)');
    const user = userEvent.setup();
    summary.focus();
    await user.keyboard('{Enter}');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[26]!.textContent).toBe('3 Dec1240902130Basic Boost');
    expect(rows[1]!.textContent).toBe('8 Nov0000000—');
  });

  it('says nothing of similar listings when too few compare, and so when nothing happened yet', async () => {
    const quiet = insights({ similar: null, boosts: [], days: Array.from({ length: 30 }, (_, i) => day(i)) });
    quiet.totals = { views: 0, searchImpressions: 0, promotedImpressions: 0, inquiries: 0, chats: 0, saves: 0, rentalRequests: 0 };
    open(() => json(200, quiet));
    expect(await screen.findByText('Nothing yet in these 30 days')).toBeTruthy();
    expect(screen.queryByText('Compared with similar listings')).toBeNull();
    expect(screen.getByText(/No boost ran in these 30 days/)).toBeTruthy();
  });

  it('says when the listing is not there', async () => {
    open(() => json(404, { error: { code: 'LISTING_NOT_FOUND', message: 'Listing 7 was not found.', details: [] } }));
    expect(await screen.findByText('This listing was not found')).toBeTruthy();
  });

  it('shows a failure with a way to try again', async () => {
    open(() => json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Please try again in a moment.', details: [] } }));
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the insights');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('boost bands', () => {
  it('cover the Lagos days a boost ran, cut to the period', () => {
    // 23:30 UTC on 28 Nov is already the 29th in Lagos; an end at Lagos midnight ran until the day before.
    const bands = boostBands([
      { ...BASIC, startsAt: '2026-11-28T23:30:00Z', endsAt: '2026-12-05T23:00:00Z' },
      { ...BASIC, startsAt: '2026-10-01T10:00:00Z', endsAt: '2026-11-09T10:00:00Z' },
      { ...BASIC, startsAt: '2026-10-01T10:00:00Z', endsAt: '2026-10-08T10:00:00Z' },
    ], '2026-11-08', 30);
    expect(bands.map((b) => [b.first, b.last])).toEqual([[21, 27], [0, 1]]);
  });

  it('scale to a round top', () => {
    expect([0, 3, 7, 12, 130, 999].map(scaleTop)).toEqual([1, 3, 10, 20, 200, 1000]);
  });
});
