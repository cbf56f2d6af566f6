import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as RentPage } from '../../src/features/rentals/routes/rent-page';
import type { RentalVehicle } from '../../src/lib/api-types';
import { json, stubApi } from './chat-fixture';
import { cleanUpAfterEach, renderWithProviders } from './helpers';
import { NOW, rentalQuote, rentalVehicle } from './rental-fixture';

const session = vi.hoisted(() => ({ current: { status: 'signedOut', user: null as { uid: string } | null, revision: 0 } }));
vi.mock('../../src/features/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/auth/session')>()),
  useSession: () => session.current,
}));

cleanUpAfterEach();
beforeEach(() => {
  session.current = { status: 'signedOut', user: null, revision: 0 };
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const ALL = '/api/rentals/vehicles?limit=24';

function openRent(at: string, routes: Record<string, (body: unknown) => Response | Promise<Response>>) {
  const calls = stubApi(routes);
  renderWithProviders(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/rent" element={<><RentPage /><Where /></>} />
        <Route path="/auth" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return { calls, person: userEvent.setup() };
}

const page = (vehicles: RentalVehicle[], total = vehicles.length) => () => json(200, vehicles, { 'X-Total-Count': String(total) });
const card = (name: string) => screen.getByRole('heading', { name }).closest('article') as HTMLElement;
const where = () => screen.getByTestId('where').textContent;

describe('/rent, the search', () => {
  it('sends the location, type and dates to the API and keeps them in the address', async () => {
    const searched = '/api/rentals/vehicles?location=Port%20Harcourt&type=SUV&startDate=2026-12-01&endDate=2026-12-11&limit=24';
    const { calls, person } = openRent('/rent', { [`GET ${ALL}`]: page([rentalVehicle()]), [`GET ${searched}`]: page([rentalVehicle({ quote: rentalQuote() })]) });
    await screen.findByRole('heading', { name: '2024 Mercedes-Benz EQS SUV' });

    await person.type(screen.getByLabelText('Location'), 'Port Harcourt');
    await person.selectOptions(screen.getByLabelText('Vehicle type'), 'SUV');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-12-11' } });
    await person.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(calls.map((c) => c.url)).toContain(searched));
    expect(where()).toBe('/rent?location=Port+Harcourt&type=SUV&startDate=2026-12-01&endDate=2026-12-11');
    expect(await screen.findByText(/vehicle free 1 Dec – 11 Dec 2026/)).toBeTruthy();
  });

  it('checks the dates before searching: the end must come after the start, and not in the past', async () => {
    const { calls, person } = openRent('/rent', { [`GET ${ALL}`]: page([rentalVehicle()]) });
    await screen.findByRole('heading', { name: '2024 Mercedes-Benz EQS SUV' });

    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-12-04' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-12-01' } });
    await person.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('The end date must be after the start date')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '' } });
    await person.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('The start date cannot be in the past')).toBeTruthy();
    expect(screen.getByText('Choose an end date too, or clear the start date')).toBeTruthy();

    expect(calls.map((c) => c.url)).toEqual([ALL]);
    expect(where()).toBe('/rent');
  });

  it('does not search a shared link whose days have passed, and offers to clear them', async () => {
    const { calls, person } = openRent('/rent?startDate=2026-10-01&endDate=2026-10-05', { [`GET ${ALL}`]: page([rentalVehicle()]) });
    expect(await screen.findByText('Choose new dates to search')).toBeTruthy();
    expect(calls).toEqual([]);
    await person.click(screen.getByRole('button', { name: 'Clear dates' }));
    await screen.findByRole('heading', { name: '2024 Mercedes-Benz EQS SUV' });
    expect(where()).toBe('/rent');
  });

  it('says when nothing matches and clears the filters', async () => {
    const narrow = '/api/rentals/vehicles?location=Benin%20City&type=Truck&limit=24';
    const { calls, person } = openRent('/rent?location=Benin+City&type=Truck', { [`GET ${narrow}`]: page([]), [`GET ${ALL}`]: page([rentalVehicle()]) });
    expect(await screen.findByText('No rental vehicles match your search.')).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await screen.findByRole('heading', { name: '2024 Mercedes-Benz EQS SUV' });
    expect(calls.map((c) => c.url)).toEqual([narrow, ALL]);
  });

  it('shows the server’s error with a way to try again', async () => {
    let fail = true;
    const { person } = openRent('/rent', {
      [`GET ${ALL}`]: () => (fail ? json(503, { error: { code: 'UNAVAILABLE', message: 'The marketplace is busy; try again shortly.', details: [] } }) : page([rentalVehicle()])()),
    });
    expect(await screen.findByText('The marketplace is busy; try again shortly.')).toBeTruthy();
    fail = false;
    await person.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: '2024 Mercedes-Benz EQS SUV' })).toBeTruthy();
  });

  it('loads the next page from where the last one ended', async () => {
    const first = Array.from({ length: 24 }, (_, i) => rentalVehicle({ id: 100 + i, model: `EQS SUV ${i}` }));
    const { person } = openRent('/rent', {
      [`GET ${ALL}`]: page(first, 25),
      'GET /api/rentals/vehicles?limit=24&offset=24': page([rentalVehicle({ id: 200, brand: 'BYD', model: 'Tang' })], 25),
    });
    await person.click(await screen.findByRole('button', { name: 'Load more vehicles' }));
    expect(await screen.findByRole('heading', { name: '2024 BYD Tang' })).toBeTruthy();
    expect(screen.getByText('Showing 25 of 25')).toBeTruthy();
  });
});

