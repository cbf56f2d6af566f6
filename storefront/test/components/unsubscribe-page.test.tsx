import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Component as UnsubscribePage } from '../../src/features/saved-searches/routes/unsubscribe-page';
import { json, stubApi } from './chat-fixture';
import { cleanUpAfterEach } from './helpers';
import { apiError } from './saved-search-fixture';

cleanUpAfterEach();

const TOKEN = 'eyJzIjoiNmIxZjBjMmUiLCJlIjoxNzk1MDAwMDAwfQ.c2lnbmF0dXJl';
const UNSUBSCRIBE = 'POST /api/saved-searches/unsubscribe';

/** The page an alert email's link opens, in StrictMode as the app runs it (effects run twice in development). */
function openLink(at: string, answer: (body: unknown) => Response | Promise<Response>) {
  const calls = stubApi({ [UNSUBSCRIBE]: answer });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // StrictMode around the root, as start.tsx has it: only there does React run effects twice.
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/unsubscribe" element={<UnsubscribePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
    { reactStrictMode: true },
  );
  return { calls, person: userEvent.setup() };
}

const manageLink = () => screen.getByRole('link', { name: /saved searches/ });

describe('/unsubscribe, an alert email’s link', () => {
  it('pauses the search once, says which, and leads to where it can be resumed', async () => {
    const { calls } = openLink(`/unsubscribe?token=${TOKEN}`, () => json(200, { name: 'Nissan Leaf in Kano under ₦8M', paused: true }));
    expect(await screen.findByText('Alerts paused for “Nissan Leaf in Kano under ₦8M”.')).toBeTruthy();
    expect(manageLink().getAttribute('href')).toBe('/profile?tab=saved-searches');
    expect(manageLink().textContent).toBe('Resume or manage your saved searches');
    expect(calls).toEqual([{ method: 'POST', url: '/api/saved-searches/unsubscribe', body: { token: TOKEN } }]);
  });

  it('keeps itself out of search engines and sends no referrer while shown', async () => {
    openLink(`/unsubscribe?token=${TOKEN}`, () => json(200, { name: 'Nissan Leaf in Kano under ₦8M', paused: true }));
    await screen.findByText(/Alerts paused/);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(document.head.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');
  });

  it('says an altered link is not valid', async () => {
    openLink(`/unsubscribe?token=${TOKEN}x`, () => json(400, apiError('INVALID_UNSUBSCRIBE_LINK', 'This unsubscribe link is not valid')));
    expect((await screen.findByRole('alert')).textContent).toContain('This link is not valid.');
    expect(manageLink().getAttribute('href')).toBe('/profile?tab=saved-searches');
  });

  it('says an old link has expired, and to sign in to manage the searches', async () => {
    openLink(`/unsubscribe?token=${TOKEN}`, () => json(400, apiError('UNSUBSCRIBE_LINK_EXPIRED', 'This unsubscribe link has expired')));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This link has expired.');
    expect(alert.textContent).toContain('Sign in to manage your saved searches');
  });

  it('says the saved search no longer exists when it was deleted', async () => {
    openLink(`/unsubscribe?token=${TOKEN}`, () => json(404, apiError('SAVED_SEARCH_NOT_FOUND', 'No such saved search')));
    expect((await screen.findByRole('alert')).textContent).toContain('This saved search no longer exists.');
  });

  it('offers to try again when the network fails, and asks once more only then', async () => {
    let online = false;
    const { calls, person } = openLink(`/unsubscribe?token=${TOKEN}`, () => {
      if (!online) throw new TypeError('Failed to fetch');
      return json(200, { name: 'Hyundai IONIQ 5 in Lagos', paused: true });
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not pause these alerts');
    expect(calls).toHaveLength(1);
    online = true;
    await person.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Alerts paused for “Hyundai IONIQ 5 in Lagos”.')).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it('asks nothing for a link without its token', async () => {
    const { calls } = openLink('/unsubscribe', () => json(200, { name: 'x', paused: true }));
    expect((await screen.findByRole('alert')).textContent).toContain('This link is not valid.');
    expect(calls).toHaveLength(0);
  });
});
