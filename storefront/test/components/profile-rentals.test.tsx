import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as ProfilePage } from '../../src/features/profile/routes/profile-page';
import type { Rental, User } from '../../src/lib/api-types';
import { json, stubApi } from './chat-fixture';
import { cleanUpAfterEach, renderWithProviders } from './helpers';
import { NOW, OWNER, rental } from './rental-fixture';

// Signed in as Oluwaseun, who rents out an EQS SUV and has asked to rent a BYD.
vi.mock('../../src/features/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/auth/session')>()),
  useSession: () => ({ status: 'signedIn', user: { uid: 'owner-oluwaseun', displayName: null }, revision: 0 }),
}));

cleanUpAfterEach();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

const me: User = {
  id: OWNER, email: 'oluwaseun.adebayo-williams@ph-ev-rentals.example.test', firstName: 'Oluwaseun', lastName: 'Adebayo-Williams', displayName: 'Oluwaseun Adebayo-Williams',
  phone: '+2348091234567', verifiedPhone: null, phoneVerified: false, profileImageUrl: null, role: 'user', emailVerified: true, createdAt: '2026-01-05T10:00:00Z', updatedAt: '2026-01-05T10:00:00Z',
};

const MINE_AS_RENTER = '/api/rentals/mine?as=renter&limit=50';
const MINE_AS_OWNER = '/api/rentals/mine?as=owner&limit=50';

/** Vehicle 77, a BYD Tang, that Oluwaseun asked to rent from someone else. */
const myRequest = (changes: Partial<Rental> = {}) =>
  rental({
    id: 5, vehicleId: 77, vehicle: { id: 77, title: '2023 BYD Tang EV Flagship', brand: 'BYD', model: 'Tang', year: 2023, location: 'Abuja, Wuse 2', imageUrl: null },
    renterId: OWNER, renter: { id: OWNER, name: 'Oluwaseun Adebayo-Williams', phone: '+2348091234567', email: null },
    ownerId: 'owner-fatima', owner: { id: 'owner-fatima', name: 'Fatima Abubakar-Danjuma', phone: '+2348031112222', email: null },
    startDate: '2026-12-28', endDate: '2027-01-02', days: 5, totalPrice: 425_000, actions: ['cancel'],
    ...changes,
  });

function openRentals({ renter = [myRequest()], owner = [rental({ actions: ['confirm', 'cancel'] })] }: { renter?: Rental[]; owner?: Rental[] } = {}, routes: Record<string, (body: unknown) => Response | Promise<Response>> = {}) {
  const answers = { renter, owner };
  const calls = stubApi({
    'POST /api/auth/sync': () => json(200, me),
    'GET /api/vehicles/my-listings': () => json(200, []),
    'GET /api/messages/conversations': () => json(200, []),
    [`GET ${MINE_AS_RENTER}`]: () => json(200, answers.renter, { 'X-Total-Count': String(answers.renter.length) }),
    [`GET ${MINE_AS_OWNER}`]: () => json(200, answers.owner, { 'X-Total-Count': String(answers.owner.length) }),
    ...routes,
  });
  renderWithProviders(
    <MemoryRouter initialEntries={['/profile?tab=rentals']}>
      <Routes><Route path="/profile" element={<ProfilePage />} /></Routes>
    </MemoryRouter>,
  );
  return { calls, answers, person: userEvent.setup() };
}

const section = (name: string) => screen.getByRole('heading', { name }).closest('section') as HTMLElement;
const buttonsOf = (row: HTMLElement) => within(row).queryAllByRole('button').map((b) => b.textContent);
const rowOf = async (sectionName: string, title: string) => {
  await screen.findByRole('heading', { name: sectionName });
  return (await within(section(sectionName)).findByText(title)).closest('li') as HTMLElement;
};

