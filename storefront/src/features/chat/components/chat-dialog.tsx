import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { CloseIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { EmptyState, ErrorState, Spinner } from '../../../components/states';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import type { ChatMessage, ChatThread, SendMessageInput } from '../../../lib/api-types';
import { countOf } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { KEPT_FOR_LATER, onOutboxDone, useOutbox } from '../../../lib/outbox';
import type { OutboxEntry } from '../../../lib/outbox-protocol';
import { ALL_NOTIFICATIONS } from '../../notifications/api/get-notifications';
import { getChatThread, useChatThread } from '../api/get-chat-thread';
import { ALL_CONVERSATIONS } from '../api/get-conversations';
import { markConversationRead } from '../api/mark-read';
import { useSendMessage } from '../api/send-message';
import { askNotificationPermissionOnce } from '../browser-notifications';
import { deliveryOf } from '../chat-rules';
import { mergeMessages } from '../thread-cache';
import { ChatListingCard } from './chat-listing-card';
import { ReviewButton } from '../../reviews/components/review-button';
import { Composer } from './composer';
import { MessageList, type ShownMessage } from './message-list';
import { QuickActions } from './quick-actions';
import './chat-dialog.css';

export interface ChatDialogProps {
  vehicleId: number;
  /** The other participant: the seller when a buyer writes, the buyer when the seller answers. */
  otherUserId: string;
  /** The signed-in user's id. */
  me: string;
  /** The other person's name, shown until the conversation has loaded. */
  otherName?: string;
  onClose: () => void;
}

interface PendingMessage {
  /** Its Idempotency-Key too: a retry is the same message to the server. */
  key: string;
  content: string;
  timestamp: string;
  status: 'sending' | 'failed' | 'queued';
  retryable: boolean;
}

/** A message kept in the outbox for this chat (written without signal, perhaps before a reload). */
const isWaitingHere = (entry: OutboxEntry, vehicleId: number, otherUserId: string, me: string): boolean => {
  const body = entry.body as Partial<SendMessageInput> | null;
  // Sends kept before the contract's 0.2.0 carry the older names, listingId and message.
  return entry.kind === 'message' && entry.owner === me && (body?.vehicleId ?? body?.listingId) === vehicleId && body?.receiverId === otherUserId;
};

/** A kept message's text, under either of its names. */
const keptText = (body: unknown): string => {
  const input = body as Partial<SendMessageInput> | null;
  return input?.content ?? input?.message ?? '';
};


/** The chat about one listing with one person: listing card, quick actions, messages and the message box. */
export default function ChatDialog({ vehicleId, otherUserId, me, otherName, onClose }: ChatDialogProps) {
  const thread = useChatThread(vehicleId, otherUserId);
  const name = thread.data?.otherUser.displayName ?? otherName ?? '';
  useEffect(askNotificationPermissionOnce, []);

  return (
    <Modal label={name ? `Chat with ${name}` : 'Chat'} onClose={onClose} className="modal chat-dialog">
      <header className="chat-dialog__head">
        <span className="avatar" aria-hidden="true">{name.charAt(0).toUpperCase()}</span>
        <h2 className="chat-dialog__name user-text">{name || 'Chat'}</h2>
        <button type="button" className="icon-btn" aria-label="Close chat" onClick={onClose}>
          <CloseIcon />
        </button>
      </header>
      {thread.data?.otherUser.suspended && (
        <p className="notice notice--danger chat-dialog__suspended" role="note">
          Voltmarket suspended this account. Do not pay or send documents; if they asked for money, <Link to="/safety">read our safety tips</Link>.
        </p>
      )}
      {thread.isError ? (
        <ErrorState title="We could not load this chat" error={thread.error} onRetry={() => void thread.refetch()} />
      ) : !thread.data ? (
        <Spinner label="Loading messages..." />
      ) : (
        <Conversation thread={thread.data} vehicleId={vehicleId} otherUserId={otherUserId} me={me} onLeave={onClose} />
      )}
    </Modal>
  );
}

function Conversation({ thread, vehicleId, otherUserId, me, onLeave }: { thread: ChatThread; vehicleId: number; otherUserId: string; me: string; onLeave: () => void }) {
  const send = useSendMessage(vehicleId, otherUserId);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [inFlight, setInFlight] = useState(0);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const older = useOlderMessages(vehicleId, otherUserId, thread);
  const outbox = useOutbox();
  useMarkRead(thread, me);
  // A kept message, once sent, is in the thread (app/outbox-note.tsx); refused, it stays here as not sent.
  useEffect(
    () =>
      onOutboxDone((done) => {
        if (done.kind !== 'message') return;
        const sent = done.status < 300;
        setPending((all) => (sent ? all.filter((p) => p.key !== done.key) : all.map((p) => (p.key === done.key ? { ...p, status: 'failed', retryable: false } : p))));
      }),
    [],
  );

  const messages = mergeMessages(older.messages, thread.messages);
  const keptBefore = outbox.waiting.filter((entry) => isWaitingHere(entry, vehicleId, otherUserId, me) && !pending.some((p) => p.key === entry.key));
  const list = useRef<HTMLDivElement>(null);
  const count = messages.length + pending.length + keptBefore.length;
  // New messages (and the first load) scroll the list to the latest one.
  useEffect(() => {
    const node = list.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [count]);

  const deliver = async (content: string, key: string) => {
    setPending((all) => [...all.filter((p) => p.key !== key), { key, content, timestamp: new Date().toISOString(), status: 'sending', retryable: true }]);
    setInFlight((n) => n + 1);
    try {
      const answer = await send.mutateAsync({ message: content, key });
      // Kept by the service worker for when the signal returns: shown as waiting until then.
      setPending((all) => (answer === KEPT_FOR_LATER ? all.map((p) => (p.key === key ? { ...p, status: 'queued' } : p)) : all.filter((p) => p.key !== key)));
      setFieldError(undefined);
    } catch (error) {
      const retryable = !(error instanceof ApiError && [400, 403, 404, 422].includes(error.status));
      setPending((all) => all.map((p) => (p.key === key ? { ...p, status: 'failed', retryable } : p)));
      reportSendFailure(error, setFieldError);
    } finally {
      setInFlight((n) => n - 1);
    }
  };

  const shown: ShownMessage[] = [
    ...messages.map((m: ChatMessage) => ({
      key: `m${m.messageId}`,
      content: m.content,
      timestamp: m.timestamp,
      mine: m.senderId === me,
      ...(m.senderId === me ? { delivery: deliveryOf(m) } : {}),
      // The buyer is the one a deposit scam aims at: only their side shows the tip, under the seller's message.
      ...(m.senderId !== me && m.safetyTip && thread.youAre === 'buyer' ? { safetyTip: m.safetyTip } : {}),
    })),
    ...keptBefore.map((entry) => ({
      key: entry.key,
      content: keptText(entry.body),
      timestamp: new Date(entry.queuedAt).toISOString(),
      mine: true,
      delivery: 'queued' as const,
    })),
    ...pending.map((p) => ({
      key: p.key,
      content: p.content,
      timestamp: p.timestamp,
      mine: true,
      delivery: p.status,
      ...(p.retryable ? { onRetry: () => void deliver(p.content, p.key) } : {}),
    })),
  ];

  return (
    <>
      <ChatListingCard vehicle={thread.vehicle} onOpen={onLeave} />
      {/* A buyer the seller answered may review them (the server says when; a seller sees nothing here). */}
      {thread.messages.length > 0 && (
        <div className="chat-dialog__review">
          <ReviewButton target={{ vehicleId }} className="btn btn--ghost btn--sm" />
        </div>
      )}
      <div className="chat-dialog__messages" ref={list}>
        {older.hasMore && (
          <button type="button" className="btn btn--ghost btn--sm chat-dialog__older" disabled={older.loading} onClick={older.load}>
            {older.loading ? 'Loading...' : 'Show earlier messages'}
          </button>
        )}
        {shown.length === 0 ? (
          <EmptyState title="No messages yet">
            <p className="muted small">Say hello, or start with one of the quick actions below.</p>
          </EmptyState>
        ) : (
          <MessageList messages={shown} />
        )}
      </div>
      <QuickActions vehicleTitle={thread.vehicle.title} onPick={setDraft} />
      <Composer
        value={draft}
        onChange={(value) => {
          setDraft(value);
          setFieldError(undefined);
        }}
        sending={inFlight > 0}
        error={fieldError}
        onSend={(text) => {
          setDraft('');
          void deliver(text, newIdempotencyKey());
        }}
      />
    </>
  );
}

function reportSendFailure(error: unknown, setFieldError: (message: string | undefined) => void) {
  if (error instanceof ApiError && error.code === 'CANNOT_MESSAGE_SELF') {
    toast({ title: 'You cannot send messages to yourself', variant: 'destructive' });
    return;
  }
  if (error instanceof ApiError && error.status === 400) {
    const fields = error.fieldErrors();
    setFieldError(fields.content ?? fields.message ?? error.message);
  }
  let description = 'Please try again.';
  if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds) description = `Please try again in ${countOf(error.retryAfterSeconds, 'second')}.`;
  else if (error instanceof ApiError && error.status === 422) description = error.message;
  toast({ title: 'Failed to send message', description, variant: 'destructive' });
}

/** Marks the other side's unread messages read while the chat is in sight; errors are ignored. */
function useMarkRead(thread: ChatThread, me: string) {
  const queryClient = useQueryClient();
  const unread = thread.messages.filter((m) => m.senderId !== me && !m.isRead).map((m) => m.messageId);
  const latestUnread = unread.length ? Math.max(...unread) : 0;
  const marked = useRef(0);
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  const { conversationId } = thread;
  useEffect(() => {
    if (!conversationId || !visible || latestUnread <= marked.current) return;
    marked.current = latestUnread;
    const readAt = new Date().toISOString();
    markConversationRead({ conversationId })
      .then(() => {
        queryClient.setQueriesData<ChatThread>({ queryKey: ['chat', 'thread'] }, (t) =>
          t && t.conversationId === conversationId ? { ...t, messages: t.messages.map((m) => (m.senderId !== me && !m.isRead ? { ...m, isRead: true, readAt } : m)) } : t,
        );
        void queryClient.invalidateQueries({ queryKey: ALL_CONVERSATIONS });
        void queryClient.invalidateQueries({ queryKey: ALL_NOTIFICATIONS });
      })
      .catch(() => undefined);
  }, [conversationId, visible, latestUnread, me, queryClient]);
}

/** Pages of older messages, asked for on demand (the thread itself holds the latest 100). */
function useOlderMessages(vehicleId: number, otherUserId: string, thread: ChatThread) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [more, setMore] = useState<boolean | null>(null);
  const [loading, setLoading] = useState(false);
  const hasMore = more ?? thread.hasMore;
  const load = async () => {
    const first = messages[0] ?? thread.messages[0];
    if (!first) return;
    setLoading(true);
    try {
      const page = await getChatThread(vehicleId, otherUserId, { before: first.messageId });
      setMessages((known) => mergeMessages(page.messages, known));
      setMore(page.hasMore);
    } catch (error) {
      toast({ title: 'Could not load earlier messages', description: error instanceof Error ? error.message : 'Please try again.', variant: 'destructive' });
    } finally {
      setLoading(false);
    }
  };
  return { messages, hasMore, loading, load: () => void load() };
}

