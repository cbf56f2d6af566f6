import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ReportDialog } from '../../src/features/safety/components/report-button';
import { SellerContact } from '../../src/features/vehicles/components/seller-contact';
import { ChangesWaiting } from '../../src/features/listings/components/changes-waiting';
import { MyListingRow } from '../../src/features/profile/components/listings-tab';
import { MessageList } from '../../src/features/chat/components/message-list';
import { json, stubApi } from './chat-fixture';
import { cleanUpAfterEach, renderWithProviders } from './helpers';
import { ownSummary, sellersVehicle } from './vehicle-fixture';

const session = vi.hoisted(() => ({ current: { status: 'signedIn', user: { uid: 'buyer-funmi' } as { uid: string } | null, revision: 0 } }));
vi.mock('../../src/features/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/auth/session')>()),
  useSession: () => session.current,
}));

cleanUpAfterEach();

/** The listing as a buyer reads it: no contact details with it. */
const buyersView = () => {
  const v = sellersVehicle({ title: '2023 Mercedes-Benz EQS 450+' });
  const { email: _e, phone: _p, ...seller } = v.seller;
  const { sellerPhone: _s, rejectionReason: _r, expiresAt: _x, changeReview: _c, ...rest } = v;
  return { ...rest, seller };
};

describe('reporting', () => {
  it('sends the report with the reason tapped and the note typed, then says what happens next', async () => {
    const calls = stubApi({ 'POST /api/reports': () => json(201, { id: 'listing:41', status: 'received' }) });
    renderWithProviders(<MemoryRouter><ReportDialog target="listing" targetId="41" name="2023 Mercedes-Benz EQS 450+" onClose={() => undefined} /></MemoryRouter>);
    const person = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Report this listing' });
    await person.type(within(dialog).getByLabelText('Note (optional)'), 'Photos of a car sold in Abuja.');
    await person.click(within(dialog).getByRole('button', { name: /Stolen photos/ }));
    await within(dialog).findByText(/Our team will look at your report/);
    expect(calls).toEqual([{ method: 'POST', url: '/api/reports', body: { target: 'listing', targetId: '41', reason: 'stolen_photos', note: 'Photos of a car sold in Abuja.' } }]);
  });

  it('asks for a note before sending "Other", and sends nothing without one', async () => {
    const calls = stubApi({});
    renderWithProviders(<MemoryRouter><ReportDialog target="user" targetId="seller-1" name="Ada Okafor" onClose={() => undefined} /></MemoryRouter>);
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: /^Other/ }));
    expect(screen.getByText('Tell us what is wrong')).toBeTruthy();
    expect(document.activeElement?.id).toBe('report-note');
    expect(calls).toEqual([]);
  });

  it('treats a second report of the same listing as received', async () => {
    stubApi({ 'POST /api/reports': () => json(409, { error: { code: 'ALREADY_REPORTED', message: 'You have already reported this.', details: [] } }) });
    renderWithProviders(<MemoryRouter><ReportDialog target="listing" targetId="41" name="A car" onClose={() => undefined} /></MemoryRouter>);
    await userEvent.setup().click(screen.getByRole('button', { name: /Scam or fraud/ }));
    await screen.findByText(/Our team will look at your report/);
  });
});

describe('Show phone', () => {
  it('asks for the contact details on a tap, then offers to call', async () => {
    const calls = stubApi({ 'POST /api/vehicles/41/contact': () => json(200, { phone: '+2348035550199', email: 'ada.okafor@example.test' }) });
    renderWithProviders(<MemoryRouter><SellerContact vehicle={buyersView()} signedIn /></MemoryRouter>);
    expect(calls).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show phone and email' }));
    await screen.findByRole('link', { name: /Call/ });
    expect(screen.getByRole('link', { name: /ada.okafor@example.test/ })).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/vehicles/41/contact']);
  });

  it('says plainly when the daily limit is reached', async () => {
    stubApi({ 'POST /api/vehicles/41/contact': () => json(429, { error: { code: 'CONTACT_LIMIT_REACHED', message: 'You have seen the contact details of many listings today. You can see more tomorrow, or message the seller in chat now.', details: [] } }) });
    renderWithProviders(<MemoryRouter><SellerContact vehicle={buyersView()} signedIn /></MemoryRouter>);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show phone and email' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/message the seller in chat/);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Show phone and email' }) as HTMLButtonElement).disabled).toBe(true));
  });
});

describe('changes waiting for review', () => {
  it('names the fields that wait, and says buyers see the approved version', () => {
    renderWithProviders(<MemoryRouter><ChangesWaiting review={{ id: 3, status: 'pending', submittedAt: '2026-11-27T10:00:00Z', decidedAt: null, reason: null, changes: { title: 'x', price: 1, imageUrls: [] } }} /></MemoryRouter>);
    expect(screen.getByTestId('changes-waiting').textContent).toMatch(/Changes waiting for review.*title, price, photos\..*Buyers see the approved version/);
  });

  it('shows in My Listings, with the expiry and a one-tap renewal in the last week', () => {
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
    renderWithProviders(<MemoryRouter><ul><MyListingRow vehicle={ownSummary({ changesWaiting: true, expiresAt: soon })} /></ul></MemoryRouter>);
    expect(screen.getByText('Changes waiting for review')).toBeTruthy();
    expect(screen.getByTestId('expiry').textContent).toMatch(/Still for sale\? Keep it live in one tap\./);
    expect(screen.getByRole('button', { name: /Keep live/ })).toBeTruthy();
  });
});

describe('the chat safety tip', () => {
  it('shows under a message that carries one', () => {
    renderWithProviders(<MemoryRouter><MessageList messages={[
      { key: 'a', content: 'Pay a deposit to 0123456789', timestamp: '2026-11-27T10:00:00Z', mine: false, safetyTip: 'Never pay a deposit or send money before you have seen the car and its papers.' },
      { key: 'b', content: 'Is it available?', timestamp: '2026-11-27T10:01:00Z', mine: true },
    ]} /></MemoryRouter>);
    const notes = screen.getAllByRole('note');
    expect(notes.map((n) => n.textContent)).toEqual(['Never pay a deposit or send money before you have seen the car and its papers. Safety tips']);
  });
});
