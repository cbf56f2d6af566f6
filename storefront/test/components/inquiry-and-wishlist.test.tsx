import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import InquiryDialog from '../../src/features/inquiries/components/inquiry-dialog';
import { WishlistButton } from '../../src/features/wishlist/components/wishlist-button';
import { WishlistTab } from '../../src/features/wishlist/components/wishlist-tab';
import type { User, WishlistItem } from '../../src/lib/api-types';
import { json, stubApi } from './chat-fixture';
import { cleanUpAfterEach, renderWithProviders } from './helpers';

const session = vi.hoisted(() => ({ current: { status: 'signedIn', user: { uid: 'buyer-chukwuemeka' } as { uid: string } | null, revision: 0 } }));
vi.mock('../../src/features/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/auth/session')>()),
  useSession: () => session.current,
}));

cleanUpAfterEach();

const buyer: User = {
  id: 'buyer-chukwuemeka', email: 'chukwuemeka.okonkwo-adeyemi@portharcourt-logistics.example.test', firstName: 'Chukwuemeka', lastName: 'Okonkwo-Adeyemi',
  displayName: 'Chukwuemeka Okonkwo-Adeyemi', phone: '+2348091234567', verifiedPhone: null, phoneVerified: false, profileImageUrl: null, role: 'user', emailVerified: true, createdAt: '2026-01-05T10:00:00Z', updatedAt: '2026-01-05T10:00:00Z',
};

