import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Component as AdvertisePage } from '../../src/features/advertising/routes/advertise-page';
import type { AdvertisingPackageOffer, OwnVehicleSummary, User } from '../../src/lib/api-types';
import { json, stubApi } from './chat-fixture';
import { cleanUpAfterEach, renderWithProviders } from './helpers';
import { ownSummary } from './vehicle-fixture';

const session = vi.hoisted(() => ({
  current: { status: 'signedIn', user: { uid: 'seller-adaeze', email: 'adaeze@lagos-ev-motors.example.test' } as { uid: string; email: string } | null, revision: 0 },
}));
vi.mock('../../src/features/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/auth/session')>()),
  useSession: () => session.current,
}));
const checkout = vi.hoisted(() => ({ goTo: vi.fn<(url: string) => void>() }));
vi.mock('../../src/features/advertising/checkout', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/advertising/checkout')>()),
  goToCheckout: checkout.goTo,
}));

cleanUpAfterEach();

const signedIn = () => {
  session.current = { status: 'signedIn', user: { uid: 'seller-adaeze', email: 'adaeze@lagos-ev-motors.example.test' }, revision: 0 };
};
const signedOut = () => {
  session.current = { status: 'signedOut', user: null, revision: 0 };
};

const PACKAGES: AdvertisingPackageOffer[] = [
  { type: 'basic', name: 'Basic Boost', tier: 1, price: 5000, priceKobo: 500_000, durationDays: 7, mostPopular: false, features: ['FEATURED badge on your listing'], visibility: { promised: 2, measured: 2.4, days: 7 } },
  { type: 'premium', name: 'Premium Spotlight', tier: 2, price: 12_000, priceKobo: 1_200_000, durationDays: 14, mostPopular: true, features: ['WhatsApp contact button for signed-in buyers'], visibility: { promised: 5, measured: null, days: 7 } },
  { type: 'ultimate', name: 'Ultimate Exposure', tier: 3, price: 20_000, priceKobo: 2_000_000, durationDays: 30, mostPopular: false, features: ['Takes turns in the home page\'s featured spots'], visibility: { promised: 10, measured: 12.3, days: 7 } },
];

const seller: User = {
  id: 'seller-adaeze', email: 'adaeze@lagos-ev-motors.example.test', firstName: 'Adaeze', lastName: 'Nwachukwu', displayName: 'Adaeze Nwachukwu',
  phone: '+2348035551234', verifiedPhone: null, phoneVerified: false, profileImageUrl: null, role: 'user', emailVerified: true, createdAt: '2026-01-05T10:00:00Z', updatedAt: '2026-01-05T10:00:00Z',
};

const LISTINGS: OwnVehicleSummary[] = [
  ownSummary({ id: 41, title: '2022 Hyundai IONIQ 5', status: 'active' }),
  ownSummary({ id: 42, title: '2021 BYD Atto 3', status: 'pending' }),
  ownSummary({ id: 43, title: '2020 Nissan Leaf', status: 'rejected', rejectionReason: 'Blurry photos' }),
  ownSummary({ id: 44, title: '2023 Tesla Model Y', status: 'active' }),
];

function openAdvertise(
  at: string,
  purchase: (body: unknown) => Response | Promise<Response> = () => json(201, { paymentUrl: 'https://checkout.paystack.com/abc123', reference: 'VM-7Q2X9K' }),
  listings = LISTINGS,
) {
  const calls = stubApi({
    'GET /api/advertising/packages': () => json(200, PACKAGES),
    'POST /api/auth/sync': () => json(200, seller),
    'GET /api/vehicles/my-listings': () => json(200, listings),
    'POST /api/advertising/purchase': purchase,
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[at]}>
      <Routes><Route path="/advertise" element={<AdvertisePage />} /></Routes>
    </MemoryRouter>,
  );
  return { calls, person: userEvent.setup(), purchases: () => calls.filter((c) => c.method === 'POST' && c.url === '/api/advertising/purchase') };
}

const dialog = () => screen.findByRole('dialog', { name: 'Boost Your Listing' });
const submit = (d: HTMLElement) => within(d).getByRole('button', { name: /^(Proceed to Payment|Starting payment\.\.\.)$/ }) as HTMLButtonElement;
const listingSelect = (d: HTMLElement) => within(d).findByLabelText('Listing to boost') as Promise<HTMLSelectElement>;

/** The toast on screen, whatever its role: failures are alerts, the rest status messages. */
async function expectToast(title: string, description: string) {
  await waitFor(() => expect(document.querySelector('.toaster .toast__title')?.textContent).toBe(title));
  expect(document.querySelector('.toaster .toast__description')?.textContent).toBe(description);
}

