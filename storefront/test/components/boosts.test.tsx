import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { afterPurchase, purchaseOutcome } from '../../src/features/advertising/boost';
import { MyBoosts } from '../../src/features/advertising/components/my-boosts';
import { MyListingRow } from '../../src/features/profile/components/listings-tab';
import { SellerContact } from '../../src/features/vehicles/components/seller-contact';
import type { MyAdvertisingPackage } from '../../src/lib/api-types';
import { json, stubApi } from './chat-fixture';
import { cleanUpAfterEach, renderWithProviders } from './helpers';
import { ownSummary, sellersVehicle } from './vehicle-fixture';

vi.mock('../../src/features/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/auth/session')>()),
  useSession: () => ({ status: 'signedIn', user: { uid: 'seller-1' }, revision: 0 }),
}));

cleanUpAfterEach();

const PREMIUM = { tier: 2, packageName: 'Premium Spotlight', endsAt: '2026-12-12T10:00:00Z' };

function listingRow(changes: Parameters<typeof ownSummary>[0]) {
  renderWithProviders(<MemoryRouter><ul><MyListingRow vehicle={ownSummary(changes)} /></ul></MemoryRouter>);
  return screen.getByRole('listitem');
}

describe('Profile → Listings, a listing’s boost', () => {
  it('names the running boost, the day it ends in Lagos and the days left', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime('2026-12-07T12:00:00Z');
    const row = listingRow({ boost: PREMIUM });
    expect(row.querySelector('.boost-line')?.textContent).toBe('Premium Spotlight Ends 12 Dec 2026 · 5 days left');
  });

  it('counts the last day as one day left, and reads the end date on Lagos time', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime('2026-12-12T12:00:00Z');
    // 23:30 UTC is already the 13th in Lagos.
    const row = listingRow({ boost: { tier: 3, packageName: 'Ultimate Exposure', endsAt: '2026-12-12T23:30:00Z' } });
    expect(row.querySelector('.boost-line')?.textContent).toBe('Ultimate Exposure Ends 13 Dec 2026 · 1 day left');
  });

  it('shows no boost line when none runs', () => {
    const row = listingRow({ boost: null });
    expect(row.querySelector('.boost-line')).toBeNull();
  });

  it('offers Boost on a live listing, leading to the chooser for it', () => {
    const row = listingRow({ id: 41, status: 'active' });
    expect(within(row).getByRole('link', { name: /^Boost / }).getAttribute('href')).toBe('/advertise?vehicle=41');
  });

  it.each(['pending', 'rejected'] as const)('offers no Boost on a %s listing', (status) => {
    const row = listingRow({ status });
    expect(within(row).queryByRole('link', { name: /^Boost / })).toBeNull();
  });
});

describe('Profile → Your boosts', () => {
  const bought = (changes: Partial<MyAdvertisingPackage>): MyAdvertisingPackage => ({
    id: 7, vehicleId: 41, vehicleTitle: '2022 Hyundai IONIQ 5', packageType: 'premium', packageName: 'Premium Spotlight', tier: 2, price: 12_000, durationDays: 14,
    status: 'active', startDate: '2026-11-28T10:00:00Z', endDate: '2026-12-12T10:00:00Z', daysLeft: 5, features: [], reference: 'VM-7Q2X9K4P', paymentStatus: 'success',
    createdAt: '2026-11-28T09:58:00Z', ...changes,
  });

  it('lists each boost with its status, dates, days left and payment reference', async () => {
    stubApi({
      'GET /api/advertising/my-packages': () => json(200, [bought({}), bought({ id: 6, status: 'pending', startDate: null, endDate: null, daysLeft: 0, reference: 'VM-PENDING1', paymentStatus: 'pending' })]),
    });
    renderWithProviders(<MemoryRouter><MyBoosts /></MemoryRouter>);
    const rows = await screen.findAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Active');
    expect(rows[0]!.textContent).toContain('28 Nov 2026 – 12 Dec 2026 · 5 days left');
    expect(rows[0]!.textContent).toContain('₦12,000');
    expect(rows[0]!.textContent).toContain('Reference: VM-7Q2X9K4P');
    expect(rows[1]!.textContent).toContain('Awaiting payment');
    expect(rows[1]!.textContent).not.toContain('days left');
  });

  it('says so when the seller has bought none', async () => {
    stubApi({ 'GET /api/advertising/my-packages': () => json(200, []) });
    renderWithProviders(<MemoryRouter><MyBoosts /></MemoryRouter>);
    expect(await screen.findByText('You have not boosted a listing yet')).toBeTruthy();
  });
});

