import { useRef, useState } from 'react';
import { EmptyState, ErrorState, Spinner } from '../../../components/states';
import { useWebhookEndpoints } from '../api/list-webhook-endpoints';
import { AddEndpointDialog } from './add-endpoint-dialog';
import { WebhookEndpointRow } from './webhook-endpoint-row';

/** Profile → Developer → Webhooks: the addresses Voltmarket tells of events, each with its deliveries. */
export function WebhooksSection() {
  const endpoints = useWebhookEndpoints();
  const [adding, setAdding] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section className="stack" aria-labelledby="webhooks-heading">
      <div className="section-head">
        <h2 id="webhooks-heading" ref={heading} tabIndex={-1} className="h3">
          Webhooks
        </h2>
        <button type="button" className="btn btn--primary btn--sm" onClick={() => setAdding(true)}>
          Add endpoint
        </button>
      </div>
      <p className="muted small">We send a POST to your address when something happens, such as a listing approved or a message received.</p>
      {endpoints.isError && !endpoints.data ? (
        <ErrorState title="We could not load your webhooks" error={endpoints.error} onRetry={() => void endpoints.refetch()} />
      ) : !endpoints.data ? (
        <Spinner label="Loading your webhooks..." />
      ) : endpoints.data.length === 0 ? (
        <EmptyState title="No webhook endpoints yet">
          <p className="muted small">Add your address to hear of new messages and changes to your listings as they happen.</p>
        </EmptyState>
      ) : (
        <ul className="developer-list">
          {endpoints.data.map((endpoint) => (
            <WebhookEndpointRow key={endpoint.id} endpoint={endpoint} onRemoved={() => heading.current?.focus()} />
          ))}
        </ul>
      )}
      {adding && <AddEndpointDialog onClose={() => setAdding(false)} />}
    </section>
  );
}
