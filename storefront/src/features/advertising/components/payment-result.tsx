import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { CheckIcon, CloseIcon, InfoIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { toast, type ToastMessage } from '../../../components/toast';
import type { PaymentView } from '../../../lib/api-types';
import { formatLagosDate } from '../../../lib/format';
import { useSession } from '../../auth/session';
import { usePayment } from '../api/get-payment';
import { boostLink } from '../boost';

export const POLL_MS = 2000;
/** How long a payment the gateway has not confirmed yet is asked about before the overlay stops waiting. */
export const CONFIRM_WAIT_MS = 30_000;
const PAYMENT_PARAMS = ['payment', 'package', 'vehicle', 'reference'];
// As the contract takes it; anything else could not be one of ours.
const REFERENCE = /^[A-Za-z0-9.=-]{6,100}$/;

type Outcome = 'confirming' | 'stillPending' | 'success' | 'failed' | 'error' | 'signIn';

/**
 * The result of a boost's payment, over whatever page the gateway sent the browser back to
 * (`?payment=success&reference=...`). The address only says which payment to ask about: what is shown
 * is what the server says of it, so a hand-edited `payment=success` proves nothing.
 */
export default function PaymentResult() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  const given = params.get('reference');
  const reference = given && REFERENCE.test(given) ? given : null;
  const [gaveUp, setGaveUp] = useState(false);
  const payment = usePayment(session.status === 'signedIn' ? reference : null, { polling: !gaveUp, pollMs: POLL_MS });

  let outcome: Outcome;
  if (!reference || params.get('payment') === null) outcome = 'error';
  else if (session.status === 'signedOut') outcome = 'signIn';
  else if (payment.isError) outcome = 'error';
  else if (payment.data?.status === 'success') outcome = 'success';
  else if (payment.data && payment.data.status !== 'pending') outcome = 'failed';
  else outcome = gaveUp ? 'stillPending' : 'confirming';

  useEffect(() => {
    if (outcome !== 'confirming') return;
    const timer = window.setTimeout(() => setGaveUp(true), CONFIRM_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  const data = payment.data;
  const toasted = useRef<Outcome | null>(null);
  useEffect(() => {
    if (toasted.current === outcome) return;
    const message = toastFor(outcome, data, reference);
    if (!message) return;
    toasted.current = outcome;
    toast(message);
  }, [outcome, data, reference]);

  const queryClient = useQueryClient();
  useEffect(() => {
    if (outcome !== 'success') return;
    // The boost now shows on the seller's listings, and the listing takes its turns in promoted spots.
    for (const key of ['my-listings', 'my-packages', 'vehicles']) void queryClient.invalidateQueries({ queryKey: [key] });
  }, [outcome, queryClient]);

  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of PAYMENT_PARAMS) next.delete(key);
        return next;
      },
      { replace: true },
    );

  const view = views[outcome]({ data, reference, here: location.pathname + location.search });
  return (
    <Modal label={view.title} onClose={close} className="modal payment-result">
      <div className="payment-result__head">
        <button type="button" className="icon-btn" aria-label="Close" onClick={close}>
          <CloseIcon />
        </button>
      </div>
      <div className={`payment-result__icon payment-result__icon--${view.tone}`} aria-hidden="true">
        {view.icon}
      </div>
      <h2 className="h3">{view.title}</h2>
      {view.body}
      <div className="payment-result__actions">{view.actions}</div>
    </Modal>
  );
}

function toastFor(outcome: Outcome, data: PaymentView | undefined, reference: string | null): ToastMessage | null {
  switch (outcome) {
    case 'success':
      return { title: 'Payment Successful!', description: `Your ${data?.packageName ?? ''} advertising package has been activated.` };
    case 'failed':
      return { title: 'Payment Failed', description: `Payment ${reference ?? ''} could not be processed. Please try again.`, variant: 'destructive' };
    case 'error':
      return { title: 'Payment Error', description: 'An error occurred during payment processing. Please contact support.', variant: 'destructive' };
    default:
      return null;
  }
}

interface ViewProps {
  data: PaymentView | undefined;
  reference: string | null;
  /** The page with its query, to come back to after signing in. */
  here: string;
}

interface View {
  title: string;
  tone: 'success' | 'failed' | 'warning';
  icon: ReactNode;
  body: ReactNode;
  actions: ReactNode;
}

const Home = () => <Link to="/" className="btn btn--outline">Go to Homepage</Link>;
const TryAgain = ({ data }: { data: PaymentView | undefined }) => (
  <Link to={data ? boostLink(data.vehicleId, data.packageType) : '/advertise'} className="btn btn--primary">Try Again</Link>
);
const ReferenceLine = ({ reference }: { reference: string | null }) => (reference ? <p className="muted small">Reference: <span className="user-text">{reference}</span></p> : null);
const CrossIcon = () => <CloseIcon width={32} height={32} />;

const views: Record<Outcome, (props: ViewProps) => View> = {
  confirming: () => ({
    title: 'Confirming your payment…',
    tone: 'warning',
    icon: <span className="spinner" />,
    body: <p role="status">We are waiting for Paystack to confirm your payment. This usually takes a few seconds.</p>,
    actions: null,
  }),
  stillPending: ({ reference }) => ({
    title: 'Payment still being confirmed',
    tone: 'warning',
    icon: <InfoIcon width={32} height={32} />,
    body: (
      <>
        <p>Your payment is still being confirmed. You will get a notification as soon as it is, and your boost starts then.</p>
        <ReferenceLine reference={reference} />
      </>
    ),
    actions: <Home />,
  }),
  success: ({ data }) => ({
    title: 'Payment Successful!',
    tone: 'success',
    icon: <CheckIcon width={32} height={32} />,
    body: (
      <>
        <p>
          Your {data?.packageName} package has been activated and <span className="user-text">{data?.vehicleTitle}</span> now has enhanced visibility.
        </p>
        <p className="notice notice--success small">
          Your boost is running{data?.boostEndsAt ? ` until ${formatLagosDate(data.boostEndsAt)}` : ''}: your listing takes its turns in the promoted spots of matching searches, and keeps its own place in every list.
        </p>
      </>
    ),
    actions: (
      <>
        <Home />
        {data && <Link to={`/vehicles/${data.vehicleId}`} className="btn btn--primary">View Listing</Link>}
      </>
    ),
  }),
  failed: ({ data, reference }) => ({
    title: 'Payment Failed',
    tone: 'failed',
    icon: <CrossIcon />,
    body: (
      <>
        <p>Your payment could not be processed. Please check your payment details and try again.</p>
        <ReferenceLine reference={reference} />
      </>
    ),
    actions: <TryAgain data={data} />,
  }),
  error: ({ reference }) => ({
    title: 'Payment Error',
    tone: 'warning',
    icon: <InfoIcon width={32} height={32} />,
    body: (
      <>
        <p>
          Something went wrong while processing your payment. Please contact our support team at <a href="mailto:support@voltmarket.ng">support@voltmarket.ng</a>
          {reference ? ' with the reference below' : ''}.
        </p>
        <ReferenceLine reference={reference} />
      </>
    ),
    actions: <TryAgain data={undefined} />,
  }),
  signIn: ({ reference, here }) => ({
    title: 'Sign in to see your payment',
    tone: 'warning',
    icon: <InfoIcon width={32} height={32} />,
    body: (
      <>
        <p>Sign in with the account you paid from to see the result of your payment.</p>
        <ReferenceLine reference={reference} />
      </>
    ),
    actions: <Link to={`/auth?redirect=${encodeURIComponent(here)}`} className="btn btn--primary">Sign In</Link>,
  }),
};
