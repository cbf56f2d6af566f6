import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import NotificationBell from '../../src/features/notifications/components/notification-bell';
import type { Notification, NotificationList } from '../../src/lib/api-types';
import { BUYER, CONVERSATION, json, stubApi } from './chat-fixture';
import { cleanUpAfterEach, renderWithProviders } from './helpers';

vi.mock('../../src/features/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/auth/session')>()),
  useSession: () => ({ status: 'signedIn', user: { uid: 'buyer-chukwuemeka' }, revision: 0 }),
}));

cleanUpAfterEach();

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function notice(id: number, changes: Partial<Notification> = {}): Notification {
  return { id, title: 'New message from Adaeze Nwachukwu-Okafor', message: 'Saturday at 10 works for the viewing in Port Harcourt.', type: 'message', timestamp: minutesAgo(5), isRead: false, actionUrl: null, metadata: { conversationId: CONVERSATION }, ...changes };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

async function openBell(list: NotificationList, routes: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({ 'GET /api/notifications': () => json(200, list), ...routes });
  const person = userEvent.setup();
  renderWithProviders(
    <MemoryRouter initialEntries={['/browse']}>
      <NotificationBell />
      <Routes><Route path="*" element={<Where />} /></Routes>
    </MemoryRouter>,
  );
  const bell = screen.getByRole('button', { name: 'Notifications' });
  return { calls, person, bell };
}

describe('the notification bell', () => {
  it('shows 9+ when more than nine are unread, and the exact count to screen readers', async () => {
    const { bell } = await openBell({ notifications: [notice(1)], unreadCount: 12 });
    await waitFor(() => expect(within(bell).getByTestId('notification-badge').textContent).toBe('9+'));
    expect(bell.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(bell.getAttribute('aria-describedby')!)?.textContent).toBe('12 unread');
  });

  it('shows the count itself up to nine, and no badge with none unread', async () => {
    const { bell } = await openBell({ notifications: [notice(1)], unreadCount: 9 });
    await waitFor(() => expect(within(bell).getByTestId('notification-badge').textContent).toBe('9'));
  });

  it('lists title, message, relative time and an unread dot, with one Mark all read call', async () => {
    const listing = notice(6, { type: 'listing', title: 'Listing approved', message: 'Your 2023 BYD Atto 3 is live.', isRead: true, timestamp: minutesAgo(60 * 26), metadata: {} });
    let server: NotificationList = { notifications: [notice(7), listing], unreadCount: 1 };
    const { calls, person, bell } = await openBell(server, {
      'GET /api/notifications': () => json(200, server),
      'POST /api/notifications/read-all': () => {
        server = { notifications: [notice(7, { isRead: true }), listing], unreadCount: 0 };
        return json(200, { success: true, marked: 1 });
      },
    });
    await person.click(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    const menu = await screen.findByRole('region', { name: 'Notifications' });
    const [first, second] = within(menu).getAllByRole('listitem');
    expect(within(first!).getByText('New message from Adaeze Nwachukwu-Okafor')).toBeTruthy();
    expect(within(first!).getByText('5m ago')).toBeTruthy();
    expect(within(first!).getByRole('img', { name: 'Unread' })).toBeTruthy();
    expect(within(second!).getByText('1d ago')).toBeTruthy();
    expect(within(second!).queryByRole('img', { name: 'Unread' })).toBeNull();
    await person.click(within(menu).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(within(menu).queryByRole('img', { name: 'Unread' })).toBeNull());
    expect(within(menu).queryByRole('button', { name: 'Mark all read' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/notifications/read-all']);
  });

  it('says when there are none, without Mark all read', async () => {
    const { person, bell } = await openBell({ notifications: [], unreadCount: 0 });
    await person.click(bell);
    const menu = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(menu).findByText('No notifications yet')).toBeTruthy();
    expect(within(menu).queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('marks a message notification read and opens its chat on Profile', async () => {
    const { calls, person, bell } = await openBell({ notifications: [notice(7)], unreadCount: 1 }, { 'POST /api/notifications/7/read': () => json(200, { ...notice(7), isRead: true }) });
    await person.click(bell);
    const menu = await screen.findByRole('region', { name: 'Notifications' });
    await person.click(within(menu).getByRole('button', { name: /New message from Adaeze/ }));
    expect(screen.getByTestId('where').textContent).toBe(`/profile?openChat=${encodeURIComponent(CONVERSATION)}`);
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/notifications/7/read')).toBe(true));
    expect(BUYER).toBe('buyer-chukwuemeka');
  });

  it('goes to the actionUrl of any other notification', async () => {
    const { person, bell } = await openBell(
      { notifications: [notice(8, { type: 'system', title: 'Listing boosted', actionUrl: '/vehicles/41', metadata: {} })], unreadCount: 1 },
      { 'POST /api/notifications/8/read': () => json(200, notice(8, { isRead: true })) },
    );
    await person.click(bell);
    await person.click(within(await screen.findByRole('region', { name: 'Notifications' })).getByRole('button', { name: /Listing boosted/ }));
    expect(screen.getByTestId('where').textContent).toBe('/vehicles/41');
  });

  it('moves focus into the menu, and Escape closes it and gives focus back to the bell', async () => {
    const { person, bell } = await openBell({ notifications: [notice(7)], unreadCount: 1 });
    await person.click(bell);
    const heading = await screen.findByRole('heading', { name: 'Notifications' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await person.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('false');
  });
});
