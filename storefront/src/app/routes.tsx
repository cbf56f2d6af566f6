import { matchRoutes, type RouteObject } from 'react-router-dom';
import { Component as HomePage } from '../features/home/routes/home-page';
import { Component as BrowsePage } from '../features/vehicles/routes/browse-page';
import { Component as VehiclePage, RedirectToVehicle } from '../features/vehicles/routes/vehicle-page';
import { RouteError } from './route-error';
import { AppShellFallback, Layout } from './layout';

// Each screen is its own chunk: a phone on a slow network fetches only the page it opens. Home,
// Browse and a vehicle's page, where almost every visit lands (shared links open a vehicle), ship
// with the app. The server renders the public pages (entry-server.tsx) with these same routes; their
// ids name the data it reads for each before rendering.
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppShellFallback />,
    children: [
      { id: 'home', index: true, Component: HomePage },
      { id: 'browse', path: 'browse', Component: BrowsePage },
      { id: 'vehicle', path: 'vehicles/:id', Component: VehiclePage },
      { path: 'vehicle/:id', Component: RedirectToVehicle },
      { id: 'seller', path: 'sellers/:id', lazy: () => import('../features/sellers/routes/seller-page') },
      { id: 'rent', path: 'rent', lazy: () => import('../features/rentals/routes/rent-page') },
      { path: 'auth', lazy: () => import('../features/auth/routes/auth-page') },
      { path: 'create-listing', lazy: () => import('../features/listings/routes/create-listing-page') },
      { path: 'edit-listing/:id', lazy: () => import('../features/listings/routes/edit-listing-page') },
      { path: 'profile', lazy: () => import('../features/profile/routes/profile-page') },
      { path: 'profile/listings/:id/insights', lazy: () => import('../features/insights/routes/listing-insights-page') },
      { id: 'advertise', path: 'advertise', lazy: () => import('../features/advertising/routes/advertise-page') },
      { path: 'about', lazy: () => import('../features/pages/routes/about-page') },
      { path: 'safety', lazy: () => import('../features/pages/routes/safety-page') },
      { path: 'buyer-protection', lazy: () => import('../features/pages/routes/buyer-protection-page') },
      { path: 'terms', lazy: () => import('../features/pages/routes/terms-page') },
      { path: 'privacy', lazy: () => import('../features/pages/routes/privacy-page') },
      { path: 'help', lazy: () => import('../features/pages/routes/help-page') },
      { path: 'contact', lazy: () => import('../features/contact/routes/contact-page') },
      { path: 'unsubscribe', lazy: () => import('../features/saved-searches/routes/unsubscribe-page') },
      { path: '*', lazy: () => import('../features/pages/routes/not-found-page') },
    ],
  },
];

/**
 * Loads the code of the routes a page matches and puts it in place of their `lazy`, so the page
 * renders at once: the browser must hydrate exactly what the server drew, not a loading fallback.
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
