import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { BellIcon } from '../../../components/icons';
import { useSession } from '../../auth/session';
import { filtersToParams, type BrowseFilters } from '../../vehicles/filters';
import { whyNotSavable } from '../criteria';

// The dialog (and react-query's mutation code) is fetched when a buyer is about to save, not with Browse.
const loadDialog = () => import('./save-search-dialog');
const SaveSearchDialog = lazy(loadDialog);

/** The parameter that opens the save dialog, so signing in brings a buyer back to Browse with it open. */
export const SAVE_AFTER_SIGN_IN = 'save';

/**
 * Browse's "Save Search": keeps the search (every filter, the text, the sort) and alerts the buyer to
 * new matches. A visitor goes to sign in and comes back to the same search with the dialog open.
 * A search with nothing to match by cannot be saved: the button says why instead.
 */
export function SaveSearchButton({ filters }: { filters: BrowseFilters }) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  // Pressed while the session was still being restored: acted on once it is known.
  const [waiting, setWaiting] = useState(false);
  const [explained, setExplained] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const hintId = useId();
  const reason = whyNotSavable(filters);
  const signedIn = session.status === 'signedIn';

  const back = new URLSearchParams(filtersToParams(filters));
  back.set(SAVE_AFTER_SIGN_IN, '1');
  const signInHref = `/auth?redirect=${encodeURIComponent(`${location.pathname}?${back.toString()}`)}`;

  // Back from signing in to save this search: the dialog opens, and the address forgets why it came.
  const wantsSave = params.get(SAVE_AFTER_SIGN_IN) === '1';
  useEffect(() => {
    if (!wantsSave || session.status === 'loading') return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SAVE_AFTER_SIGN_IN);
        return next;
      },
      { replace: true },
    );
    if (signedIn && !reason) setOpen(true);
  }, [wantsSave, session.status, signedIn, reason, setParams]);

  useEffect(() => {
    if (!waiting || session.status === 'loading') return;
    setWaiting(false);
    if (signedIn) setOpen(true);
    else navigate(signInHref);
  }, [waiting, session.status, signedIn, navigate, signInHref]);

  // The dialog gives the focus back to what opened it; one that opened by itself (after sign-in) gives it here.
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      if (!button.current?.contains(document.activeElement)) button.current?.focus();
    }
  }, [open]);

  if (reason) {
    return (
      <div className="save-search">
        {/* Focusable (not disabled), so a keyboard or screen reader reaches it and hears why; a press shows why. */}
        <button ref={button} type="button" className="btn btn--outline save-search__button" aria-disabled="true" aria-describedby={hintId} onClick={() => setExplained(true)}>
          <BellIcon /> Save Search
        </button>
        <p id={hintId} className={explained ? 'save-search__hint muted small' : 'visually-hidden'}>
          {reason}
        </p>
      </div>
    );
  }

  return (
    <div className="save-search">
      {session.status === 'signedOut' ? (
        <Link to={signInHref} className="btn btn--outline save-search__button" aria-describedby={hintId}>
          <BellIcon /> Save Search
        </Link>
      ) : (
        <button
          ref={button}
          type="button"
          className="btn btn--outline save-search__button"
          onPointerEnter={() => void loadDialog()}
          onFocus={() => void loadDialog()}
          onClick={() => (signedIn ? setOpen(true) : setWaiting(true))}
        >
          <BellIcon /> Save Search
        </button>
      )}
      {session.status === 'signedOut' && (
        <span id={hintId} className="visually-hidden">
          Sign in first; you come back to this search to save it.
        </span>
      )}
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog filters={filters} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