function openInquiry(user: User | null, send: (body: unknown) => Response) {
  const calls = stubApi({ 'POST /api/inquiries': send });
  const onClose = vi.fn();
  renderWithProviders(<InquiryDialog vehicleId={41} vehicleTitle="2022 Hyundai IONIQ 5 Long Range" user={user} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Contact Seller' });
  return { calls, onClose, dialog, person: userEvent.setup() };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
const errorOf = (input: HTMLElement) => (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).filter(Boolean);

describe('the Contact Seller dialog', () => {
  it('fills in the signed-in buyer’s name, email and phone', () => {
    const { dialog } = openInquiry(buyer, () => json(201, {}));
    expect(field(dialog, 'Your name').value).toBe('Chukwuemeka Okonkwo-Adeyemi');
    expect(field(dialog, 'Email').value).toBe('chukwuemeka.okonkwo-adeyemi@portharcourt-logistics.example.test');
    expect(field(dialog, 'Phone').value).toBe('0809 123 4567');
  });

  it('shows every problem beside its field and sends nothing', async () => {
    const { calls, dialog, person } = openInquiry(null, () => json(201, {}));
    await person.type(field(dialog, 'Your name'), 'C');
    await person.type(field(dialog, 'Email'), 'chukwuemeka@');
    await person.type(field(dialog, 'Phone'), '0803 555');
    await person.type(field(dialog, 'Message'), 'Price?');
    await person.click(within(dialog).getByRole('button', { name: 'Send Inquiry' }));
    expect(errorOf(field(dialog, 'Your name'))).toContain('Your name must be at least 2 characters');
    expect(errorOf(field(dialog, 'Email'))).toContain('Please enter a valid email address');
    expect(errorOf(field(dialog, 'Phone'))).toContain('Enter a valid phone number, like 0803 555 1234 or +234 803 555 1234');
    expect(errorOf(field(dialog, 'Message'))).toContain('Your message must be at least 10 characters');
    expect(calls).toHaveLength(0);
  });

  it('sends the inquiry with the phone in E.164, thanks the buyer and closes', async () => {
    const { calls, dialog, person, onClose } = openInquiry(buyer, () => json(201, { success: true, id: 12, conversationId: null }));
    await person.type(field(dialog, 'Message'), '  Is the IONIQ 5 still available for viewing in Port Harcourt?  ');
    await person.click(within(dialog).getByRole('button', { name: 'Send Inquiry' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((c) => c.body)).toEqual([{
      vehicleId: 41, buyerName: 'Chukwuemeka Okonkwo-Adeyemi', buyerEmail: 'chukwuemeka.okonkwo-adeyemi@portharcourt-logistics.example.test', buyerPhone: '+2348091234567',
      message: 'Is the IONIQ 5 still available for viewing in Port Harcourt?',
    }]);
    const toast = await screen.findByRole('status');
    expect(toast.textContent).toContain('Inquiry Sent Successfully!');
    expect(toast.textContent).toContain('The seller will receive your message and contact you soon.');
  });

  it('shows the server’s field errors inline and its message in the toast', async () => {
    const { dialog, person, onClose } = openInquiry(buyer, () =>
      json(400, { error: { code: 'VALIDATION_FAILED', message: 'Some fields need attention', details: [{ field: 'body.buyerEmail', message: 'This email address cannot receive mail' }] } }),
    );
    await person.type(field(dialog, 'Message'), 'Is the price negotiable at all?');
    await person.click(within(dialog).getByRole('button', { name: 'Send Inquiry' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error Sending Inquiry');
    expect(alert.textContent).toContain('Some fields need attention');
    expect(errorOf(field(dialog, 'Email'))).toContain('This email address cannot receive mail');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('falls back to the spec’s words when the network fails', async () => {
    const { dialog, person } = openInquiry(buyer, () => {
      throw new TypeError('Failed to fetch');
    });
    await person.type(field(dialog, 'Message'), 'Is the price negotiable at all?');
    await person.click(within(dialog).getByRole('button', { name: 'Send Inquiry' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error Sending Inquiry');
    expect(alert.textContent).toContain('Failed to send inquiry. Please try again.');
  });

  it('sends the same inquiry again under the same Idempotency-Key, and a changed one under a new key', async () => {
    const { calls, dialog, person } = openInquiry(buyer, () => {
      throw new TypeError('Failed to fetch');
    });
    const send = within(dialog).getByRole('button', { name: 'Send Inquiry' });
    await person.type(field(dialog, 'Message'), 'Is the price negotiable at all?');
    await person.click(send);
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    await person.click(send);
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    await person.type(field(dialog, 'Message'), ' And the papers?');
    await person.click(send);
    await waitFor(() => expect(calls).toHaveLength(3));
    const keys = calls.map((c) => c.idempotencyKey);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});

const VEHICLE = { id: 41, title: '2022 Hyundai IONIQ 5 Long Range', location: 'Port Harcourt', price: 38_500_000, imageUrl: null, available: true };

function renderHeart(saved: WishlistItem[], routes: Parameters<typeof stubApi>[0]) {
  const calls = stubApi({ 'GET /api/wishlist': () => json(200, saved), ...routes });
  renderWithProviders(<MemoryRouter initialEntries={['/vehicles/41']}><WishlistButton vehicle={VEHICLE} /></MemoryRouter>);
  return { calls, person: userEvent.setup() };
}

describe('the wishlist heart', () => {
  it('saves at once, says so, and is pressed', async () => {
    session.current = { status: 'signedIn', user: { uid: 'buyer-chukwuemeka' }, revision: 0 };
    let saved: WishlistItem[] = [];
    const { calls, person } = renderHeart(saved, {
      'GET /api/wishlist': () => json(200, saved),
      'POST /api/wishlist': () => {
        saved = [{ id: 5, createdAt: '2026-05-12T09:00:00Z', vehicle: VEHICLE }];
        return json(201, saved[0]);
      },
    });
    const heart = await screen.findByRole('button', { name: 'Save to wishlist' });
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    await person.click(heart);
    expect(screen.getByRole('button', { name: 'Remove from wishlist' }).getAttribute('aria-pressed')).toBe('true');
    expect((await screen.findByRole('status')).textContent).toContain('Added to Wishlist');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ vehicleId: 41 }]);
  });

  it('cannot be pressed until the wishlist is known, so no tap is taken and lost', async () => {
    session.current = { status: 'signedIn', user: { uid: 'buyer-chukwuemeka' }, revision: 0 };
    let answer: (r: Response) => void = () => undefined;
    const { calls } = renderHeart([], { 'GET /api/wishlist': () => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response });
    const heart = await screen.findByRole('button', { name: 'Save to wishlist' });
    expect((heart as HTMLButtonElement).disabled).toBe(true);
    answer(json(200, []));
    await waitFor(() => expect((heart as HTMLButtonElement).disabled).toBe(false));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('offers Undo after a removal, which saves the vehicle again', async () => {
    session.current = { status: 'signedIn', user: { uid: 'buyer-chukwuemeka' }, revision: 0 };
    let saved: WishlistItem[] = [{ id: 5, createdAt: '2026-05-12T09:00:00Z', vehicle: VEHICLE }];
    const { calls, person } = renderHeart(saved, {
      'GET /api/wishlist': () => json(200, saved),
      'DELETE /api/wishlist/41': () => {
        saved = [];
        return new Response(null, { status: 204 });
      },
      'POST /api/wishlist': () => {
        saved = [{ id: 6, createdAt: '2026-05-12T09:01:00Z', vehicle: VEHICLE }];
        return json(201, saved[0]);
      },
    });
    await person.click(await screen.findByRole('button', { name: 'Remove from wishlist' }));
    const removed = await screen.findByRole('status');
    expect(removed.textContent).toContain('Removed from Wishlist');
    await person.click(within(removed).getByRole('button', { name: 'Undo' }));
    expect((await screen.findByRole('status')).textContent).toContain('Added to Wishlist');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove from wishlist' }).getAttribute('aria-pressed')).toBe('true'));
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.body])).toEqual([['DELETE', undefined], ['POST', { vehicleId: 41 }]]);
  });

  it('hands the focus to Undo when the removed row took it away, and Escape dismisses the toast', async () => {
    session.current = { status: 'signedIn', user: { uid: 'buyer-chukwuemeka' }, revision: 0 };
    let saved: WishlistItem[] = [{ id: 5, createdAt: '2026-05-12T09:00:00Z', vehicle: VEHICLE }];
    stubApi({
      'GET /api/wishlist': () => json(200, saved),
      'DELETE /api/wishlist/41': () => {
        saved = [];
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<MemoryRouter initialEntries={['/profile?tab=wishlist']}><WishlistTab /></MemoryRouter>);
    const person = userEvent.setup();
    const remove = await screen.findByRole('button', { name: `Remove ${VEHICLE.title}` });
    remove.focus();
    await person.keyboard('{Enter}');
    const removed = await screen.findByRole('status');
    expect(removed.textContent).toContain('Removed from Wishlist');
    await waitFor(() => expect(document.activeElement).toBe(within(removed).getByRole('button', { name: 'Undo' })));
    await person.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('offers no Undo for a listing no longer on sale, which cannot be saved again', async () => {
    session.current = { status: 'signedIn', user: { uid: 'buyer-chukwuemeka' }, revision: 0 };
    const gone = { ...VEHICLE, available: false };
    stubApi({ 'GET /api/wishlist': () => json(200, [{ id: 5, createdAt: '2026-05-12T09:00:00Z', vehicle: gone }]), 'DELETE /api/wishlist/41': () => new Response(null, { status: 204 }) });
    renderWithProviders(<MemoryRouter initialEntries={['/vehicles/41']}><WishlistButton vehicle={gone} /></MemoryRouter>);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Remove from wishlist' }));
    const removed = await screen.findByRole('status');
    expect(removed.textContent).toContain('Removed from Wishlist');
    expect(within(removed).queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('goes back to saved when the removal fails, with the error', async () => {
    session.current = { status: 'signedIn', user: { uid: 'buyer-chukwuemeka' }, revision: 0 };
    const { person } = renderHeart([{ id: 5, createdAt: '2026-05-12T09:00:00Z', vehicle: VEHICLE }], {
      'DELETE /api/wishlist/41': () => json(429, { error: { code: 'RATE_LIMITED', message: 'Too many changes, try again in a minute', details: [] } }),
    });
    await person.click(await screen.findByRole('button', { name: 'Remove from wishlist' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many changes, try again in a minute');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove from wishlist' }).getAttribute('aria-pressed')).toBe('true'));
  });

  it('asks visitors to sign in and brings them back', () => {
    session.current = { status: 'signedOut', user: null, revision: 0 };
    stubApi({});
    renderWithProviders(<MemoryRouter initialEntries={['/vehicles/41']}><WishlistButton vehicle={VEHICLE} /></MemoryRouter>);
    expect(screen.getByRole('link', { name: 'Sign in to save to wishlist' }).getAttribute('href')).toBe('/auth?redirect=%2Fvehicles%2F41');
  });
});
