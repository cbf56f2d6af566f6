import { useEffect, useRef, useState } from 'react';
import { EmptyState, ErrorState, Spinner } from '../../../components/states';
import { toast } from '../../../components/toast';
import { useNow } from '../../../components/use-now';
import { formatDate } from '../../../lib/format';
import { useApiKeys } from '../api/list-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { API_DOCS_URL, lastUsed, scopeLabel } from '../labels';
import type { ApiKey } from '../../../lib/api-types';
import { CreateKeyDialog } from './create-key-dialog';

/** Profile → Developer → API keys: what a key is, the seller's keys, Create key and Revoke. */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const now = useNow(60_000);
  return (
    <section className="stack" aria-labelledby="api-keys-heading">
      <div className="section-head">
        <h2 id="api-keys-heading" className="h3">API keys</h2>
        <button type="button" className="btn btn--primary btn--sm" onClick={() => setCreating(true)}>
          Create key
        </button>
      </div>
      <p className="muted small">
        Let your own software list and update your cars. A key acts as you, with only the permissions you give it.{' '}
        <a href={API_DOCS_URL} target="_blank" rel="noreferrer">
          Read the API docs<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
      {keys.isError && !keys.data ? (
        <ErrorState title="We could not load your API keys" error={keys.error} onRetry={() => void keys.refetch()} />
      ) : !keys.data ? (
        <Spinner label="Loading your API keys..." />
      ) : keys.data.length === 0 ? (
        <EmptyState title="No API keys yet">
          <p className="muted small">Create one for each program that works with your listings, so you can stop one without the others.</p>
        </EmptyState>
      ) : (
        <ul className="developer-list">
          {keys.data.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} now={now} />
          ))}
        </ul>
      )}
      {creating && <CreateKeyDialog onClose={() => setCreating(false)} />}
    </section>
  );
}

function ApiKeyRow({ apiKey, now }: { apiKey: ApiKey; now: number }) {
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  const name = useRef<HTMLHeadingElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const revoked = apiKey.revokedAt !== null;
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);

  const confirmRevoke = () =>
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: `Revoked “${apiKey.name}”`, description: 'Requests made with it are refused from now on.' });
        // Revoke and the question are gone: the key's name, now marked Revoked, takes the focus.
        name.current?.focus();
      },
      onError: (error) => toast({ title: 'Could not revoke it', description: error.message, variant: 'destructive' }),
    });

  return (
    <li className={`card developer-item${revoked ? ' developer-item--off' : ''}`}>
      <div className="developer-item__head">
        <h3 ref={name} tabIndex={-1} className="h4 developer-item__title user-text">{apiKey.name}</h3>
        {revoked && <span className="status status--ended">Revoked</span>}
      </div>
      <p className="small">
        <code className="developer-code">{apiKey.prefix}…</code>
      </p>
      <ul className="developer-tags" aria-label="Permissions">
        {apiKey.scopes.map((scope) => (
          <li key={scope}>{scopeLabel(scope)}</li>
        ))}
      </ul>
      <p className="muted small">
        Created {formatDate(apiKey.createdAt)} · {lastUsed(apiKey.lastUsedAt, now)}
        {apiKey.revokedAt && <> · Revoked {formatDate(apiKey.revokedAt)}</>}
      </p>
      {!revoked && (
        <div className="developer-item__actions">
          <button
            ref={revokeButton}
            type="button"
            className="btn btn--ghost btn--sm developer-item__danger"
            aria-label={`Revoke “${apiKey.name}”`}
            aria-expanded={confirming}
            onClick={() => setConfirming(true)}
          >
            Revoke
          </button>
        </div>
      )}
      {!revoked && confirming && (
        <div className="notice notice--danger developer-item__confirm" role="group" aria-label={`Revoke “${apiKey.name}”?`}>
          <p>Revoke “{apiKey.name}”? Software using it stops working at once.</p>
          <span className="developer-item__actions">
            <button type="button" className="btn btn--danger btn--sm" disabled={revoke.isPending} onClick={confirmRevoke}>
              {revoke.isPending ? 'Revoking...' : 'Yes, revoke'}
            </button>
            <button
              ref={keep}
              type="button"
              className="btn btn--outline btn--sm"
              onClick={() => {
                setConfirming(false);
                revokeButton.current?.focus();
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
