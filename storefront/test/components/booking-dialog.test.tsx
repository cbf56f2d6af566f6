import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as RentPage } from '../../src/features/rentals/routes/rent-page';
import { json, stubApi } from './chat-fixture';
import { cleanUpAfterEach, renderWithProviders } from './helpers';
import { NOW, rental, RENTER, rentalQuote, rentalVehicle, rentalVehicleDetail } from './rental-fixture';

vi.mock('../../src/features/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/auth/session')>()),
  useSession: () => ({ status: 'signedIn', user: { uid: 'renter-chiamaka' }, revision: 0 }),
}));

cleanUpAfterEach();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const SEARCH = '/api/rentals/vehicles?startDate=2026-12-01&endDate=2026-12-11&limit=24';
const quoteUrl = (start: string, end: string) => `/api/rentals/quote?vehicleId=41&startDate=${start}&endDate=${end}`;

function openBooking(routes: Record<string, (body: unknown) => Response | Promise<Response>> = {}) {
  const calls = stubApi({
    [`GET ${SEARCH}`]: () => json(200, [rentalVehicle({ quote: rentalQuote() })], { 'X-Total-Count': '1' }),
    'GET /api/rentals/vehicles/41': () => json(200, rentalVehicleDetail()),
    [`GET ${quoteUrl('2026-12-01', '2026-12-11')}`]: () => json(200, rentalQuote()),
    'POST /api/rentals': () => json(201, rental({ id: 90, startDate: '2026-12-01', endDate: '2026-12-11', days: 10, totalPrice: 545_000, renterId: RENTER })),
    ...routes,
  });
  renderWithProviders(
    <MemoryRouter initialEntries={['/rent?startDate=2026-12-01&endDate=2026-12-11']}>
      <Routes>
        <Route path="/rent" element={<><RentPage /><Where /></>} />
        <Route path="/profile" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return { calls, person: userEvent.setup() };
}

async function openDialog(person: ReturnType<typeof userEvent.setup>) {
  await person.click(await screen.findByRole('button', { name: 'Rent Now: 2024 Mercedes-Benz EQS SUV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Rent 2024 Mercedes-Benz EQS SUV' });
  await within(dialog).findByText('Total for 10 days');
  return dialog;
}

const submit = (d: HTMLElement) => within(d).getByRole('button', { name: /^(Request to Rent|Sending request\.\.\.)$/ }) as HTMLButtonElement;

describe('the booking dialog', () => {
  it('starts from the search’s dates and the vehicle’s location, and shows the server’s price lines, total and saving', async () => {
    const { person } = openBooking();
    const d = await openDialog(person);
    expect((within(d).getByLabelText('Start date') as HTMLInputElement).value).toBe('2026-12-01');
    expect((within(d).getByLabelText('End date') as HTMLInputElement).value).toBe('2026-12-11');
    expect((within(d).getByLabelText('Pick-up location') as HTMLInputElement).value).toBe('Port Harcourt, GRA Phase 2');
    const price = within(d).getByRole('region', { name: 'Price' });
    const lines = [...price.querySelectorAll('.quote__line')].map((l) => [l.querySelector('dt')?.textContent, l.querySelector('dd')?.textContent]);
    expect(lines).toEqual([
      ['1 week × ₦350,000', '₦350,000'],
      ['3 days × ₦65,000', '₦195,000'],
      ['Total for 10 days', '₦545,000'],
      ['You save (against ₦650,000 at the daily rate)', '₦105,000'],
    ]);
  });

  it('asks the server again when the dates change, and shows the days other bookings hold on the calendar', async () => {
    const { calls, person } = openBooking({
      [`GET ${quoteUrl('2026-12-02', '2026-12-05')}`]: () =>
        json(200, rentalQuote({ startDate: '2026-12-02', endDate: '2026-12-05', days: 3, lines: [{ unit: 'day', count: 3, rate: 65_000, amount: 195_000 }], total: 195_000, fullDailyPrice: 195_000, saving: 0 })),
    });
    const d = await openDialog(person);
    const booked = within(d).getAllByRole('button', { name: /, booked$/ }).map((b) => b.getAttribute('data-day'));
    expect(booked).toEqual(['2026-12-14', '2026-12-15', '2026-12-16', '2026-12-17']);

    // Picking on the calendar: the first day starts the stay, a later one ends it.
    await person.click(within(d).getByRole('button', { name: /^Wednesday, 2 December 2026/ }));
    await person.click(within(d).getByRole('button', { name: /^Saturday, 5 December 2026/ }));
    expect((within(d).getByLabelText('Start date') as HTMLInputElement).value).toBe('2026-12-02');
    expect((within(d).getByLabelText('End date') as HTMLInputElement).value).toBe('2026-12-05');
    expect(await within(d).findByText('Total for 3 days')).toBeTruthy();
    expect(within(d).queryByText(/You save/)).toBeNull();
    expect(calls.some((c) => c.url === quoteUrl('2026-12-02', '2026-12-05'))).toBe(true);
  });

  it('lets the keyboard pick days: arrows move a day or a week, Enter picks', async () => {
    const { person } = openBooking({
      [`GET ${quoteUrl('2026-12-03', '2026-12-10')}`]: () => json(200, rentalQuote({ startDate: '2026-12-03', endDate: '2026-12-10', days: 7, lines: [{ unit: 'week', count: 1, rate: 350_000, amount: 350_000 }], total: 350_000, fullDailyPrice: 455_000, saving: 105_000 })),
    });
    const d = await openDialog(person);
    const first = within(d).getByRole('button', { name: /^Tuesday, 1 December 2026/ });
    expect(first.tabIndex).toBe(0);
    first.focus();
    await person.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(document.activeElement?.getAttribute('data-day')).toBe('2026-12-03');
    await person.keyboard('{ArrowDown}{Enter}');
    expect((within(d).getByLabelText('Start date') as HTMLInputElement).value).toBe('2026-12-03');
    expect((within(d).getByLabelText('End date') as HTMLInputElement).value).toBe('2026-12-10');
    expect(await within(d).findByText('Total for 7 days')).toBeTruthy();
  });

  it('says the dates are not available when the server says so, and will not send the request', async () => {
    const { calls, person } = openBooking({ [`GET ${quoteUrl('2026-12-13', '2026-12-16')}`]: () => json(200, rentalQuote({ startDate: '2026-12-13', endDate: '2026-12-16', available: false })) });
    const d = await openDialog(person);
    fireEvent.change(within(d).getByLabelText('Start date'), { target: { value: '2026-12-13' } });
    fireEvent.change(within(d).getByLabelText('End date'), { target: { value: '2026-12-16' } });
    expect(await within(d).findByText('These dates are not available')).toBeTruthy();
    expect(submit(d).disabled).toBe(true);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('checks the dates in the form: the end must come after the start', async () => {
    const { person } = openBooking();
    const d = await openDialog(person);
    fireEvent.change(within(d).getByLabelText('End date'), { target: { value: '2026-11-30' } });
    expect(within(d).getByText('The end date must be after the start date')).toBeTruthy();
    expect(within(d).getByText('Choose your dates to see the price.')).toBeTruthy();
  });

  it('sends the days, places and notes and never a price; then says the owner has 48 hours and where to follow it', async () => {
    const { calls, person } = openBooking();
    const d = await openDialog(person);
    const dropoff = within(d).getByLabelText('Drop-off location');
    await person.clear(dropoff);
    await person.type(dropoff, 'Trans Amadi Industrial Layout');
    await person.type(within(d).getByLabelText('Notes for the owner'), 'Landing on the 9:40 flight from Lagos.');
    await person.click(submit(d));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/rentals',
      body: {
        vehicleId: 41, startDate: '2026-12-01', endDate: '2026-12-11', pickupLocation: 'Port Harcourt, GRA Phase 2',
        dropoffLocation: 'Trans Amadi Industrial Layout', notes: 'Landing on the 9:40 flight from Lagos.',
      },
    });
    await waitFor(() => expect(document.querySelector('.toast__title')?.textContent).toBe('Rental Request Initiated'));
    expect(document.querySelector('.toast__description')?.textContent).toBe('The owner has 48 hours to answer (until 26 Nov 2026, 11:00). You can follow it in Profile → Rentals.');
    expect(screen.queryByRole('dialog')).toBeNull();
    await person.click(screen.getByRole('link', { name: 'Follow it in Profile → Rentals' }));
    expect(screen.getByTestId('where').textContent).toBe('/profile?tab=rentals');
  });

  it('keeps the dialog open with the server’s message when the days were taken meanwhile, and reads the calendar again', async () => {
    const { calls, person } = openBooking({
      'POST /api/rentals': () => json(409, { error: { code: 'RENTAL_DATES_TAKEN', message: 'These dates are no longer available', details: [] } }),
    });
    const d = await openDialog(person);
    await person.click(submit(d));
    expect((await within(d).findByRole('alert')).textContent).toBe('These dates are no longer available');
    expect(screen.getByRole('dialog')).toBe(d);
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/rentals/vehicles/41')).toHaveLength(2));
  });

  it('shows a refused field’s message beside that field', async () => {
    const { person } = openBooking({
      'POST /api/rentals': () => json(400, { error: { code: 'VALIDATION_FAILED', message: 'Check the highlighted fields.', details: [{ field: 'body.pickupLocation', message: 'Pick-up must be in the same state as the vehicle' }] } }),
    });
    const d = await openDialog(person);
    await person.click(submit(d));
    const pickup = within(d).getByLabelText('Pick-up location');
    await waitFor(() => expect(pickup.getAttribute('aria-invalid')).toBe('true'));
    expect(within(d).getByText('Pick-up must be in the same state as the vehicle')).toBeTruthy();
  });

  it('tells a renter of their own vehicle the server’s rule', async () => {
    const { person } = openBooking({
      'POST /api/rentals': () => json(422, { error: { code: 'RENTAL_OWN_VEHICLE', message: 'You cannot rent your own vehicle.', details: [] } }),
    });
    const d = await openDialog(person);
    await person.click(submit(d));
    expect((await within(d).findByRole('alert')).textContent).toBe('You cannot rent your own vehicle.');
  });
});
