import { Admin, CustomRoutes, Resource } from 'react-admin';
import { createBrowserRouter, Route, RouterProvider } from 'react-router-dom';
import { AdvertisingPage } from '../advertising/AdvertisingPage';
import { AnalyticsPage } from '../analytics/AnalyticsPage';
import advertisingPackages from '../advertising-packages';
import auditLog from '../audit-log';
import { authProvider } from '../auth/auth-provider';
import { LoginPage } from '../auth/LoginPage';
import { Dashboard } from '../dashboard/Dashboard';
import { dataProvider } from '../data/data-provider';
import payments from '../payments';
import rentalVehicles from '../rental-vehicles';
import rentals from '../rentals';
import reviews from '../reviews';
import contactMessages from '../contact-messages';
import listingChanges from '../listing-changes';
import reports from '../reports';
import dealerRequests from '../dealer-requests';
import users from '../users';
import vehicles from '../vehicles';
import { AdminLayout } from './AdminLayout';
import { NotAllowedPage } from './NotAllowedPage';
import { theme } from './theme';

/**
 * The backoffice at /admin with real paths (/admin/vehicles?filter=…), not hash URLs: react-admin
 * sits under an /admin/* route of a browser data router (which its unsaved-changes warning needs)
 * and prefixes the paths it builds with the basename.
 */
const router = createBrowserRouter([{ path: '/admin/*', element: <Backoffice /> }]);

export function App() {
  // Navigations as plain updates, not transitions: react-admin's sign-out redirect refetches auth
  // state straight after navigating, and those urgent updates would starve a transition forever
  // (an endless redirect to /admin/login).
  return <RouterProvider router={router} useTransitions={false} />;
}

function Backoffice() {
  return (
    <Admin
      basename="/admin"
      title="Voltmarket Backoffice"
      dataProvider={dataProvider}
      authProvider={authProvider}
      loginPage={LoginPage}
      layout={AdminLayout}
      dashboard={Dashboard}
      accessDenied={NotAllowedPage}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      <Resource name="vehicles" {...vehicles} />
      <Resource name="users" {...users} />
      <Resource name="payments" {...payments} />
      <Resource name="advertising-packages" {...advertisingPackages} />
      <Resource name="rentals" {...rentals} />
      <Resource name="rental-vehicles" {...rentalVehicles} />
      <Resource name="listing-changes" {...listingChanges} />
      <Resource name="reports" {...reports} />
      <Resource name="reviews" {...reviews} />
      <Resource name="contact-messages" {...contactMessages} />
      <Resource name="dealer-requests" {...dealerRequests} />
      <Resource name="audit-log" {...auditLog} />
      <CustomRoutes>
        <Route path="/advertising" element={<AdvertisingPage />} />
        <Route path="/analytics" element={<AnalyticsPage />} />
      </CustomRoutes>
    </Admin>
  );
}
