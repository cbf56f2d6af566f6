import { CheckIcon } from '../../../components/icons';
import { timeHeaders, type Delivery } from '../chat-rules';

export interface ShownMessage {
  key: string;
  content: string;
  timestamp: string;
  mine: boolean;
  /** Only for my own messages. */
  delivery?: Delivery;
  onRetry?: () => void;
}

const clock = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** "Today, 14:05", "Yesterday, 09:30", else the date and time. */
export function timeHeaderText(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((day(now) - day(at)) / 86_400_000);
  if (days === 0) return `Today, ${clock(iso)}`;
  if (days === 1) return `Yesterday, ${clock(iso)}`;
  return `${at.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}, ${clock(iso)}`;
}

/** Messages oldest first, with a time header wherever more than 5 minutes passed. */
export function MessageList({ messages }: { messages: ShownMessage[] }) {
  const headers = timeHeaders(messages.map((m) => m.timestamp));
  return (
    <ol className="messages" aria-label="Messages">
      {messages.map((m, i) => (
        <li key={m.key} className="messages__item">
          {headers[i] && (
            <p className="messages__time-header" role="separator" aria-label={timeHeaderText(m.timestamp)}>
              <time dateTime={m.timestamp}>{timeHeaderText(m.timestamp)}</time>
            </p>
          )}
          <div className={`bubble ${m.mine ? 'bubble--mine' : 'bubble--theirs'}${m.delivery === 'failed' ? ' bubble--failed' : ''}`}>
            <p className="bubble__text">{m.content}</p>
            <p className="bubble__meta">
              <time dateTime={m.timestamp}>{clock(m.timestamp)}</time>
              {m.mine && m.delivery && <DeliveryMark delivery={m.delivery} />}
            </p>
            {m.delivery === 'failed' && m.onRetry && (
              <button type="button" className="btn btn--link bubble__retry" onClick={m.onRetry}>
                Retry
              </button>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

const DELIVERY_LABELS: Record<Delivery, string> = { sending: 'Sending', failed: 'Not sent', sent: 'Sent', read: 'Read' };

/** One tick sent, two ticks read. */
function DeliveryMark({ delivery }: { delivery: Delivery }) {
  const label = DELIVERY_LABELS[delivery];
  if (delivery === 'sending' || delivery === 'failed') {
    return <span className={`delivery delivery--${delivery}`}>{label}</span>;
  }
  return (
    <span className={`delivery delivery--${delivery}`} role="img" aria-label={label} data-ticks={delivery === 'read' ? 2 : 1}>
      <CheckIcon width={14} height={14} />
      {delivery === 'read' && <CheckIcon width={14} height={14} className="delivery__second" />}
    </span>
  );
}