describe('Profile → Rentals', () => {
  it('is a tab of its own, reached at /profile?tab=rentals', async () => {
    openRentals();
    expect((await screen.findByRole('tab', { name: 'Rentals' })).getAttribute('aria-selected')).toBe('true');
  });

  it('shows a booking’s days, total, status, deadline, the other party and the places', async () => {
    openRentals();
    const row = await rowOf('Requests for my vehicles', '2024 Mercedes-Benz EQS SUV 580 4MATIC');
    const text = row.textContent;
    for (const part of ['1 Dec – 4 Dec 2026 · 3 days', '₦195,000', 'Pending', 'Answer by 26 Nov 2026, 11:00, or the request lapses.', 'Renter: Chiamaka Okonkwo-Eze',
      'chiamaka.okonkwo-eze@example.test', 'Pick-up: Port Harcourt International Airport, Omagwa · Drop-off: Trans Amadi Industrial Layout', 'Notes: Landing on the 9:40 flight from Lagos.']) {
      expect(text).toContain(part);
    }
    expect(within(row).getByRole('link', { name: '2024 Mercedes-Benz EQS SUV 580 4MATIC' }).getAttribute('href')).toBe('/vehicles/41');
    expect(row.querySelector('.status')?.className).toContain('status--rental-pending');

    const mine = await rowOf('My rentals', '2023 BYD Tang EV Flagship');
    expect(mine.textContent).toContain('28 Dec 2026 – 2 Jan 2027 · 5 days');
    expect(mine.textContent).toContain("Awaiting the owner's answer until 26 Nov 2026, 11:00");
    expect(mine.textContent).toContain('Owner: Fatima Abubakar-Danjuma');
    expect(within(mine).getByRole('link', { name: '0803 111 2222' }).getAttribute('href')).toBe('tel:+2348031112222');
  });

  it('offers only the moves the server allows', async () => {
    openRentals({
      renter: [myRequest({ status: 'active', actions: [] })],
      owner: [
        rental({ id: 7, actions: ['confirm', 'cancel'] }),
        rental({ id: 8, status: 'confirmed', actions: ['start', 'cancel'], expiresAt: null, vehicle: { ...rental().vehicle, title: '2022 Hyundai IONIQ 5 Long Range' } }),
        rental({ id: 9, status: 'active', actions: ['complete'], expiresAt: null, vehicle: { ...rental().vehicle, title: '2021 Nissan Leaf e+' } }),
        rental({ id: 10, status: 'completed', actions: [], expiresAt: null, vehicle: { ...rental().vehicle, title: '2020 Kia e-Niro' } }),
      ],
    });
    expect(buttonsOf(await rowOf('Requests for my vehicles', '2024 Mercedes-Benz EQS SUV 580 4MATIC'))).toEqual(['Accept', 'Decline']);
    expect(buttonsOf(await rowOf('Requests for my vehicles', '2022 Hyundai IONIQ 5 Long Range'))).toEqual(['Start rental', 'Cancel booking']);
    expect(buttonsOf(await rowOf('Requests for my vehicles', '2021 Nissan Leaf e+'))).toEqual(['Complete']);
    expect(buttonsOf(await rowOf('Requests for my vehicles', '2020 Kia e-Niro'))).toEqual([]);
    expect(buttonsOf(await rowOf('My rentals', '2023 BYD Tang EV Flagship'))).toEqual([]);
  });

  it('accepts a request through /status and reads the lists again', async () => {
    const { calls, answers, person } = openRentals({}, {
      'POST /api/rentals/7/status': () => {
        answers.owner = [rental({ status: 'confirmed', actions: ['start', 'cancel'], expiresAt: null })];
        return json(200, answers.owner[0]);
      },
    });
    const row = await rowOf('Requests for my vehicles', '2024 Mercedes-Benz EQS SUV 580 4MATIC');
    await person.click(within(row).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(row.querySelector('.status')?.textContent).toBe('Confirmed'));
    expect(calls.find((c) => c.method === 'POST' && c.url.startsWith('/api/rentals'))).toEqual({ method: 'POST', url: '/api/rentals/7/status', body: { status: 'confirmed' } });
    expect(calls.filter((c) => c.url === MINE_AS_OWNER).length).toBeGreaterThanOrEqual(2);
    expect(buttonsOf(row)).toEqual(['Start rental', 'Cancel booking']);
  });

  it('declines only with a reason for the renter, sent with the cancelled status', async () => {
    const { calls, person } = openRentals({}, { 'POST /api/rentals/7/status': () => json(200, rental({ status: 'cancelled', actions: [], cancelledBy: 'owner', cancelReason: 'The car is in for service that week' })) });
    const row = await rowOf('Requests for my vehicles', '2024 Mercedes-Benz EQS SUV 580 4MATIC');
    await person.click(within(row).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
    await person.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByText('Tell the renter why')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url.startsWith('/api/rentals'))).toEqual([]);

    await person.type(within(dialog).getByLabelText('Reason (shown to the renter)'), 'The car is in for service that week');
    await person.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST' && c.url.startsWith('/api/rentals'))).toEqual({ method: 'POST', url: '/api/rentals/7/status', body: { status: 'cancelled', reason: 'The car is in for service that week' } });
  });

  it('lets the renter cancel their own request through /cancel after asking', async () => {
    const { calls, person } = openRentals({}, { 'POST /api/rentals/5/cancel': () => json(200, myRequest({ status: 'cancelled', actions: [], cancelledBy: 'renter' })) });
    const row = await rowOf('My rentals', '2023 BYD Tang EV Flagship');
    await person.click(within(row).getByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your request?' });
    await person.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.url.startsWith('/api/rentals'))).toEqual({ method: 'POST', url: '/api/rentals/5/cancel', body: {} }));
  });

  it('shows the server’s refusal of a move', async () => {
    const { person } = openRentals({}, {
      'POST /api/rentals/7/status': () => json(409, { error: { code: 'BOOKING_ILLEGAL_TRANSITION', message: 'This request has expired and can no longer be accepted.', details: [] } }),
    });
    const row = await rowOf('Requests for my vehicles', '2024 Mercedes-Benz EQS SUV 580 4MATIC');
    await person.click(within(row).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(document.querySelector('.toast__description')?.textContent).toBe('This request has expired and can no longer be accepted.'));
    expect(document.querySelector('.toast__title')?.textContent).toBe('Could not accept');
  });

  it('explains cancelled bookings: declined with the owner’s reason, or lapsed unanswered', async () => {
    openRentals({
      renter: [
        myRequest({ status: 'cancelled', actions: [], cancelledBy: 'owner', cancelReason: 'The car is in for service that week' }),
        myRequest({ id: 6, status: 'cancelled', actions: [], cancelledBy: 'system', cancelReason: 'expired', vehicle: { ...myRequest().vehicle, title: '2022 Volvo XC40 Recharge' } }),
      ],
      owner: [],
    });
    expect((await rowOf('My rentals', '2023 BYD Tang EV Flagship')).textContent).toContain('Declined by the owner: The car is in for service that week.');
    expect((await rowOf('My rentals', '2022 Volvo XC40 Recharge')).textContent).toContain('Expired: the owner did not answer within 48 hours.');
  });

  it('tells the owner what they declined and what lapsed, never "Cancelled by you"', async () => {
    openRentals({
      renter: [],
      owner: [
        rental({ status: 'cancelled', actions: [], cancelledBy: 'owner', cancelReason: 'The car is in for service that week' }),
        rental({ id: 8, status: 'cancelled', actions: [], cancelledBy: 'renter', cancelReason: 'Cancelled by the renter', vehicle: { ...rental().vehicle, title: '2021 Nissan Leaf e+' } }),
      ],
    });
    const declined = await rowOf('Requests for my vehicles', '2024 Mercedes-Benz EQS SUV 580 4MATIC');
    expect(declined.textContent).toContain('You declined this request: The car is in for service that week.');
    expect(declined.textContent).not.toContain('Cancelled by you');
    expect((await rowOf('Requests for my vehicles', '2021 Nissan Leaf e+')).textContent).toContain('Cancelled by the renter.');
  });

  it('points to /rent when there are no bookings on either side', async () => {
    openRentals({ renter: [], owner: [] });
    expect(await screen.findByText('You have not rented a vehicle yet')).toBeTruthy();
    expect(await screen.findByText('No requests for your vehicles yet')).toBeTruthy();
    expect(within(section('My rentals')).getByRole('link', { name: 'Rent an EV' }).getAttribute('href')).toBe('/rent');
    expect(within(section('Requests for my vehicles')).getByRole('link', { name: 'See rental vehicles' }).getAttribute('href')).toBe('/rent');
  });
});
