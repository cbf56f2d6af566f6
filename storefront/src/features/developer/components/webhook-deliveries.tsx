import { EmptyState, ErrorState, Spinner } from '../../../components/states';
import { toast } from '../../../components/toast';
import { useNow } from '../../../components/use-now';
import { chatHeaderTime } from '../../../lib/chat-time';
import { useWebhookDeliveries } from '../api/list-webhook-deliveries';
import { useReplayWebhookDelivery } from '../api/replay-webhook-delivery';
import { deliveryResponse, deliveryStatus, eventLabel } from '../labels';
import type { WebhookDelivery, WebhookEndpoint } from '../../../lib/api-types';

const STATUS_CLASS: Record<WebhookDelivery['status'], string> = { succeeded: 'status--active', pending: 'status--pending', failed: 'status--rejected' };

/** An endpoint's deliveries, newest first: what was sent, how it went, and Send again. */
export function WebhookDeliveries({ id, endpoint }: { id: string; endpoint: WebhookEndpoint }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  const replay = useReplayWebhookDelivery();
  const now = useNow();
  const rows = deliveries.data?.pages.flatMap((p) => p.deliveries) ?? [];

  const sendAgain = (delivery: WebhookDelivery) =>
    replay.mutate(
      { endpointId: endpoint.id, deliveryId: delivery.id },
      {
        onSuccess: () => toast({ title: 'Sent again', description: `“${eventLabel(delivery.event)}” is on its way to your endpoint.` }),
        onError: (error) => toast({ title: 'Not sent again', description: error.message, variant: 'destructive' }),
      },
    );

  return (
    <div id={id} className="developer-deliveries">
      {deliveries.isError && !deliveries.data ? (
        <ErrorState title="We could not load the deliveries" error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      ) : !deliveries.data ? (
        <Spinner label="Loading deliveries..." />
      ) : rows.length === 0 ? (
        <EmptyState title="No deliveries yet">
          <p className="muted small">Each event sent to this endpoint shows here. Send a test event to see one.</p>
        </EmptyState>
      ) : (
        <>
          <table className="deliveries">
            <caption className="visually-hidden">Deliveries to {endpoint.url}</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Response</th>
                <th scope="col">Time</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((delivery) => {
                const at = delivery.lastAttemptAt ?? delivery.createdAt;
                const busy = replay.isPending && replay.variables?.deliveryId === delivery.id;
                return (
                  <tr key={delivery.id}>
                    <th scope="row" data-label="Event">{eventLabel(delivery.event)}</th>
                    <td data-label="Status">
                      <span className={`status ${STATUS_CLASS[delivery.status]}`}>{deliveryStatus(delivery)}</span>
                    </td>
                    <td data-label="Attempts">{delivery.attempts}</td>
                    <td data-label="Response">
                      <span>
                        {deliveryResponse(delivery)}
                        {delivery.lastError && <span className="muted small block user-text">{delivery.lastError}</span>}
                      </span>
                    </td>
                    <td data-label="Time">
                      <time dateTime={at}>{chatHeaderTime(at, now)}</time>
                    </td>
                    <td className="deliveries__action">
                      <button type="button" className="btn btn--outline btn--sm" disabled={busy} aria-label={`Send “${eventLabel(delivery.event)}” of ${chatHeaderTime(delivery.createdAt, now)} again`} onClick={() => sendAgain(delivery)}>
                        {busy ? 'Sending...' : 'Send again'}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {deliveries.hasNextPage && (
            <div className="more-results">
              <button type="button" className="btn btn--outline" disabled={deliveries.isFetchingNextPage} onClick={() => void deliveries.fetchNextPage()}>
                {deliveries.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
