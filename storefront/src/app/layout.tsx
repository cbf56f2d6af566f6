import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { Spinner } from '../components/states';
import { Toaster } from '../components/toast';
import { PaymentResultSlot } from '../features/advertising/components/payment-result-slot';
import { useSession } from '../features/auth/session';
import { PageLive } from '../lib/first-view';
import { Footer } from './footer';
import { OfflineNote } from './offline-note';
import { OutboxNote } from './outbox-note';
import { NavBar } from './nav-bar';
import { SuspensionBanner } from '../features/safety/components/suspension-banner';

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
      <OfflineNote />
      <OutboxNote />
      {user && <SuspensionBanner />}
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
          <PageLive />
        </Suspense>
      </main>
      <Footer />
      <PaymentResultSlot />
      <Toaster />
      {/* Every page opened by its address has the key "default": keyed by its URL instead, so a
          typed address never lands at the scroll position of another page opened that way. */}
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? `${location.pathname}${location.search}` : location.key)} />
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
