import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router-dom';
import { Component as HomePage } from '../features/home/routes/home-page';
import { Component as BrowsePage } from '../features/vehicles/routes/browse-page';
import { featuredVehiclesQuery, vehicleSearchQuery } from '../features/vehicles/api/search-vehicles';
import { filtersFromParams } from '../features/vehicles/filters';
import { queryClient } from './query-client';
import { RouteError } from './route-error';
import { AppShellFallback, Layout } from './layout';

// Each screen is its own chunk: a phone on a slow network fetches only the page it opens. Home and
// Browse, where almost every visit lands, ship with the app so their photos need no second trip.
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppShellFallback />,
    children: [
      { index: true, loader: prefetchFeatured, Component: HomePage },
      { path: 'browse', loader: prefetchBrowse, Component: BrowsePage },
      { path: 'vehicles/:id', lazy: () => import('../features/vehicles/routes/vehicle-page') },
      { path: 'vehicle/:id', lazy: () => import('../features/vehicles/routes/vehicle-page').then((m) => ({ Component: m.RedirectToVehicle })) },
      { path: 'auth', lazy: () => import('../features/auth/routes/auth-page') },
      { path: 'create-listing', lazy: () => import('../features/listings/routes/create-listing-page') },
      { path: 'edit-listing/:id', lazy: () => import('../features/listings/routes/edit-listing-page') },
      { path: 'profile', lazy: () => import('../features/profile/routes/profile-page') },
      { path: 'about', lazy: () => import('../features/pages/routes/about-page') },
      { path: '*', lazy: () => import('../features/pages/routes/not-found-page') },
    ],
  },
]);

// Listings are requested while the page's code downloads, not after: on a slow network that is the
// difference between one round trip and two before the first photo shows. Not awaited, so a slow
// answer never holds the page back; the screen picks the same query up from the cache.
function prefetchBrowse({ request }: LoaderFunctionArgs): null {
  void queryClient.prefetchInfiniteQuery(vehicleSearchQuery(filtersFromParams(new URL(request.url).searchParams)));
  return null;
}

function prefetchFeatured(): null {
  void queryClient.prefetchQuery(featuredVehiclesQuery());
  return null;
}
