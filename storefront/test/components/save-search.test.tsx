import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as BrowsePage } from '../../src/features/vehicles/routes/browse-page';
import type { User } from '../../src/lib/api-types';
import { json, stubApi } from './chat-fixture';
import { CATALOGUE, cleanUpAfterEach, renderWithProviders } from './helpers';
import { apiError, buyer, BUYER_ID, savedSearch } from './saved-search-fixture';

const session = vi.hoisted(() => ({ current: { status: 'signedIn', user: { uid: 'buyer-chukwuemeka' } as { uid: string } | null, revision: 0 } }));
vi.mock('../../src/features/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/auth/session')>()),
  useSession: () => session.current,
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
beforeEach(() => {
  session.current = { status: 'signedIn', user: { uid: BUYER_ID }, revision: 0 };
});

const KANO_LEAFS = '/browse?brand=Nissan&location=Kano&maxPrice=8000000';
const KANO_LEAFS_API = '/api/vehicles?brand=Nissan&location=Kano&maxPrice=8000000&limit=24';
const CRITERIA = { brand: 'Nissan', location: 'Kano', maxPrice: 8_000_000 };
const PROPOSED = 'Nissan in Kano under ₦8M';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}
const where = () => screen.getByTestId('where').textContent;

type Routes = Parameters<typeof stubApi>[0];

