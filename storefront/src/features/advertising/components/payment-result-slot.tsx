import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';

// Almost no visit comes back from a payment: the overlay's code is fetched only for those that do.
const PaymentResult = lazy(() => import('./payment-result'));

/** Where the payment result overlay appears, on any page whose address has `?payment=`. */
export function PaymentResultSlot() {
  const [params] = useSearchParams();
  if (!params.has('payment')) return null;
  return (
    <Suspense fallback={null}>
      <PaymentResult />
    </Suspense>
  );
}
