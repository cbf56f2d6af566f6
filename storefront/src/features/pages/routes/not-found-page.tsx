import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../components/use-page-title';

export function Component() {
  usePageTitle('Page Not Found');
  return (
    <div className="page state">
      <p className="state__code" aria-hidden="true">404</p>
      <h1 className="state__title">404 Page Not Found</h1>
      <p className="muted">We could not find the page you were looking for. It may have moved, or the link may be mistyped.</p>
      <p className="cta__actions">
        <Link to="/" className="btn btn--primary">Go to Homepage</Link>
        <Link to="/browse" className="btn btn--outline">Browse Vehicles</Link>
      </p>
    </div>
  );
}
