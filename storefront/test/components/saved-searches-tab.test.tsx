import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { describeCriteria } from '../../src/features/saved-searches/criteria';
import { Component as ProfilePage } from '../../src/features/profile/routes/profile-page';
import type { SavedSearch, SavedSearchList } from '../../src/lib/api-types';
import { json, stubApi } from './chat-fixture';
import { cleanUpAfterEach, renderWithProviders } from './helpers';
import { apiError, buyer, BUYER_ID, IONIQ_ID, ioniqSearch, LEAF_ID, savedSearch, savedSearchList } from './saved-search-fixture';

vi.mock('../../src/features/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/auth/session')>()),
  useSession: () => ({ status: 'signedIn', user: { uid: BUYER_ID, displayName: null }, revision: 0 }),
}));

// The identity provider's side of verifying an email; the screens' part is what is tested here.
const verification = vi.hoisted(() => ({ verified: false, sent: [] as string[] }));
vi.mock('../../src/features/auth/actions', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/auth/actions')>()),
  sendVerificationLink: async (returnPath: string) => {
    verification.sent.push(returnPath);
  },
  checkEmailVerified: async () => verification.verified,
}));

cleanUpAfterEach();

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

type Routes = Parameters<typeof stubApi>[0];

/** Profile → Saved searches; the list the server answers with is `state.list`, which routes may change. */
function openTab(list: SavedSearchList | (() => Response | Promise<Response>), routes: Routes = {}, at = '/profile?tab=saved-searches') {
  const state = { list: typeof list === 'function' ? null : list };
  const calls = stubApi({
    'POST /api/auth/sync': () => json(200, buyer()),
    'GET /api/vehicles/my-listings': () => json(200, []),
    'GET /api/messages/conversations': () => json(200, []),
    'GET /api/wishlist': () => json(200, []),
    'GET /api/saved-searches': () => (typeof list === 'function' ? list() : json(200, state.list)),
    ...routes,
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/browse" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return { calls, state, person: userEvent.setup() };
}

const rowOf = async (name: string) => (await screen.findByRole('heading', { name })).closest('li') as HTMLElement;
const changes = (calls: ReturnType<typeof stubApi>) => calls.filter((c) => c.method !== 'GET' && c.url.startsWith('/api/saved-searches')).map((c) => [c.method, c.url, c.body]);
const withChange = (list: SavedSearchList, id: string, change: Partial<SavedSearch>): SavedSearchList => ({ ...list, items: list.items.map((s) => (s.id === id ? { ...s, ...change } : s)) });

describe('Profile → Saved searches', () => {
  it('is a tab of its own, reached at /profile?tab=saved-searches', async () => {
    openTab(savedSearchList([savedSearch()]));
    expect((await screen.findByRole('tab', { name: 'Saved searches' })).getAttribute('aria-selected')).toBe('true');
  });

  it('lists each search with its name, what it searches, its new matches, how it tells and whether it is paused, and the count against the limit', async () => {
    openTab(savedSearchList([savedSearch(), ioniqSearch()]));
    const leaf = await rowOf('Nissan Leaf in Kano under ₦8M');
    expect(within(leaf).getByText('Nissan Leaf · 2018–2021 · Kano · up to ₦8,000,000')).toBeTruthy();
    expect(within(leaf).getByText(/^3 new/).textContent).toBe('3 new matches');
    expect((within(leaf).getByRole('combobox', { name: /How to tell me/ }) as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Instantly (app and email)');
    expect(within(leaf).queryByText('Paused')).toBeNull();
    expect(within(leaf).getByRole('button', { name: 'Pause alerts for “Nissan Leaf in Kano under ₦8M”' })).toBeTruthy();

    const ioniq = await rowOf('Hyundai IONIQ 5 in Lagos');
    expect(within(ioniq).getByText('Electric Cars · Hyundai · Lagos · “long range” · Price Lowest to Highest')).toBeTruthy();
    expect(within(ioniq).queryByText(/new/)).toBeNull();
    expect(within(ioniq).getByText('Paused')).toBeTruthy();
    expect((within(ioniq).getByRole('combobox', { name: /How to tell me/ }) as HTMLSelectElement).value).toBe('weekly');
    expect(within(ioniq).getByRole('button', { name: 'Resume alerts for “Hyundai IONIQ 5 in Lagos”' })).toBeTruthy();

    expect(screen.getByText('2 of 50 saved')).toBeTruthy();
    expect(screen.queryByText(/Alerts come in the app only/)).toBeNull();
  });

  it('opens a search on Browse and marks it seen, so its new matches count from now', async () => {
    const { calls, person } = openTab(savedSearchList([savedSearch()]), { [`POST /api/saved-searches/${LEAF_ID}/seen`]: () => json(200, savedSearch({ newMatches: 0 })) });
    const leaf = await rowOf('Nissan Leaf in Kano under ₦8M');
    await person.click(within(leaf).getByRole('link', { name: 'Open “Nissan Leaf in Kano under ₦8M”' }));
    expect(screen.getByTestId('where').textContent).toBe(savedSearch().browseUrl);
    await waitFor(() => expect(changes(calls)).toEqual([['POST', `/api/saved-searches/${LEAF_ID}/seen`, undefined]]));
  });

  it('renames a search in place, and gives the focus back to Rename', async () => {
    const { calls, state, person } = openTab(savedSearchList([savedSearch()]), {
      [`PATCH /api/saved-searches/${LEAF_ID}`]: (body) => {
        state.list = withChange(state.list!, LEAF_ID, body as Partial<SavedSearch>);
        return json(200, state.list.items[0]);
      },
    });
    const leaf = await rowOf('Nissan Leaf in Kano under ₦8M');
    await person.click(within(leaf).getByRole('button', { name: 'Rename “Nissan Leaf in Kano under ₦8M”' }));
    const field = within(leaf).getByLabelText('New name for “Nissan Leaf in Kano under ₦8M”');
    expect(document.activeElement).toBe(field);
    await person.clear(field);
    await person.type(field, 'Leaf for Mama in Kano{Enter}');
    const renamed = await rowOf('Leaf for Mama in Kano');
    expect(changes(calls)).toEqual([['PATCH', `/api/saved-searches/${LEAF_ID}`, { name: 'Leaf for Mama in Kano' }]]);
    await waitFor(() => expect(document.activeElement).toBe(within(renamed).getByRole('button', { name: 'Rename “Leaf for Mama in Kano”' })));
  });

  it('leaves the name as it was on Escape, and will not save an empty one', async () => {
    const { calls, person } = openTab(savedSearchList([savedSearch()]));
    const leaf = await rowOf('Nissan Leaf in Kano under ₦8M');
    await person.click(within(leaf).getByRole('button', { name: /^Rename/ }));
    const field = within(leaf).getByLabelText(/New name for/);
    await person.clear(field);
    await person.click(within(leaf).getByRole('button', { name: 'Save name' }));
    expect(within(leaf).getByText('Give this search a name')).toBeTruthy();
    await person.keyboard('{Escape}');
    expect(await rowOf('Nissan Leaf in Kano under ₦8M')).toBeTruthy();
    expect(changes(calls)).toEqual([]);
  });

  it('pauses a search at once and says so', async () => {
    const { calls, state, person } = openTab(savedSearchList([savedSearch()]), {
      [`PATCH /api/saved-searches/${LEAF_ID}`]: (body) => {
        state.list = withChange(state.list!, LEAF_ID, body as Partial<SavedSearch>);
        return json(200, state.list.items[0]);
      },
    });
    const leaf = await rowOf('Nissan Leaf in Kano under ₦8M');
    await person.click(within(leaf).getByRole('button', { name: /^Pause alerts/ }));
    expect(within(leaf).getByText('Paused')).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toContain('Alerts paused for “Nissan Leaf in Kano under ₦8M”');
    expect(within(leaf).getByRole('button', { name: /^Resume alerts/ })).toBeTruthy();
    expect(changes(calls)).toEqual([['PATCH', `/api/saved-searches/${LEAF_ID}`, { paused: true }]]);
  });

  it('puts a refused pause back, with the server’s reason', async () => {
    const { person } = openTab(savedSearchList([savedSearch()]), {
      [`PATCH /api/saved-searches/${LEAF_ID}`]: () => json(429, apiError('RATE_LIMITED', 'Too many changes, try again in a minute')),
    });
    const leaf = await rowOf('Nissan Leaf in Kano under ₦8M');
    await person.click(within(leaf).getByRole('button', { name: /^Pause alerts/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many changes, try again in a minute');
    await waitFor(() => expect(within(leaf).queryByText('Paused')).toBeNull());
    expect(within(leaf).getByRole('button', { name: /^Pause alerts/ })).toBeTruthy();
  });

  it('resumes a paused search', async () => {
    const { calls, state, person } = openTab(savedSearchList([ioniqSearch()]), {
      [`PATCH /api/saved-searches/${IONIQ_ID}`]: (body) => {
        state.list = withChange(state.list!, IONIQ_ID, body as Partial<SavedSearch>);
        return json(200, state.list.items[0]);
      },
    });
    const ioniq = await rowOf('Hyundai IONIQ 5 in Lagos');
    await person.click(within(ioniq).getByRole('button', { name: /^Resume alerts/ }));
    await waitFor(() => expect(within(ioniq).queryByText('Paused')).toBeNull());
    expect(changes(calls)).toEqual([['PATCH', `/api/saved-searches/${IONIQ_ID}`, { paused: false }]]);
  });

  it('changes how a search tells the buyer', async () => {
    const { calls, state, person } = openTab(savedSearchList([savedSearch()]), {
      [`PATCH /api/saved-searches/${LEAF_ID}`]: (body) => {
        state.list = withChange(state.list!, LEAF_ID, body as Partial<SavedSearch>);
        return json(200, state.list.items[0]);
      },
    });
    const leaf = await rowOf('Nissan Leaf in Kano under ₦8M');
    const select = within(leaf).getByRole('combobox', { name: /How to tell me/ }) as HTMLSelectElement;
    await person.selectOptions(select, 'Weekly email digest');
    expect(select.value).toBe('weekly');
    expect((await screen.findByRole('status')).textContent).toContain('Weekly email digest');
    expect(changes(calls)).toEqual([['PATCH', `/api/saved-searches/${LEAF_ID}`, { channel: 'weekly' }]]);
  });

  it('asks before deleting; Keep it changes nothing and Yes, delete removes the search', async () => {
    const { calls, state, person } = openTab(savedSearchList([savedSearch(), ioniqSearch()]), {
      [`DELETE /api/saved-searches/${LEAF_ID}`]: () => {
        state.list = { ...state.list!, items: state.list!.items.filter((s) => s.id !== LEAF_ID) };
        return new Response(null, { status: 204 });
      },
    });
    const leaf = await rowOf('Nissan Leaf in Kano under ₦8M');
    const remove = within(leaf).getByRole('button', { name: 'Delete “Nissan Leaf in Kano under ₦8M”' });
    await person.click(remove);
    const question = within(leaf).getByRole('group', { name: 'Delete “Nissan Leaf in Kano under ₦8M”?' });
    await waitFor(() => expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep it' })));
    await person.click(within(question).getByRole('button', { name: 'Keep it' }));
    expect(within(leaf).queryByRole('group')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(remove));
    expect(changes(calls)).toEqual([]);

    await person.click(remove);
    await person.click(within(leaf).getByRole('button', { name: 'Yes, delete' }));
    expect((await screen.findByRole('status')).textContent).toContain('Deleted “Nissan Leaf in Kano under ₦8M”');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Nissan Leaf in Kano under ₦8M' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Hyundai IONIQ 5 in Lagos' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('1 of 50 saved')).toBeTruthy());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Saved searches' }));
    expect(changes(calls)).toEqual([['DELETE', `/api/saved-searches/${LEAF_ID}`, undefined]]);
  });

  it('says alerts come in the app only while the email is not verified, and marks the email ways of telling', async () => {
    openTab(savedSearchList([savedSearch({ channel: 'daily' })], { address: 'chukwuemeka@example.test', verified: false }));
    const leaf = await rowOf('Nissan Leaf in Kano under ₦8M');
    const note = screen.getByText(/Alerts come in the app only for now/).closest('.notice') as HTMLElement;
    expect(note.textContent).toContain('Your email, chukwuemeka@example.test, is not verified yet');
    expect(note.textContent).toContain('the daily or weekly digests are on hold: nothing is emailed');
    const select = within(leaf).getByRole('combobox', { name: /How to tell me/ }) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
      'Instantly (app; email on hold)', 'Daily email (on hold)', 'Weekly email (on hold)', 'Only in the app',
    ]);
    expect(select.value).toBe('daily');
  });

  it('sends a link that verifies the email, and drops the note once the buyer comes back with it opened', async () => {
    verification.verified = false;
    verification.sent = [];
    const unverified = savedSearchList([savedSearch({ channel: 'daily' })], { address: 'chukwuemeka@example.test', verified: false });
    const { calls, state } = openTab(unverified);
    await rowOf('Nissan Leaf in Kano under ₦8M');
    await userEvent.click(screen.getByRole('button', { name: 'Verify my email' }));
    expect(await screen.findByText(/We sent a link to/)).toBeTruthy();
    expect(verification.sent).toEqual(['/profile?tab=saved-searches']);

    // The link is opened elsewhere; back on the page, the server hears of it and the list says email reaches the buyer.
    verification.verified = true;
    state.list = savedSearchList([savedSearch({ channel: 'daily' })], { address: 'chukwuemeka@example.test', verified: true });
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(screen.queryByText(/Alerts come in the app only for now/)).toBeNull());
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/auth/sync').length).toBeGreaterThanOrEqual(2);
    verification.verified = false;
  });

  it('says why when the account has no email address at all', async () => {
    openTab(savedSearchList([savedSearch()], { address: null, verified: false }));
    await rowOf('Nissan Leaf in Kano under ₦8M');
    expect((screen.getByText(/Alerts come in the app only for now/).closest('.notice') as HTMLElement).textContent).toContain('Your account has no email address');
  });

  it('shows where to start when nothing is saved yet', async () => {
    openTab(savedSearchList([]));
    expect(await screen.findByText('No saved searches yet.')).toBeTruthy();
    expect(screen.getByText(/On Browse, choose your filters and tap Save Search/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Browse' }).getAttribute('href')).toBe('/browse');
    expect(screen.getByText('0 of 50 saved')).toBeTruthy();
  });

  it('shows a skeleton while loading, then the error with a way to try again', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let fail = true;
    const { person } = openTab(async () => {
      await answered;
      return fail ? json(500, apiError('INTERNAL', 'Something went wrong on our side')) : json(200, savedSearchList([savedSearch()]));
    });
    expect(await screen.findByText('Loading your saved searches...')).toBeTruthy();
    answer();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your saved searches');
    expect(alert.textContent).toContain('Something went wrong on our side');
    fail = false;
    await person.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await rowOf('Nissan Leaf in Kano under ₦8M')).toBeTruthy();
  });
});

describe('Profile → Overview', () => {
  it('counts the new matches of every saved search', async () => {
    openTab(savedSearchList([savedSearch({ newMatches: 3 }), ioniqSearch({ newMatches: 2 }), savedSearch({ id: 'c3', newMatches: 0 })]), {}, '/profile');
    const label = await screen.findByText('New in saved searches');
    await waitFor(() => expect(label.previousElementSibling?.textContent).toBe('5'));
  });
});

describe('a saved search in one line', () => {
  it('names every kind of criterion, and an open end of the years or the price in words', () => {
    expect(describeCriteria({ brand: 'Tesla', yearMin: 2020, minPrice: 10_000_000 })).toBe('Tesla · 2020 or newer · from ₦10,000,000');
    expect(describeCriteria({ vehicleType: 'bus', yearMax: 2019, location: 'Port Harcourt' })).toBe('Electric Buses · 2019 or older · Port Harcourt');
    expect(describeCriteria({ search: 'ioniq', sort: 'newest' })).toBe('“ioniq” · Newest to Oldest');
  });
});
