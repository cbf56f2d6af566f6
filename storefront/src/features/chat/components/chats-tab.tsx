import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, Spinner } from '../../../components/states';
import { useNow } from '../../../components/use-now';
import type { Conversation } from '../../../lib/api-types';
import { chatTime } from '../../../lib/chat-time';
import { countOf } from '../../../lib/format';
import { useConversations } from '../api/get-conversations';
import { chatNameOf, previewOf } from '../chat-rules';

/** Unread messages for the tab's badge. */
export const unreadMessages = (conversations: readonly Conversation[] | undefined): number =>
  (conversations ?? []).reduce((sum, c) => sum + c.unreadCount, 0);

/** Profile → Chats: every conversation, latest first; a row opens it. */
export function ChatsTab({ me, onOpen }: { me: string; onOpen: (conversation: Conversation) => void }) {
  const conversations = useConversations();
  const now = useNow();
  return (
    <section className="stack" aria-labelledby="chats-heading">
      <h2 id="chats-heading" className="h3">My Chats</h2>
      {conversations.isError ? (
        <ErrorState title="We could not load your chats" error={conversations.error} onRetry={() => void conversations.refetch()} />
      ) : !conversations.data ? (
        <Spinner label="Loading your chats..." />
      ) : conversations.data.length === 0 ? (
        <EmptyState title="No chats yet">
          <p className="muted">Message a seller from a vehicle's page and the conversation will show here.</p>
          <Link to="/browse" className="btn btn--primary">Browse Vehicles</Link>
        </EmptyState>
      ) : (
        <ul className="conversations">
          {conversations.data.map((c) => (
            <li key={c.conversationId}>
              <ConversationRow conversation={c} me={me} now={now} onOpen={() => onOpen(c)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ConversationRow({ conversation: c, me, now, onOpen }: { conversation: Conversation; me: string; now: number; onOpen: () => void }) {
  const isNew = c.unreadCount > 0 && c.lastMessage.senderId !== me;
  const name = chatNameOf(c.otherUser);
  return (
    <button type="button" className={`card conversation${isNew ? ' conversation--new' : ''}`} onClick={onOpen}>
      <span className="avatar" aria-hidden="true">{name.charAt(0).toUpperCase()}</span>
      <span className="conversation__text user-text">
        <span className="conversation__top">
          <strong className="conversation__name">{name}</strong>
          {isNew && (
            <span className="badge conversation__new">
              New Message<span className="visually-hidden">, {countOf(c.unreadCount, 'unread message')}</span>
            </span>
          )}
          <time className="conversation__date small muted" dateTime={c.lastMessage.createdAt}>{chatTime(c.lastMessage.createdAt, now)}</time>
        </span>
        <span className="conversation__vehicle small">
          {c.vehicle.title}
          {!c.vehicle.available && <span className="muted"> · No longer available</span>}
        </span>
        <span className="conversation__preview small muted">
          {c.lastMessage.senderId === me && 'You: '}
          {previewOf(c.lastMessage.content)}
        </span>
      </span>
    </button>
  );
}
