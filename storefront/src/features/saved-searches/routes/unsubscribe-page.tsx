import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorState, Spinner } from '../../../components/states';
import { useMetaTag } from '../../../components/use-meta-tag';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { useUnsubscribe } from '../api/unsubscribe';
import { SAVED_SEARCHES_PATH } from '../criteria';

/**
 * /unsubscribe?token=...: an alert email's "stop these" link (the API's GET sends browsers here). It
 * pauses that saved search at once, without signing in, and says which one. The token is a key to
 * that search: the page is kept out of search engines and sends no referrer anywhere.
 */
export function Component() {
  usePageTitle('Email alerts');
  useMetaTag('robots', 'noindex');
  useMetaTag('referrer', 'no-referrer');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const unsubscribe = useUnsubscribe();
  const { mutate } = unsubscribe;

  // Once per link: React runs effects twice in development, and a re-render is not a second click.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  return (
    <div className="page page--narrow unsubscribe-page">
      <div className="card unsubscribe-card">
        <h1 className="h2">Email alerts</h1>
        {!token ? (
          <Outcome title="This link is not valid." text="It may have been cut short when it was copied. Sign in to manage your saved searches." />
        ) : unsubscribe.isSuccess ? (
          <div className="stack" role="status">
            <p className="state__title user-text">Alerts paused for “{unsubscribe.data.name}”.</p>
            <p className="muted">We won’t send you alerts for this search until you resume it.</p>
            <Link to={SAVED_SEARCHES_PATH} className="btn btn--primary">
              Resume or manage your saved searches
            </Link>
          </div>
        ) : unsubscribe.isError ? (
          <Failure error={unsubscribe.error} onRetry={() => mutate(token)} />
        ) : (
          <Spinner label="Pausing these alerts..." />
        )}
      </div>
    </div>
  );
}

function Failure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const code = error instanceof ApiError ? error.code : null;
  const status = error instanceof ApiError ? error.status : 0;
  if (code === 'UNSUBSCRIBE_LINK_EXPIRED') {
    return <Outcome title="This link has expired." text="Links in alert emails work for a while only. Sign in to manage your saved searches and pause this one." />;
  }
  // An altered token, or one the API refuses on sight (too long): the link is not one we sent.
  if (code === 'INVALID_UNSUBSCRIBE_LINK' || status === 400) {
    return <Outcome title="This link is not valid." text="It may have been cut short when it was copied. Sign in to manage your saved searches." />;
  }
  if (status === 404) {
    return <Outcome title="This saved search no longer exists." text="It was deleted, so no more alerts come from it. Your other saved searches are on your profile." />;
  }
  return <ErrorState title="We could not pause these alerts" error={error} onRetry={onRetry} />;
}

function Outcome({ title, text }: { title: string; text: string }) {
  return (
    <div className="stack" role="alert">
      <p className="state__title">{title}</p>
      <p className="muted">{text}</p>
      <Link to={SAVED_SEARCHES_PATH} className="btn btn--primary">
        Manage your saved searches
      </Link>
    </div>
  );
}
