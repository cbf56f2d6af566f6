import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SelectField, TextField } from '../../../components/field';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import type { AlertChannel, SavedSearch } from '../../../lib/api-types';
import { formatNumber } from '../../../lib/format';
import { safeRedirect } from '../../../lib/safe-redirect';
import { useDeleteSavedSearch } from '../api/delete-saved-search';
import { useMarkSavedSearchSeen } from '../api/mark-saved-search-seen';
import { changeFailed, useUpdateSavedSearch } from '../api/update-saved-search';
import { canEmail, channelLabel, channelShortLabel, CHANNELS, describeCriteria, NAME_MAX, type AlertEmail } from '../criteria';

interface SavedSearchRowProps {
  search: SavedSearch;
  email: AlertEmail;
  /** The row is gone, and the focus with it: the list takes it. */
  onDeleted: () => void;
}

type Focus = 'rename' | 'delete' | 'keep';

/** One saved search: Open (its matches on Browse), Rename, Pause or Resume, how to tell, Delete (asked first). */
export function SavedSearchRow({ search, email, onDeleted }: SavedSearchRowProps) {
  const update = useUpdateSavedSearch();
  const seen = useMarkSavedSearchSeen();
  const remove = useDeleteSavedSearch();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const controls = useRef<Partial<Record<Focus, HTMLButtonElement | null>>>({});
  // The control that had the focus goes away (the rename form closes, the question is answered): the
  // one that takes its place gets it, once rendered.
  const focusNext = useRef<Focus | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    controls.current[focusNext.current]?.focus();
    focusNext.current = null;
  });
  const moveFocus = (to: Focus) => {
    focusNext.current = to;
  };

  const reachable = canEmail(email);
  const browseUrl = safeRedirect(search.browseUrl, '/browse');

  const setPaused = (paused: boolean) =>
    update.mutate(
      { id: search.id, patch: { paused } },
      {
        onSuccess: (saved) =>
          toast(paused ? { title: `Alerts paused for “${saved.name}”`, description: 'Nothing is sent until you resume it.' } : { title: `Alerts back on for “${saved.name}”` }),
        onError: changeFailed,
      },
    );
  const setChannel = (channel: AlertChannel) =>
    update.mutate({ id: search.id, patch: { channel } }, { onSuccess: (saved) => toast({ title: 'Change saved', description: `“${saved.name}”: ${channelLabel(channel, reachable)}` }), onError: changeFailed });
  const confirmDelete = () =>
    remove.mutate(search.id, {
      onSuccess: () => {
        toast({ title: `Deleted “${search.name}”`, description: 'Its alerts have stopped.' });
        onDeleted();
      },
      onError: (error) => {
        // Deleted already (another tab, another device): it is gone either way.
        if (error instanceof ApiError && error.status === 404) return onDeleted();
        toast({ title: 'Could not delete it', description: error.message, variant: 'destructive' });
      },
    });

  return (
    <li className={`card saved-search${search.paused ? ' saved-search--paused' : ''}`} data-saved-search-id={search.id}>
      {renaming ? (
        <RenameForm
          search={search}
          onDone={() => {
            setRenaming(false);
            moveFocus('rename');
          }}
        />
      ) : (
        <div className="saved-search__head">
          <h3 className="h4 saved-search__name user-text">{search.name}</h3>
          {search.newMatches > 0 && (
            <span className="saved-search__new">
              {formatNumber(search.newMatches)} new<span className="visually-hidden"> {search.newMatches === 1 ? 'match' : 'matches'}</span>
            </span>
          )}
          {search.paused && <span className="status status--pending">Paused</span>}
        </div>
      )}
      <p className="muted small user-text saved-search__criteria">{describeCriteria(search.criteria)}</p>
      <div className="saved-search__channel">
        <SelectField
          label="How to tell me"
          options={CHANNELS.map((c) => ({ value: c, label: channelShortLabel(c, reachable) }))}
          value={search.channel}
          aria-label={`How to tell me about “${search.name}”`}
          onChange={(e) => setChannel(e.target.value as AlertChannel)}
        />
      </div>
      <div className="saved-search__actions">
        <Link to={browseUrl} className="btn btn--primary btn--sm" aria-label={`Open “${search.name}”`} onClick={() => seen.mutate(search.id)}>
          Open
        </Link>
        <button
          ref={(node) => {
            controls.current.rename = node;
          }}
          type="button"
          className="btn btn--outline btn--sm"
          aria-label={`Rename “${search.name}”`}
          disabled={renaming}
          onClick={() => setRenaming(true)}
        >
          Rename
        </button>
        <button type="button" className="btn btn--outline btn--sm" aria-label={`${search.paused ? 'Resume' : 'Pause'} alerts for “${search.name}”`} onClick={() => setPaused(!search.paused)}>
          {search.paused ? 'Resume' : 'Pause'}
        </button>
        <button
          ref={(node) => {
            controls.current.delete = node;
          }}
          type="button"
          className="btn btn--ghost btn--sm saved-search__delete"
          aria-label={`Delete “${search.name}”`}
          aria-expanded={confirming}
          onClick={() => {
            setConfirming(true);
            moveFocus('keep');
          }}
        >
          Delete
        </button>
      </div>
      {confirming && (
        <div className="notice notice--danger saved-search__confirm" role="group" aria-label={`Delete “${search.name}”?`}>
          <p>Delete “{search.name}”? Its alerts stop, and this cannot be undone.</p>
          <span className="saved-search__confirm-actions">
            <button type="button" className="btn btn--danger btn--sm" disabled={remove.isPending} onClick={confirmDelete}>
              {remove.isPending ? 'Deleting...' : 'Yes, delete'}
            </button>
            <button
              ref={(node) => {
                controls.current.keep = node;
              }}
              type="button"
              className="btn btn--outline btn--sm"
              onClick={() => {
                setConfirming(false);
                moveFocus('delete');
              }}
            >
              Keep it
            </button>
          </span>
        </div>
      )}
    </li>
  );
}

/** The name in a field of its own, saved with Enter or Save; Escape or Cancel leaves it as it was. */
function RenameForm({ search, onDone }: { search: SavedSearch; onDone: () => void }) {
  const update = useUpdateSavedSearch();
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string | undefined>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Give this search a name');
    if (trimmed.length > NAME_MAX) return setError(`Keep the name to ${NAME_MAX} characters or fewer`);
    if (trimmed === search.name) return onDone();
    try {
      await update.mutateAsync({ id: search.id, patch: { name: trimmed } });
      onDone();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors() : {};
      setError(fields.name ?? (err instanceof Error ? err.message : 'Please try again.'));
    }
  };

  return (
    <form
      noValidate
      className="saved-search__rename"
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        onDone();
      }}
    >
      <TextField
        label={`New name for “${search.name}”`}
        name="name"
        maxLength={NAME_MAX}
        autoComplete="off"
        // The form replaces the name the buyer chose to change: typing goes straight into it.
        autoFocus
        value={name}
        error={error}
        onChange={(e) => {
          setName(e.target.value);
          setError(undefined);
        }}
      />
      <span className="saved-search__rename-actions">
        <button type="submit" className="btn btn--primary btn--sm" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save name'}
        </button>
        <button type="button" className="btn btn--outline btn--sm" onClick={onDone}>
          Cancel
        </button>
      </span>
    </form>
  );
}
