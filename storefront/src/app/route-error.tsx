import { Link } from 'react-router-dom';
import { PageLive } from '../lib/first-view';

/** A page failed to load (often a new release replacing old chunks, or a dropped connection). */
export function RouteError() {
  return (
    <main className="page state" role="alert">
      <h1 className="state__title">This page could not be loaded</h1>
      <p className="muted">Please check your connection and try again.</p>
      <p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Reload
        </button>{' '}
        <Link to="/" className="btn btn--outline" reloadDocument>
          Go to Homepage
        </Link>
      </p>
      <PageLive />
    </main>
  );
}
