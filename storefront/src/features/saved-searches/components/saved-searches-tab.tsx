import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState } from '../../../components/states';
import { formatNumber } from '../../../lib/format';
import { useSavedSearches } from '../api/get-saved-searches';
import { EmailAlertNote } from './email-alert-note';
import { SavedSearchRow } from './saved-search-row';

/** Profile → Saved searches: each search with its new matches, how it tells, and what can be done with it. */
export function SavedSearchesTab() {
  const list = useSavedSearches();
  const heading = useRef<HTMLHeadingElement>(null);
  const data = list.data;
  return (
    <section className="stack" aria-labelledby="saved-searches-heading">
      <div className="section-head">
        <h2 id="saved-searches-heading" ref={heading} tabIndex={-1} className="h3">
          Saved searches
        </h2>
        {data && (
          <p className="muted small saved-searches__count">
            {formatNumber(data.items.length)} of {formatNumber(data.limit)} saved
          </p>
        )}
      </div>
      {list.isError && !data ? (
        <ErrorState title="We could not load your saved searches" error={list.error} onRetry={() => void list.refetch()} />
      ) : !data ? (
        <SavedSearchesSkeleton />
      ) : (
        <>
          <EmailAlertNote email={data.email} />
          {data.items.length === 0 ? (
            <EmptyState title="No saved searches yet.">
              <p className="muted">On Browse, choose your filters and tap Save Search. We’ll tell you when a new match appears.</p>
              <Link to="/browse" className="btn btn--primary">
                Go to Browse
              </Link>
            </EmptyState>
          ) : (
            <ul className="saved-searches">
              {data.items.map((search) => (
                <SavedSearchRow key={search.id} search={search} email={data.email} onDeleted={() => heading.current?.focus()} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function SavedSearchesSkeleton() {
  return (
    <div role="status" aria-busy="true">
      <span className="visually-hidden">Loading your saved searches...</span>
      <ul className="saved-searches" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="card saved-search">
            <div className="skeleton skeleton--line saved-search__skeleton-name" />
            <div className="skeleton skeleton--line" />
            <div className="skeleton saved-search__skeleton-actions" />
          </li>
        ))}
      </ul>
    </div>
  );
}