describe('/rent, a vehicle’s card', () => {
  it('shows the year, brand and model, place, range, seats, type, “New”, two features and +N more, and the rates in naira', async () => {
    openRent('/rent', { [`GET ${ALL}`]: page([rentalVehicle()]) });
    await screen.findByRole('heading', { name: '2024 Mercedes-Benz EQS SUV' });
    const text = card('2024 Mercedes-Benz EQS SUV').textContent;
    for (const part of ['Port Harcourt, GRA Phase 2', '560 km range', '7 seats', 'SUV', 'New', 'Chauffeur available', 'Airport pick-up', '+2 more', '₦65,000/day', '₦350,000/week', '₦1,250,000/month', 'Available']) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('Home charger included');
  });

  it('reads “New” where a rating would be: renters cannot write reviews yet, so no card shows stars, even from a server that still sends a rating', async () => {
    // What an API from before ratings were dropped still answered, with figures nobody wrote.
    const invented = { rating: 4.8, reviewCount: 124 } as Partial<RentalVehicle>;
    openRent('/rent', { [`GET ${ALL}`]: page([rentalVehicle(invented)]) });
    await screen.findByRole('heading', { name: '2024 Mercedes-Benz EQS SUV' });
    const facts = within(card('2024 Mercedes-Benz EQS SUV')).getByText('New');
    expect(facts.closest('ul')?.className).toContain('rental-card__facts');
    const text = card('2024 Mercedes-Benz EQS SUV').textContent;
    expect(text).not.toMatch(/★|4\.8|review/);
  });

  it('leaves out rates the owner does not offer', async () => {
    openRent('/rent', { [`GET ${ALL}`]: page([rentalVehicle({ weeklyRentalRate: null, monthlyRentalRate: 2_400_000, features: ['Wi-Fi'] })]) });
    const text = (await screen.findByRole('heading', { name: '2024 Mercedes-Benz EQS SUV' })).closest('article')!.textContent;
    expect(text).not.toContain('/week');
    expect(text).toContain('₦2,400,000/month');
    expect(text).not.toContain('more');
  });

  it('shows the stay’s total from the server’s quote when the search has dates', async () => {
    openRent('/rent?startDate=2026-12-01&endDate=2026-12-04', {
      'GET /api/rentals/vehicles?startDate=2026-12-01&endDate=2026-12-04&limit=24': page([
        rentalVehicle({ quote: rentalQuote({ endDate: '2026-12-04', days: 3, lines: [{ unit: 'day', count: 3, rate: 25_000, amount: 75_000 }], total: 75_000, fullDailyPrice: 75_000, saving: 0 }) }),
      ]),
    });
    await screen.findByRole('heading', { name: '2024 Mercedes-Benz EQS SUV' });
    expect(card('2024 Mercedes-Benz EQS SUV').querySelector('.rental-card__quote')?.textContent).toBe('₦75,000 for 3 days');
  });

  it('badges a rented vehicle with its first free day, and disables Rent Now only where the owner takes no requests', async () => {
    openRent('/rent', {
      [`GET ${ALL}`]: page([
        rentalVehicle({ id: 41, availability: 'rented', freeFrom: '2026-12-04' }),
        rentalVehicle({ id: 42, brand: 'Hyundai', model: 'IONIQ 5', availability: 'unavailable', isRentalAvailable: false }),
      ]),
    });
    await screen.findByRole('heading', { name: '2024 Mercedes-Benz EQS SUV' });
    const rented = card('2024 Mercedes-Benz EQS SUV');
    expect(rented.querySelector('.badge')?.textContent).toBe('Rented · Free from 4 Dec 2026');
    expect((within(rented).getByRole('button', { name: /^Rent Now/ }) as HTMLButtonElement).disabled).toBe(false);
    const off = card('2024 Hyundai IONIQ 5');
    expect(off.querySelector('.badge')?.textContent).toBe('Not Available');
    expect((within(off).getByRole('button', { name: /^Rent Now/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks a visitor to sign in, and brings them back to the same search with the vehicle to book', async () => {
    const { person } = openRent('/rent?location=Port+Harcourt', { 'GET /api/rentals/vehicles?location=Port%20Harcourt&limit=24': page([rentalVehicle()]) });
    await person.click(await screen.findByRole('button', { name: 'Rent Now: 2024 Mercedes-Benz EQS SUV' }));
    const toast = await screen.findByRole('alert');
    expect(toast.querySelector('.toast__title')?.textContent).toBe('Sign In Required');
    expect(toast.querySelector('.toast__description')?.textContent).toBe('Please sign in to rent electric vehicles.');
    const signIn = within(toast).getByRole('link', { name: 'Sign In' });
    expect(signIn.getAttribute('href')).toBe(`/auth?redirect=${encodeURIComponent('/rent?location=Port+Harcourt&book=41')}`);
    await person.click(signIn);
    expect(where()).toBe(`/auth?redirect=${encodeURIComponent('/rent?location=Port+Harcourt&book=41')}`);
  });
});
