import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Component as ProfilePage } from '../../src/features/profile/routes/profile-page';
import type { Conversation, User, WishlistItem } from '../../src/lib/api-types';
import { BUYER, buyersThread, conversation, CONVERSATION, json, SELLER, stubApi } from './chat-fixture';
import { cleanUpAfterEach, renderWithProviders } from './helpers';
import { ownSummary } from './vehicle-fixture';

// Signed in as the seller, Adaeze.
vi.mock('../../src/features/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/auth/session')>()),
  useSession: () => ({ status: 'signedIn', user: { uid: 'seller-adaeze', displayName: null }, revision: 0 }),
}));

cleanUpAfterEach();

const seller: User = {
  id: SELLER, email: 'adaeze.nwachukwu-okafor@lagos-ev-motors.example.test', firstName: 'Adaeze', lastName: 'Nwachukwu-Okafor', displayName: 'Adaeze Nwachukwu-Okafor',
  phone: '+2348035551234', verifiedPhone: null, phoneVerified: false, profileImageUrl: null, role: 'user', emailVerified: true, createdAt: '2026-01-05T10:00:00Z', updatedAt: '2026-01-05T10:00:00Z',
};

const sellersThread = () => {
  const thread = buyersThread();
  return { ...thread, otherUser: { id: BUYER, firstName: 'Chukwuemeka', email: 'chukwuemeka.okonkwo-adeyemi@portharcourt-logistics.example.test', displayName: 'Chukwuemeka Okonkwo-Adeyemi' } };
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function openProfile(at: string, { conversations = [conversation()], wishlist = [] as WishlistItem[] }: { conversations?: Conversation[]; wishlist?: WishlistItem[] } = {}) {
  const calls = stubApi({
    'POST /api/auth/sync': () => json(200, seller),
    'GET /api/vehicles/my-listings': () => json(200, [ownSummary({ sellerId: SELLER, savedCount: 14, inquiryCount: 2 })]),
    'GET /api/messages/conversations': () => json(200, conversations),
    'GET /api/wishlist': () => json(200, wishlist),
    'GET /api/saved-searches': () => json(200, { items: [], limit: 50, email: { address: seller.email, verified: true } }),
    'GET /api/advertising/my-packages': () => json(200, []),
    [`GET /api/chat/messages/41/${BUYER}`]: () => json(200, sellersThread()),
    'POST /api/chat/mark-read': () => json(200, { success: true, marked: 0 }),
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[at]}>
      <Routes><Route path="/profile" element={<><ProfilePage /><Where /></>} /></Routes>
    </MemoryRouter>,
  );
  return { calls, person: userEvent.setup() };
}

describe('Profile → Chats', () => {
  it('lists each conversation with the buyer’s first name, the vehicle, a preview cut at 50 characters and a New Message marker', async () => {
    const long = 'Good afternoon, I can pay ₦38,500,000 today if the battery health report from the dealer is fine.';
    openProfile('/profile?tab=chats', { conversations: [conversation({ lastMessage: { content: long, createdAt: '2026-05-12T09:10:00Z', isRead: false, senderId: BUYER } })] });
    const row = await screen.findByRole('button', { name: /Chukwuemeka/ });
    expect(within(row).getByText('2022 Hyundai IONIQ 5 Long Range')).toBeTruthy();
    expect(within(row).getByText(`${long.slice(0, 50)}...`)).toBeTruthy();
    expect(within(row).getByText('New Message')).toBeTruthy();
  });

  it('names someone without a first name by email, and has no New Message marker when my message was the last', async () => {
    const email = 'ngozi.eze-obiora@abuja-fleet-services.example.test';
    openProfile('/profile?tab=chats', {
      conversations: [conversation({ otherUser: { id: 'buyer-ngozi', firstName: null, email, displayName: 'ngozi.eze-obiora' }, unreadCount: 0, lastMessage: { content: 'See you on Saturday.', createdAt: '2026-05-12T09:10:00Z', isRead: false, senderId: SELLER } })],
    });
    const row = await screen.findByRole('button', { name: new RegExp(email) });
    expect(within(row).queryByText('New Message')).toBeNull();
  });

  it('tells when each last message came as messaging apps do, on Lagos time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime('2026-05-12T13:06:30Z'); // Tuesday 12 May, 14:06:30 in Lagos.
    const at = (createdAt: string, vehicleId: number, firstName: string) =>
      conversation({ conversationId: `${vehicleId}_${BUYER}_${SELLER}`, vehicleId, otherUser: { id: `buyer-${vehicleId}`, firstName, email: null, displayName: firstName }, lastMessage: { content: 'Is it still available?', createdAt, isRead: false, senderId: BUYER } });
    openProfile('/profile?tab=chats', {
      conversations: [
        at('2026-05-12T13:06:00Z', 41, 'Chukwuemeka'),
        at('2026-05-12T13:05:00Z', 42, 'Ngozi'),
        at('2026-05-11T22:59:00Z', 43, 'Tunde'), // 23:59 in Lagos yesterday, though still the 11th in UTC.
        at('2026-05-08T09:00:00Z', 44, 'Amaka'),
        at('2026-02-14T09:00:00Z', 45, 'Bola'),
        at('2025-11-12T09:00:00Z', 46, 'Ifeoma'),
      ],
    });
    const timeOf = async (name: string) => (await screen.findByRole('button', { name: new RegExp(`^${name}`) })).querySelector('time')?.textContent;
    expect(await timeOf('Chukwuemeka')).toBe('Just now');
    expect(await timeOf('Ngozi')).toBe('14:05');
    expect(await timeOf('Tunde')).toBe('Yesterday');
    expect(await timeOf('Amaka')).toBe('Fri');
    expect(await timeOf('Bola')).toBe('14 Feb');
    expect(await timeOf('Ifeoma')).toBe('12 Nov 2025');
  });

  it('tells how many messages are unread beside the New Message marker', async () => {
    openProfile('/profile?tab=chats', { conversations: [conversation({ unreadCount: 1 }), conversation({ conversationId: `52_${BUYER}_${SELLER}`, vehicleId: 52, unreadCount: 3, vehicle: { id: 52, title: '2023 BYD Atto 3', price: 29_900_000, location: 'Abuja', imageUrl: null, available: true } })] });
    const [first, second] = await screen.findAllByRole('button', { name: /Chukwuemeka/ });
    expect(first!.textContent).toContain('New Message, 1 unread message');
    expect(second!.textContent).toContain('New Message, 3 unread messages');
  });

  it('caps the tab badge at 9+', async () => {
    openProfile('/profile?tab=chats', { conversations: [conversation({ unreadCount: 7 }), conversation({ conversationId: `52_${BUYER}_${SELLER}`, vehicleId: 52, unreadCount: 5 })] });
    const tab = await screen.findByRole('tab', { name: /Chats/ });
    await waitFor(() => expect(tab.textContent).toContain('9+'));
    expect(tab.textContent).toContain('(9+ unread)');
  });

  it('shows an empty state when there are no chats', async () => {
    openProfile('/profile?tab=chats', { conversations: [] });
    expect(await screen.findByText('No chats yet')).toBeTruthy();
  });

  it('opens a conversation’s chat with the buyer when its row is clicked', async () => {
    const { calls, person } = openProfile('/profile?tab=chats');
    await person.click(await screen.findByRole('button', { name: /Chukwuemeka/ }));
    expect(await screen.findByRole('dialog', { name: 'Chat with Chukwuemeka Okonkwo-Adeyemi' })).toBeTruthy();
    expect(calls.some((c) => c.url === `/api/chat/messages/41/${BUYER}`)).toBe(true);
  });
});