function openBrowse(at: string, routes: Routes = {}, { me = buyer(), vehiclesApi = KANO_LEAFS_API }: { me?: User; vehiclesApi?: string } = {}) {
  const calls = stubApi({
    'GET /api/catalogue': () => json(200, CATALOGUE),
    [`GET ${vehiclesApi}`]: () => json(200, [], { 'X-Total-Count': '0' }),
    'POST /api/auth/sync': () => json(200, me),
    'POST /api/saved-searches/proposal': (criteria) => json(200, { name: PROPOSED, criteria }),
    ...routes,
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/browse" element={<><BrowsePage /><Where /></>} />
        <Route path="/auth" element={<Where />} />
        <Route path="/profile" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return { calls, person: userEvent.setup() };
}

const saveButton = () => screen.getByRole('button', { name: /Save Search/ });
const openDialog = async (person: ReturnType<typeof userEvent.setup>) => {
  await person.click(saveButton());
  return screen.findByRole('dialog', { name: 'Save this search' });
};
const nameField = (dialog: HTMLElement) => within(dialog).getByLabelText('Name') as HTMLInputElement;

describe('Browse → Save Search', () => {
  it('offers the name the server proposes, and saves the whole search with it in two taps', async () => {
    const { calls, person } = openBrowse(KANO_LEAFS, {
      'POST /api/saved-searches': (body) => json(201, savedSearch({ name: (body as { name: string }).name, criteria: CRITERIA })),
    });
    const dialog = await openDialog(person);
    await waitFor(() => expect(nameField(dialog).value).toBe(PROPOSED));
    expect(within(dialog).getByText('Nissan · Kano · up to ₦8,000,000')).toBeTruthy();
    expect((within(dialog).getByLabelText('Instantly (in the app and by email)') as HTMLInputElement).checked).toBe(true);

    await person.click(within(dialog).getByRole('button', { name: 'Save' }));

    const toast = await screen.findByRole('status');
    expect(toast.textContent).toContain('Saved. We’ll tell you when a match appears.');
    expect(within(toast).getByRole('link', { name: 'See your saved searches' }).getAttribute('href')).toBe('/profile?tab=saved-searches');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.url === '/api/saved-searches/proposal').map((c) => c.body)).toEqual([CRITERIA]);
    expect(calls.filter((c) => c.url === '/api/saved-searches').map((c) => c.body)).toEqual([{ criteria: CRITERIA, channel: 'instant', name: PROPOSED }]);
  });

  it('saves every filter, the text and the sort, under the buyer’s own name and chosen way of telling', async () => {
    const at = '/browse?vehicleType=car&brand=Nissan&model=Leaf&location=Kano&yearMin=2018&yearMax=2021&minPrice=2000000&maxPrice=8000000&search=long%20range&sort=price_asc';
    const api = '/api/vehicles?vehicleType=car&brand=Nissan&model=Leaf&location=Kano&yearMin=2018&yearMax=2021&minPrice=2000000&maxPrice=8000000&search=long%20range&sort=price_asc&limit=24';
    const { calls, person } = openBrowse(at, { 'POST /api/saved-searches': () => json(201, savedSearch({ name: 'Leafs for the Kano run' })) }, { vehiclesApi: api });
    const dialog = await openDialog(person);
    expect(within(dialog).getByText('Electric Cars · Nissan Leaf · 2018–2021 · Kano · ₦2,000,000 – ₦8,000,000 · “long range” · Price Lowest to Highest')).toBeTruthy();
    await waitFor(() => expect(nameField(dialog).value).toBe(PROPOSED));
    await person.clear(nameField(dialog));
    await person.type(nameField(dialog), '  Leafs for the Kano run ');
    await person.click(within(dialog).getByLabelText('Daily email digest'));
    await person.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    expect(calls.filter((c) => c.url === '/api/saved-searches').map((c) => c.body)).toEqual([{
      criteria: { vehicleType: 'car', brand: 'Nissan', model: 'Leaf', location: 'Kano', yearMin: 2018, yearMax: 2021, minPrice: 2_000_000, maxPrice: 8_000_000, search: 'long range', sort: 'price_asc' },
      channel: 'daily',
      name: 'Leafs for the Kano run',
    }]);
  });

  it('says the search was saved already, under its own name, when the server answers 200', async () => {
    const { person } = openBrowse(KANO_LEAFS, { 'POST /api/saved-searches': () => json(200, savedSearch({ name: 'Cheap Leafs up north' })) });
    const dialog = await openDialog(person);
    await waitFor(() => expect(nameField(dialog).value).toBe(PROPOSED));
    await person.click(within(dialog).getByRole('button', { name: 'Save' }));
    const toast = await screen.findByRole('status');
    expect(toast.textContent).toContain('Already saved as “Cheap Leafs up north”');
    expect(toast.textContent).not.toContain('We’ll tell you when a match appears');
  });

  it('shows the limit the server names, keeps the dialog open and points to where one can be deleted', async () => {
    const { person } = openBrowse(KANO_LEAFS, {
      'POST /api/saved-searches': () => json(422, apiError('SAVED_SEARCH_LIMIT', 'You can keep at most 50 saved searches. Delete one to save another.')),
    });
    const dialog = await openDialog(person);
    await person.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('You can keep at most 50 saved searches. Delete one to save another.');
    expect(within(alert).getByRole('link', { name: 'Delete one you no longer need' }).getAttribute('href')).toBe('/profile?tab=saved-searches');
    expect(screen.getByRole('dialog', { name: 'Save this search' })).toBeTruthy();
  });

  it('shows a name the server refuses beside the name', async () => {
    const { person } = openBrowse(KANO_LEAFS, {
      'POST /api/saved-searches': () => json(400, apiError('VALIDATION_FAILED', 'Some fields need attention', [{ field: 'body.name', message: 'Use letters, numbers and spaces' }])),
    });
    const dialog = await openDialog(person);
    await waitFor(() => expect(nameField(dialog).value).toBe(PROPOSED));
    await person.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(nameField(dialog).getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Use letters, numbers and spaces')).toBeTruthy();
  });

  it('asks for a name when the buyer empties the field, and sends nothing', async () => {
    const { calls, person } = openBrowse(KANO_LEAFS);
    const dialog = await openDialog(person);
    await waitFor(() => expect(nameField(dialog).value).toBe(PROPOSED));
    await person.clear(nameField(dialog));
    await person.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Give this search a name')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/saved-searches')).toHaveLength(0);
  });

  it('lets the server name the search when its proposal has not come', async () => {
    const { calls, person } = openBrowse(KANO_LEAFS, {
      'POST /api/saved-searches/proposal': () => json(503, apiError('UNAVAILABLE', 'Try again in a moment')),
      'POST /api/saved-searches': () => json(201, savedSearch({ name: PROPOSED })),
    });
    const dialog = await openDialog(person);
    await within(dialog).findByText('Leave it empty and we’ll name it for you.');
    await person.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    expect(calls.filter((c) => c.url === '/api/saved-searches').map((c) => c.body)).toEqual([{ criteria: CRITERIA, channel: 'instant' }]);
  });

  it('gives the focus back to Save Search when the dialog closes', async () => {
    const { person } = openBrowse(KANO_LEAFS);
    const dialog = await openDialog(person);
    await person.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(saveButton());
  });

  it('says email alerts need a verified address, and marks the email ways of telling so', async () => {
    const { person } = openBrowse(KANO_LEAFS, {}, { me: buyer({ emailVerified: false }) });
    const dialog = await openDialog(person);
    const note = await within(dialog).findByText(/Alerts come in the app only for now/);
    expect(note.closest('.notice')?.textContent).toContain('is not verified yet');
    expect(within(dialog).getByLabelText('Daily email digest (needs a verified email)')).toBeTruthy();
    expect(within(dialog).getByLabelText('Instantly (in the app; email needs a verified address)')).toBeTruthy();
  });

  it('cannot save a search with nothing to match by, and says why instead of asking the server', async () => {
    const { calls, person } = openBrowse('/browse?sort=newest', {}, { vehiclesApi: '/api/vehicles?sort=newest&limit=24' });
    const button = await screen.findByRole('button', { name: /Save Search/ });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    const why = document.getElementById(button.getAttribute('aria-describedby')!)!;
    expect(why.textContent).toBe('Choose a filter or type a search first, then save it.');
    expect(why.className).toBe('visually-hidden');
    await person.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(why.className).not.toContain('visually-hidden');
    expect(calls.filter((c) => c.url.startsWith('/api/saved-searches'))).toHaveLength(0);
  });

  it('takes a visitor to sign in, with the way back to this search and its dialog', async () => {
    session.current = { status: 'signedOut', user: null, revision: 0 };
    const { calls, person } = openBrowse(KANO_LEAFS);
    await person.click(screen.getByRole('link', { name: /Save Search/ }));
    const redirect = new URLSearchParams(where()!.split('?')[1]).get('redirect');
    expect(where()!.startsWith('/auth?')).toBe(true);
    expect(redirect).toBe(`${KANO_LEAFS}&save=1`);
    expect(calls.filter((c) => c.url.startsWith('/api/saved-searches'))).toHaveLength(0);
  });

  it('opens the dialog by itself back from signing in, and the address forgets why it came', async () => {
    openBrowse(`${KANO_LEAFS}&save=1`);
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await waitFor(() => expect(nameField(dialog).value).toBe(PROPOSED));
    expect(where()).toBe(KANO_LEAFS);
  });

  it('does not open the dialog for a visitor whose address says save, and drops it', async () => {
    session.current = { status: 'signedOut', user: null, revision: 0 };
    openBrowse(`${KANO_LEAFS}&save=1`);
    await waitFor(() => expect(where()).toBe(KANO_LEAFS));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Browse with a price alert’s model and years', () => {
  const ALERT = '/browse?brand=Nissan&model=Leaf&yearMin=2018&yearMax=2021&maxPrice=8000000';
  const ALERT_API = '/api/vehicles?brand=Nissan&model=Leaf&yearMin=2018&yearMax=2021&maxPrice=8000000&limit=24';

  it('searches by them, counts them and shows each as a removable chip', async () => {
    const { calls } = openBrowse(ALERT, {}, { vehiclesApi: ALERT_API });
    expect(await screen.findByRole('button', { name: 'Remove Model: Leaf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Years: 2018–2021' })).toBeTruthy();
    expect(screen.getByText('Active filters: 4')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === ALERT_API)).toBe(true));
  });

  it('drops the model when its chip is removed, and searches without it', async () => {
    const without = '/api/vehicles?brand=Nissan&yearMin=2018&yearMax=2021&maxPrice=8000000&limit=24';
    const { calls, person } = openBrowse(ALERT, { [`GET ${without}`]: () => json(200, [], { 'X-Total-Count': '0' }) }, { vehiclesApi: ALERT_API });
    await person.click(await screen.findByRole('button', { name: 'Remove Model: Leaf' }));
    expect(where()).toBe('/browse?brand=Nissan&yearMin=2018&yearMax=2021&maxPrice=8000000');
    await waitFor(() => expect(calls.some((c) => c.url === without)).toBe(true));
    expect(screen.getByText('Active filters: 3')).toBeTruthy();
  });

  it('clears them with Clear All Filters', async () => {
    const { person } = openBrowse(ALERT, { 'GET /api/vehicles?limit=24': () => json(200, [], { 'X-Total-Count': '0' }) }, { vehiclesApi: ALERT_API });
    await person.click(await screen.findByRole('button', { name: 'Clear All Filters' }));
    expect(where()).toBe('/browse');
    expect(screen.queryByRole('button', { name: /Remove Model/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove Years/ })).toBeNull();
  });

  it('leaves the model behind when another brand is chosen', async () => {
    const { person } = openBrowse(ALERT, { 'GET /api/vehicles?brand=Tesla&yearMin=2018&yearMax=2021&maxPrice=8000000&limit=24': () => json(200, [], { 'X-Total-Count': '0' }) }, { vehiclesApi: ALERT_API });
    await screen.findByRole('option', { name: 'Tesla' });
    await person.selectOptions(screen.getByLabelText('Brand'), 'Tesla');
    expect(where()).toBe('/browse?brand=Tesla&yearMin=2018&yearMax=2021&maxPrice=8000000');
  });
});