describe('/advertise', () => {
  it('shows the server’s packages with their prices, durations and the most popular one', async () => {
    signedIn();
    openAdvertise('/advertise');
    const premium = (await screen.findByRole('heading', { name: 'Premium Spotlight' })).closest('article')!;
    expect(premium.textContent).toContain('₦12,000');
    expect(premium.textContent).toContain('14 days');
    expect(premium.textContent).toContain('Most Popular');
    expect(premium.textContent).toContain('WhatsApp contact button');
    const basic = screen.getByRole('heading', { name: 'Basic Boost' }).closest('article')!;
    expect(basic.textContent).toContain('₦5,000');
    expect(basic.textContent).not.toContain('Most Popular');
  });

  it('states the 7-day satisfaction guarantee and instant payment confirmation', async () => {
    signedIn();
    openAdvertise('/advertise');
    const faq = (await screen.findByRole('heading', { name: 'Frequently asked questions' })).closest('section')!;
    expect(faq.textContent).toContain('7-day satisfaction guarantee');
    expect(faq.textContent).toContain('Payment confirmation is instant');
  });

  it('offers visitors a Sign In to /auth as its closing call, and signed-in sellers the chooser', async () => {
    signedOut();
    openAdvertise('/advertise');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth?redirect=%2Fadvertise');
    expect(screen.queryByRole('button', { name: 'Boost a Listing' })).toBeNull();
  });

  it('opens the chooser from the closing call for a signed-in seller', async () => {
    signedIn();
    const { person } = openAdvertise('/advertise');
    await person.click(screen.getByRole('button', { name: 'Boost a Listing' }));
    const d = await dialog();
    expect((within(d).getByRole('radio', { name: /Premium Spotlight/ }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('the package chooser', () => {
  it('offers only the seller’s own live listings, to pick, never an id to type', async () => {
    signedIn();
    const { person } = openAdvertise('/advertise');
    await person.click(await screen.findByRole('button', { name: 'Get Started with Premium Spotlight' }));
    const d = await dialog();
    const select = await listingSelect(d);
    expect(Array.from(select.options).map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Choose one of your listings'],
      ['41', '2022 Hyundai IONIQ 5 (ID 41)'],
      ['44', '2023 Tesla Model Y (ID 44)'],
    ]);
    expect(within(d).queryByRole('spinbutton')).toBeNull();
    expect(within(d).queryByLabelText(/vehicle id/i)).toBeNull();
  });

  it('marks a listing whose boost runs, and says what buying again does to it', async () => {
    signedIn();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime('2026-12-07T12:00:00Z');
    try {
      const boosted = { ...LISTINGS[3]!, boost: { tier: 2, packageName: 'Premium Spotlight', endsAt: '2026-12-12T10:00:00Z' } };
      const { person } = openAdvertise('/advertise?vehicle=44&package=ultimate', undefined, [LISTINGS[0]!, boosted]);
      const d = await dialog();
      const select = await listingSelect(d);
      expect(Array.from(select.options).map((o) => o.textContent)).toContain('2023 Tesla Model Y (ID 44) · Premium Spotlight, 5 days left');
      expect(d.textContent).toContain('2023 Tesla Model Y: Upgrades it to Ultimate Exposure at once');
      await person.click(within(d).getByRole('radio', { name: /Basic Boost/ }));
      expect(d.textContent).toContain('2023 Tesla Model Y: Adds 7 days to its running Premium Spotlight (5 days left)');
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells a seller with no live listing to list a vehicle first', async () => {
    signedIn();
    const calls = stubApi({
      'GET /api/advertising/packages': () => json(200, PACKAGES),
      'POST /api/auth/sync': () => json(200, seller),
      'GET /api/vehicles/my-listings': () => json(200, [LISTINGS[1], LISTINGS[2]]),
    });
    renderWithProviders(<MemoryRouter initialEntries={['/advertise?choose=1']}><Routes><Route path="/advertise" element={<AdvertisePage />} /></Routes></MemoryRouter>);
    const d = await dialog();
    expect(await within(d).findByText('You have no live listings to boost')).toBeTruthy();
    expect(within(d).getByRole('link', { name: 'List Your EV' }).getAttribute('href')).toBe('/create-listing');
    expect(within(d).queryByLabelText('Listing to boost')).toBeNull();
    expect(calls.some((c) => c.url === '/api/advertising/purchase')).toBe(false);
  });

  it('1. refuses a visitor with Authentication Required and sends nothing', async () => {
    signedOut();
    const { person, purchases, calls } = openAdvertise('/advertise');
    await person.click(await screen.findByRole('button', { name: 'Get Started with Basic Boost' }));
    const d = await dialog();
    expect((within(d).getByRole('radio', { name: /Basic Boost/ }) as HTMLInputElement).checked).toBe(true);
    await person.click(submit(d));
    await expectToast('Authentication Required', 'Please sign in to purchase advertising packages.');
    expect(purchases()).toHaveLength(0);
    expect(calls.some((c) => c.url === '/api/vehicles/my-listings')).toBe(false);
  });

  it('2. refuses a seller who chose no listing with Missing Information and sends nothing', async () => {
    signedIn();
    const { person, purchases } = openAdvertise('/advertise?choose=1');
    const d = await dialog();
    await listingSelect(d);
    await person.click(submit(d));
    await expectToast('Missing Information', 'Please select a vehicle for advertising.');
    expect(purchases()).toHaveLength(0);
  });

  it('3. shows the server’s refusal as Purchase Failed with its message', async () => {
    signedIn();
    const { person } = openAdvertise('/advertise?vehicle=41', () =>
      json(422, { error: { code: 'LISTING_NOT_LIVE', message: 'Only live listings can be boosted.', details: [] } }),
    );
    const d = await dialog();
    await waitFor(async () => expect((await listingSelect(d)).value).toBe('41'));
    await person.click(submit(d));
    await expectToast('Purchase Failed', 'Only live listings can be boosted.');
    expect(checkout.goTo).not.toHaveBeenCalled();
    expect(submit(d).disabled).toBe(false);
  });

  it('3. shows a 400’s field details beside their fields', async () => {
    signedIn();
    const { person } = openAdvertise('/advertise?vehicle=41', () =>
      json(400, { error: { code: 'VALIDATION_FAILED', message: 'Some fields need attention', details: [{ field: 'body.email', message: 'This email address cannot receive mail' }] } }),
    );
    const d = await dialog();
    await waitFor(async () => expect((await listingSelect(d)).value).toBe('41'));
    await person.click(submit(d));
    await expectToast('Purchase Failed', 'Some fields need attention');
    const email = within(d).getByLabelText('Email');
    const described = (email.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('This email address cannot receive mail');
  });

  it('4. says Payment Error when the server gives no paymentUrl, and stays', async () => {
    signedIn();
    const { person } = openAdvertise('/advertise?vehicle=41', () => json(201, { reference: 'VM-7Q2X9K' }));
    const d = await dialog();
    await waitFor(async () => expect((await listingSelect(d)).value).toBe('41'));
    await person.click(submit(d));
    await expectToast('Payment Error', 'Failed to initialize payment. Please try again.');
    expect(checkout.goTo).not.toHaveBeenCalled();
  });

  it('5. sends the listing, the package type, the method, phone and email, never a price, and goes to Paystack', async () => {
    signedIn();
    checkout.goTo.mockClear();
    let answer: (r: Response) => void = () => undefined;
    const { person, purchases } = openAdvertise('/advertise?vehicle=44&package=ultimate', () => new Promise<Response>((resolve) => (answer = resolve)));
    const d = await dialog();
    await waitFor(async () => expect((await listingSelect(d)).value).toBe('44'));
    expect((within(d).getByRole('radio', { name: /Ultimate Exposure/ }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect((within(d).getByLabelText('Phone number') as HTMLInputElement).value).toBe('0803 555 1234'));
    expect((within(d).getByLabelText('Email') as HTMLInputElement).value).toBe('adaeze@lagos-ev-motors.example.test');
    expect(d.textContent).toContain("You pay on Paystack's page next; Paystack emails your receipt.");
    // What the package does, in the words /advertise uses, and what it does to this listing.
    expect(d.textContent).toContain('in turn with other boosted listings, and in its own place in every list');
    await person.selectOptions(within(d).getByLabelText('Payment method'), 'Bank transfer');

    await person.click(submit(d));
    await waitFor(() => expect(purchases()).toHaveLength(1));
    expect(submit(d).disabled).toBe(true);
    expect(submit(d).textContent).toBe('Starting payment...');
    await person.click(submit(d));
    expect(purchases()).toHaveLength(1);

    answer(json(201, { paymentUrl: 'https://checkout.paystack.com/abc123', reference: 'VM-7Q2X9K' }));
    await waitFor(() => expect(checkout.goTo).toHaveBeenCalledWith('https://checkout.paystack.com/abc123'));
    expect(purchases()[0]!.body).toEqual({ vehicleId: 44, packageType: 'ultimate', paymentMethod: 'bank_transfer', phoneNumber: '+2348035551234', email: 'adaeze@lagos-ev-motors.example.test' });
    const toast = await screen.findByRole('status');
    expect(toast.textContent).toContain('Redirecting to Payment');
    expect(toast.textContent).toContain('Taking you to Paystack to complete payment...');
  });

  it('does not follow a checkout address a browser must not be sent to', async () => {
    signedIn();
    checkout.goTo.mockClear();
    const { person } = openAdvertise('/advertise?vehicle=41', () => json(201, { paymentUrl: 'javascript:alert(1)', reference: 'VM-7Q2X9K' }));
    const d = await dialog();
    await waitFor(async () => expect((await listingSelect(d)).value).toBe('41'));
    await person.click(submit(d));
    await expectToast('Payment Error', 'Failed to initialize payment. Please try again.');
    expect(checkout.goTo).not.toHaveBeenCalled();
  });

  it('does not preselect a listing the seller cannot boost', async () => {
    signedIn();
    openAdvertise('/advertise?vehicle=42');
    const d = await dialog();
    const select = await listingSelect(d);
    expect(select.value).toBe('');
    expect(d.textContent).toContain('Listing 42 is not one of your live listings');
  });
});