describe('/profile?openChat=', () => {
  it('opens that chat with whichever of buyer and seller is not me, then takes openChat out of the address', async () => {
    const { calls } = openProfile(`/profile?openChat=${encodeURIComponent(CONVERSATION)}`);
    const dialog = await screen.findByRole('dialog', { name: 'Chat with Chukwuemeka Okonkwo-Adeyemi' });
    expect(await within(dialog).findByText('Would you take ₦37,000,000?')).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/chat/messages/')).map((c) => c.url)[0]).toBe(`/api/chat/messages/41/${BUYER}`);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/profile?tab=chats'));
  });

  it('ignores a conversation that is not mine, and still cleans the address', async () => {
    const { calls } = openProfile('/profile?openChat=41_someone_else');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/profile'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/chat/messages/'))).toBe(false);
  });
});

describe('Profile → Overview and Listings', () => {
  it('counts active chats and wishlist items', async () => {
    const saved: WishlistItem = { id: 3, createdAt: '2026-05-01T10:00:00Z', vehicle: { id: 77, title: '2023 BYD Atto 3', location: 'Abuja', price: 29_900_000, imageUrl: null, available: true } };
    openProfile('/profile', { conversations: [conversation(), conversation({ conversationId: `52_${BUYER}_${SELLER}`, vehicleId: 52 })], wishlist: [saved] });
    const chats = await screen.findByText('Active chats');
    await waitFor(() => expect(chats.previousElementSibling?.textContent).toBe('2'));
    await waitFor(() => expect(screen.getByText('Wishlist items').previousElementSibling?.textContent).toBe('1'));
  });

  it('shows how many saved each listing and its inquiries on demand', async () => {
    const { calls, person } = openProfile('/profile?tab=listings');
    calls.length = 0;
    stubApi({
      'GET /api/vehicles/my-listings': () => json(200, [ownSummary({ sellerId: SELLER, savedCount: 14, inquiryCount: 1 })]),
      'POST /api/auth/sync': () => json(200, seller),
      'GET /api/messages/conversations': () => json(200, []),
      'GET /api/advertising/my-packages': () => json(200, []),
      'GET /api/vehicles/41/inquiries': () =>
        json(200, [{ id: 9, vehicleId: 41, buyerName: 'Chukwuemeka Okonkwo-Adeyemi', buyerEmail: 'chukwuemeka.okonkwo-adeyemi@portharcourt-logistics.example.test', buyerPhone: '+2348091234567', message: 'Is the price negotiable? I am in Port Harcourt.', createdAt: '2026-05-10T08:00:00Z', conversationId: null }]),
    });
    expect(await screen.findByText('Saved by 14')).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Inquiries (1)' }));
    expect(await screen.findByText('Is the price negotiable? I am in Port Harcourt.')).toBeTruthy();
    expect(screen.getByText('0809 123 4567')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide inquiries' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('opens a listing\'s inquiries when an inquiry notification leads to ?tab=listings&inquiries={id}', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    openProfile('/profile?tab=listings&inquiries=41');
    stubApi({
      'GET /api/vehicles/my-listings': () => json(200, [ownSummary({ sellerId: SELLER, inquiryCount: 1 }), ownSummary({ id: 52, sellerId: SELLER, inquiryCount: 3 })]),
      'POST /api/auth/sync': () => json(200, seller),
      'GET /api/messages/conversations': () => json(200, []),
      'GET /api/advertising/my-packages': () => json(200, []),
      'GET /api/vehicles/41/inquiries': () =>
        json(200, [{ id: 9, vehicleId: 41, buyerName: 'Ngozi Chukwu', buyerEmail: 'ngozi@example.ng', buyerPhone: '+2348091234567', message: 'Can I inspect it in Benin City on Saturday?', createdAt: '2026-05-10T08:00:00Z', conversationId: null }]),
    });
    expect(await screen.findByText('Can I inspect it in Benin City on Saturday?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide inquiries' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Inquiries (3)' }).getAttribute('aria-expanded')).toBe('false');
  });
});
