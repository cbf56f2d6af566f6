import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import PaymentResult, { CONFIRM_WAIT_MS, POLL_MS } from '../../src/features/advertising/components/payment-result';
import { PaymentResultSlot } from '../../src/features/advertising/components/payment-result-slot';
import type { PaymentView } from '../../src/lib/api-types';
import { json, stubApi } from './chat-fixture';
import { cleanUpAfterEach, renderWithProviders } from './helpers';

const session = vi.hoisted(() => ({ current: { status: 'signedIn', user: { uid: 'seller-adaeze' } as { uid: string } | null, revision: 0 } }));
vi.mock('../../src/features/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/auth/session')>()),
  useSession: () => session.current,
}));

cleanUpAfterEach();

const REF = 'VM-7Q2X9K4P';

function payment(changes: Partial<PaymentView> = {}): PaymentView {
  return {
    reference: REF, status: 'success', amount: 12_000, currency: 'NGN', packageType: 'premium', packageName: 'Premium Spotlight', vehicleId: 41,
    vehicleTitle: '2022 Hyundai IONIQ 5', boostEndsAt: '2026-12-12T10:00:00Z', paidAt: '2026-11-28T10:00:00Z', createdAt: '2026-11-28T09:58:00Z', ...changes,
  };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function returnFromPayment(at: string, answer: () => Response = () => json(200, payment()), { direct = false } = {}) {
  const calls = stubApi({ [`GET /api/payments/${REF}`]: answer });
  renderWithProviders(
    <MemoryRouter initialEntries={[at]}>
      {direct ? <PaymentResult /> : <PaymentResultSlot />}
      <Where />
    </MemoryRouter>,
  );
  return { calls, person: userEvent.setup() };
}

const toastText = () => document.querySelector('.toaster .toast')?.textContent ?? '';
const overlay = (name: string) => screen.findByRole('dialog', { name });

describe('the payment result overlay', () => {
  it('shows nothing and asks nothing without a payment parameter', async () => {
    session.current = { status: 'signedIn', user: { uid: 'seller-adaeze' }, revision: 0 };
    const { calls } = returnFromPayment(`/?reference=${REF}&vehicle=41`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('shows success only when the server says so, with the server’s package name', async () => {
    session.current = { status: 'signedIn', user: { uid: 'seller-adaeze' }, revision: 0 };
    returnFromPayment(`/?payment=success&package=basic&vehicle=41&reference=${REF}`);
    const dialog = await overlay('Payment Successful!');
    expect(dialog.textContent).toContain('Your Premium Spotlight package has been activated');
    expect(dialog.textContent).toContain('enhanced visibility');
    expect(dialog.textContent).toContain('takes its turns in the promoted spots of matching searches, and keeps its own place in every list');
    expect(dialog.textContent).not.toMatch(/top of|higher in search/);
    expect(within(dialog).getByRole('link', { name: 'Go to Homepage' }).getAttribute('href')).toBe('/');
    expect(within(dialog).getByRole('link', { name: 'View Listing' }).getAttribute('href')).toBe('/vehicles/41');
    await waitFor(() => expect(toastText()).toContain('Payment Successful!'));
    expect(toastText()).toContain('Your Premium Spotlight advertising package has been activated.');
    expect(dialog.querySelector('.payment-result__icon--success')).not.toBeNull();
  });

  it('believes the server over the address: URL success, server failed → Payment Failed', async () => {
    session.current = { status: 'signedIn', user: { uid: 'seller-adaeze' }, revision: 0 };
    returnFromPayment(`/?payment=success&package=premium&vehicle=41&reference=${REF}`, () => json(200, payment({ status: 'failed', paidAt: null, boostEndsAt: null })));
    const dialog = await overlay('Payment Failed');
    expect(screen.queryByText('Payment Successful!')).toBeNull();
    expect(dialog.textContent).toContain('check your payment details and try again');
    expect(within(dialog).getByRole('link', { name: 'Try Again' }).getAttribute('href')).toMatch(/^\/advertise/);
    expect(dialog.querySelector('.payment-result__icon--failed')).not.toBeNull();
    await waitFor(() => expect(toastText()).toContain(`Payment ${REF} could not be processed. Please try again.`));
  });

  it.each(['abandoned', 'reversed'] as const)('treats a %s payment as failed', async (status) => {
    session.current = { status: 'signedIn', user: { uid: 'seller-adaeze' }, revision: 0 };
    returnFromPayment(`/?payment=success&reference=${REF}`, () => json(200, payment({ status })));
    expect(await overlay('Payment Failed')).toBeTruthy();
  });

  it('says Payment Error when the server does not know the payment (404)', async () => {
    session.current = { status: 'signedIn', user: { uid: 'seller-adaeze' }, revision: 0 };
    returnFromPayment(`/?payment=success&reference=${REF}`, () => json(404, { error: { code: 'PAYMENT_NOT_FOUND', message: 'Payment not found', details: [] } }));
    const dialog = await overlay('Payment Error');
    expect(dialog.textContent).toContain('contact our support team');
    expect(within(dialog).getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/advertise');
    expect(dialog.querySelector('.payment-result__icon--warning')).not.toBeNull();
    await waitFor(() => expect(toastText()).toContain('An error occurred during payment processing. Please contact support.'));
  });

  it('says Payment Error for payment=error without a reference, asking nothing', async () => {
    session.current = { status: 'signedIn', user: { uid: 'seller-adaeze' }, revision: 0 };
    const { calls } = returnFromPayment('/?payment=error');
    expect(await overlay('Payment Error')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('asks a signed-out visitor to sign in instead of guessing', async () => {
    session.current = { status: 'signedOut', user: null, revision: 0 };
    const { calls } = returnFromPayment(`/?payment=success&reference=${REF}`);
    const dialog = await overlay('Sign in to see your payment');
    expect(within(dialog).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(`/auth?redirect=${encodeURIComponent(`/?payment=success&reference=${REF}`)}`);
    expect(screen.queryByText('Payment Successful!')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('closing takes the payment parameters out of the address and keeps the rest', async () => {
    session.current = { status: 'signedIn', user: { uid: 'seller-adaeze' }, revision: 0 };
    const { person } = returnFromPayment(`/browse?location=Lagos&payment=success&package=premium&vehicle=41&reference=${REF}`);
    const dialog = await overlay('Payment Successful!');
    await person.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('where').textContent).toBe('/browse?location=Lagos');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with Escape', async () => {
    session.current = { status: 'signedIn', user: { uid: 'seller-adaeze' }, revision: 0 };
    returnFromPayment(`/?payment=failed&reference=${REF}`, () => json(200, payment({ status: 'failed' })));
    const dialog = await overlay('Payment Failed');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByTestId('where').textContent).toBe('/');
  });
});

describe('a payment the gateway has not confirmed yet', () => {
  /**
   * Runs the fake clock forward, then lets the answers it asked for arrive (reading a response body takes
   * real turns of the event loop) and the screen follow them (react-query tells its observers on a 0 ms
   * timer, which a fake clock fires a millisecond later): a few milliseconds more than `ms` in all.
   */
  const pass = async (ms: number) => {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
      for (let turn = 0; turn < 3; turn++) {
        await new Promise((resolve) => setImmediate(resolve));
        await vi.advanceTimersByTimeAsync(1);
      }
    });
  };

  it('is asked about every 2 seconds until the server knows, then shows what it says', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    session.current = { status: 'signedIn', user: { uid: 'seller-adaeze' }, revision: 0 };
    let answers = 0;
    const { calls } = returnFromPayment(`/?payment=success&reference=${REF}`, () => json(200, payment({ status: ++answers < 3 ? 'pending' : 'success' })), { direct: true });
    await pass(0);
    expect(screen.getByRole('dialog', { name: 'Confirming your payment…' })).toBeTruthy();
    expect(calls).toHaveLength(1);
    await pass(POLL_MS - 100);
    expect(calls).toHaveLength(1);
    await pass(100);
    expect(calls).toHaveLength(2);
    expect(screen.queryByText('Payment Successful!')).toBeNull();
    await pass(POLL_MS);
    expect(calls).toHaveLength(3);
    expect(screen.getByRole('dialog', { name: 'Payment Successful!' })).toBeTruthy();
    await pass(POLL_MS * 3);
    expect(calls).toHaveLength(3);
  });

  it('stops asking after about 30 seconds and says a notification will follow', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    session.current = { status: 'signedIn', user: { uid: 'seller-adaeze' }, revision: 0 };
    const { calls } = returnFromPayment(`/?payment=success&reference=${REF}`, () => json(200, payment({ status: 'pending', paidAt: null })), { direct: true });
    await pass(CONFIRM_WAIT_MS - 100);
    expect(screen.getByRole('dialog', { name: 'Confirming your payment…' })).toBeTruthy();
    await pass(100);
    const dialog = screen.getByRole('dialog', { name: 'Payment still being confirmed' });
    expect(dialog.textContent).toContain('You will get a notification');
    const asked = calls.length;
    expect(asked).toBeGreaterThanOrEqual(CONFIRM_WAIT_MS / POLL_MS - 1);
    await pass(POLL_MS * 5);
    expect(calls).toHaveLength(asked);
    expect(screen.queryByText('Payment Successful!')).toBeNull();
  });
});
