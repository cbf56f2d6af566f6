import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { Spinner } from '../components/states';
import { Toaster } from '../components/toast';
import { PaymentResultSlot } from '../features/advertising/components/payment-result-slot';
import { useSession } from '../features/auth/session';
import { Footer } from './footer';
import { NavBar } from './nav-bar';

// Only signed-in people have a stream: visitors never download its code.
const LiveUpdates = lazy(() => import('./live-updates'));

export function Layout() {
  const navigation = useNavigation();
  const { user } = useSession();
  return (
    <>
      {user && (
        <Suspense fallback={null}>
          <LiveUpdates key={user.uid} uid={user.uid} />
        </Suspense>
      )}
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <NavBar />
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <PaymentResultSlot />
      <Toaster />
      <ScrollRestoration />
    </>
  );
}

/** Shown for the moment before the first screen's code has arrived. */
export function AppShellFallback() {
  return (
    <>
      <header className="nav">
        <div className="nav__inner">
          <span className="nav__brand">Voltmarket</span>
        </div>
      </header>
      <main id="main">
        <Spinner />
      </main>
    </>
  );
}