describe('the WhatsApp contact button on a vehicle page', () => {
  const LISTING = { id: 41, title: '2022 Hyundai IONIQ 5 Long Range', price: 38_500_000 };
  const seller = sellersVehicle().seller;

  function sellerCard(changes: Parameters<typeof sellersVehicle>[0], signedIn = true) {
    renderWithProviders(<MemoryRouter><SellerContact vehicle={sellersVehicle({ ...LISTING, ...changes })} signedIn={signedIn} /></MemoryRouter>);
  }

  it('opens wa.me with the seller’s number as digits and a message naming the listing, its price and link', async () => {
    sellerCard({ boost: PREMIUM });
    const link = await screen.findByRole('link', { name: 'WhatsApp' });
    const url = new URL(link.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://wa.me/2348035551234');
    expect(url.searchParams.get('text')).toBe(`Hi, I'm interested in your 2022 Hyundai IONIQ 5 Long Range listed on Voltmarket for ₦38,500,000: ${window.location.origin}/vehicles/41`);
    expect(link.getAttribute('href')).toContain('?text=Hi%2C%20I\'m%20interested%20in%20your%202022%20Hyundai%20IONIQ%205%20Long%20Range');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('writes a number stored the Nigerian way in international digits', async () => {
    sellerCard({ boost: { tier: 3, packageName: 'Ultimate Exposure', endsAt: PREMIUM.endsAt }, seller: { ...seller, phone: '0803 555 1234' } });
    await waitFor(() => expect(new URL(screen.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')!).pathname).toBe('/2348035551234'));
  });

  it('is not there for a Basic Boost', () => {
    sellerCard({ boost: { tier: 1, packageName: 'Basic Boost', endsAt: PREMIUM.endsAt } });
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).toBeNull();
    expect(screen.getByRole('link', { name: /^Call / })).toBeTruthy();
  });

  it('is not there without a boost', () => {
    sellerCard({ boost: null });
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).toBeNull();
  });

  it('is not there for visitors, who are not shown the seller’s phone', () => {
    sellerCard({ boost: PREMIUM }, false);
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).toBeNull();
  });

  it('is not there when the seller gave no phone', () => {
    sellerCard({ boost: PREMIUM, seller: { ...seller, phone: null } });
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).toBeNull();
  });
});

describe('Profile → Listings, what a listing was shown', () => {
  it('counts this week\'s impressions in plain words, and how many came from promoted spots', () => {
    const row = listingRow({ status: 'active', views: 1, impressions: { promoted: 310, organic: 1_204 } });
    expect(within(row).getByTestId('impressions').textContent).toBe('Shown 1,514 times in the last 7 days, 310 of them in promoted spots');
    expect(row.textContent).toContain('1 view ·');
  });

  it('says one time, not "1 times", and leaves out promoted spots a listing never had', () => {
    const row = listingRow({ status: 'active', impressions: { promoted: 0, organic: 1 } });
    expect(within(row).getByTestId('impressions').textContent).toBe('Shown 1 time in the last 7 days');
  });
});

describe('buying a boost for a listing that has one', () => {
  const now = Date.parse('2026-12-07T12:00:00Z');
  const offer = (tier: number, name: string, durationDays: number) => ({ tier, name, durationDays });

  it('extends a running boost of the same or a higher tier by the package\'s days, at its own tier', () => {
    expect(afterPurchase(PREMIUM, offer(1, 'Basic Boost', 7), now)).toEqual({ tier: 2, endsAt: Date.parse('2026-12-19T10:00:00Z'), change: 'extend' });
    expect(purchaseOutcome(PREMIUM, offer(2, 'Premium Spotlight', 14), now))
      .toBe('Adds 14 days to its running Premium Spotlight (5 days left): it stays Premium Spotlight until 26 Dec 2026.');
  });

  it('upgrades at once to a higher tier, the days left following at the new tier', () => {
    expect(purchaseOutcome(PREMIUM, offer(3, 'Ultimate Exposure', 30), now))
      .toBe('Upgrades it to Ultimate Exposure at once: 30 days, then the 5 days left of its Premium Spotlight, all as Ultimate Exposure, until 11 Jan 2027.');
  });

  it('starts a boost when none runs, or the one it had has ended', () => {
    expect(purchaseOutcome(null, offer(1, 'Basic Boost', 7), now)).toBe('Starts as soon as your payment is confirmed and runs for 7 days, until 14 Dec 2026.');
    expect(afterPurchase({ ...PREMIUM, endsAt: '2026-12-01T00:00:00Z' }, offer(1, 'Basic Boost', 7), now).change).toBe('start');
  });
});
