import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../../components/toast';
import { formatDate } from '../../../lib/format';
import { asSentence } from '../../../lib/sentence';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';
import { usePingWebhookEndpoint } from '../api/ping-webhook-endpoint';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import { endpointState, eventLabel } from '../labels';
import type { WebhookEndpoint } from '../../../lib/api-types';
import { WebhookDeliveries } from './webhook-deliveries';

interface WebhookEndpointRowProps {
  endpoint: WebhookEndpoint;
  /** The row is gone, and the focus with it: the section takes it. */
  onRemoved: () => void;
}

/** One endpoint: its address, events and state; Send test event, Turn off or on, Deliveries, Remove (asked first). */
export function WebhookEndpointRow({ endpoint, onRemoved }: WebhookEndpointRowProps) {
  const ping = usePingWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const [confirming, setConfirming] = useState(false);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const deliveriesId = useId();
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);

  const sendTest = () =>
    ping.mutate(endpoint.id, {
      onSuccess: () => toast({ title: 'Test event sent', description: 'It is on its way; see it under Deliveries.' }),
      onError: (error) => toast({ title: 'Test event not sent', description: error.message, variant: 'destructive' }),
    });
  const turn = (enabled: boolean) =>
    update.mutate(
      { id: endpoint.id, patch: { enabled } },
      {
        onSuccess: () => toast(enabled ? { title: 'Endpoint turned on', description: 'It gets the next event.' } : { title: 'Endpoint turned off', description: 'Nothing is sent to it until you turn it on.' }),
        onError: (error) => toast({ title: 'Change not saved', description: error.message, variant: 'destructive' }),
      },
    );
  const confirmRemove = () =>
    remove.mutate(endpoint.id, {
      onSuccess: () => {
        toast({ title: 'Endpoint removed', description: 'Nothing more is sent to it.' });
        onRemoved();
      },
      onError: (error) => toast({ title: 'Could not remove it', description: error.message, variant: 'destructive' }),
    });

  return (
    <li className={`card developer-item${endpoint.enabled ? '' : ' developer-item--off'}`}>
      <div className="developer-item__head">
        <h3 className="h4 developer-item__title developer-item__url">{endpoint.url}</h3>
        <EndpointStatus endpoint={endpoint} />
      </div>
      <ul className="developer-tags" aria-label="Events">
        {endpoint.events.map((event) => (
          <li key={event}>{eventLabel(event)}</li>
        ))}
      </ul>
      <p className="muted small">Added {formatDate(endpoint.createdAt)}</p>
      <div className="developer-item__actions">
        <button type="button" className="btn btn--outline btn--sm" disabled={ping.isPending} aria-label={`Send a test event to ${endpoint.url}`} onClick={sendTest}>
          {ping.isPending ? 'Sending...' : 'Send test event'}
        </button>
        <button type="button" className="btn btn--outline btn--sm" disabled={update.isPending} aria-label={`${endpoint.enabled ? 'Turn off' : 'Turn on'} ${endpoint.url}`} onClick={() => turn(!endpoint.enabled)}>
          {endpoint.enabled ? 'Turn off' : 'Turn on'}
        </button>
        <button type="button" className="btn btn--outline btn--sm" aria-expanded={showDeliveries} aria-controls={deliveriesId} onClick={() => setShowDeliveries((open) => !open)}>
          Deliveries
        </button>
        <button
          ref={removeButton}
          type="button"
          className="btn btn--ghost btn--sm developer-item__danger"
          aria-label={`Remove ${endpoint.url}`}
          aria-expanded={confirming}
          onClick={() => setConfirming(true)}
        >
          Remove
        </button>
      </div>
      {confirming && (
        <div className="notice notice--danger developer-item__confirm" role="group" aria-label="Remove this endpoint?">
          <p>Remove this endpoint? Nothing more is sent to it, and its deliveries are forgotten.</p>
          <span className="developer-item__actions">
            <button type="button" className="btn btn--danger btn--sm" disabled={remove.isPending} onClick={confirmRemove}>
              {remove.isPending ? 'Removing...' : 'Yes, remove'}
            </button>
            <button
              ref={keep}
              type="button"
              className="btn btn--outline btn--sm"
              onClick={() => {
                setConfirming(false);
                removeButton.current?.focus();
              }}
            >
              Keep it
            </button>
          </span>
        </div>
      )}
      {showDeliveries && <WebhookDeliveries id={deliveriesId} endpoint={endpoint} />}
    </li>
  );
}

function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  const state = endpointState(endpoint);
  switch (state.kind) {
    case 'active':
      return <span className="status status--active">Active</span>;
    case 'off':
      return <span className="status status--ended">Off</span>;
    case 'failing':
      return <span className="status status--pending">Failing since {formatDate(state.since)}</span>;
    case 'disabled':
      return <p className="notice notice--warning developer-item__notice">Disabled: {asSentence(state.reason)}</p>;
  }
}
