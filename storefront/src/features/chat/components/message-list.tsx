import { Link } from 'react-router-dom';
import { CheckIcon } from '../../../components/icons';
import { timeHeaders, type Delivery } from '../chat-rules';
import { chatClock, chatHeaderTime } from '../../../lib/chat-time';

export interface ShownMessage {
  key: string;
  content: string;
  timestamp: string;
  mine: boolean;
  /** Only for my own messages. */
  delivery?: Delivery;
  /** A one-line tip shown under a message that asks for money up front (to the buyer only). */
  safetyTip?: string;
  onRetry?: () => void;
}

/** Messages oldest first, with a time header wherever more than 5 minutes passed. */
export function MessageList({ messages }: { messages: ShownMessage[] }) {
  const headers = timeHeaders(messages.map((m) => m.timestamp));
  return (
    <ol className="messages" aria-label="Messages">
      {messages.map((m, i) => (
        <li key={m.key} className="messages__item">
          {headers[i] && (
            <p className="messages__time-header" role="separator" aria-label={chatHeaderTime(m.timestamp)}>
              <time dateTime={m.timestamp}>{chatHeaderTime(m.timestamp)}</time>
            </p>
          )}
          <div className={`bubble ${m.mine ? 'bubble--mine' : 'bubble--theirs'}${m.delivery === 'failed' ? ' bubble--failed' : ''}`}>
            <p className="bubble__text">{m.content}</p>
            <p className="bubble__meta">
              <time dateTime={m.timestamp}>{chatClock(m.timestamp)}</time>
              {m.mine && m.delivery && <DeliveryMark delivery={m.delivery} />}
            </p>
            {m.safetyTip && (
              <p className="chat-safety-tip" role="note">
                {m.safetyTip} <Link to="/safety">Safety tips</Link>
              </p>
            )}
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

const DELIVERY_LABELS: Record<Delivery, string> = { sending: 'Sending', queued: 'Waiting to send', failed: 'Not sent', sent: 'Sent', read: 'Read' };

/** One tick sent, two ticks read. */
function DeliveryMark({ delivery }: { delivery: Delivery }) {
  const label = DELIVERY_LABELS[delivery];
  if (delivery === 'sending' || delivery === 'queued' || delivery === 'failed') {
    return <span className={`delivery delivery--${delivery}`}>{label}</span>;
  }
  return (
    <span className={`delivery delivery--${delivery}`} role="img" aria-label={label} data-ticks={delivery === 'read' ? 2 : 1}>
      <CheckIcon width={14} height={14} />
      {delivery === 'read' && <CheckIcon width={14} height={14} className="delivery__second" />}
    </span>
  );
}
