import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../components/toast';
import { useSession } from '../features/auth/session';
import { showSentMessage } from '../features/chat/api/send-message';
import { previewOf } from '../features/chat/chat-rules';
import { showSentInquiry } from '../features/inquiries/api/send-inquiry';
import type { ErrorBody, InquiryInput, InquiryReceipt, SendMessageInput, SentMessage } from '../lib/api-types';
import { countOf } from '../lib/format';
import { forgetRefused, onOutboxDone, sendOutboxNow, useOutbox } from '../lib/outbox';
import type { OutboxEntry, OutboxKind, RefusedEntry } from '../lib/outbox-protocol';

/** The waiting line: "2 messages waiting to send", "1 inquiry waiting to send", "3 messages and inquiries…". */
export function waitingText(kinds: readonly OutboxKind[]): string {
  const messages = kinds.filter((k) => k === 'message').length;
  const inquiries = kinds.length - messages;
  const what = inquiries === 0 ? countOf(messages, 'message') : messages === 0 ? countOf(inquiries, 'inquiry', 'inquiries') : `${kinds.length} messages and inquiries`;
  return `${what} waiting to send: ${kinds.length === 1 ? 'it goes' : 'they go'} as soon as you are back online.`;
}

const reasonOf = (entry: Pick<RefusedEntry, 'result' | 'status'>): string => {
  const error = (entry.result as Partial<ErrorBody> | null)?.error;
  return typeof error?.message === 'string' ? error.message : `The server refused it (${entry.status}).`;
};

const textOf = (entry: Pick<OutboxEntry, 'kind' | 'body'>): string => {
  const body = entry.body as Partial<SendMessageInput & InquiryInput> | null;
  return previewOf(String(body?.message ?? ''));
};

/**
 * Says what waits in the outbox (lib/outbox.ts) above every page, and what became of it: a message
 * delivered when the signal returned goes into its chat, an inquiry says so, and one the server
 * refused on the way is told, with why, once.
 */
export function OutboxNote() {
  const { user } = useSession();
  const uid = user?.uid ?? null;
  const { waiting, refused } = useOutbox();
  const queryClient = useQueryClient();
  // The session is known (or changed): its fresh token may send what waited for one.
  useEffect(() => {
    if (uid) void sendOutboxNow();
  }, [uid]);

  useEffect(
    () =>
      onOutboxDone((done) => {
        if (done.owner !== null && done.owner !== uid) return;
        if (done.status >= 300) return; // told from the refused list, below
        const body = done.body as Partial<SendMessageInput & InquiryInput>;
        if (done.kind === 'message' && typeof body.listingId === 'number' && typeof body.receiverId === 'string') {
          showSentMessage(queryClient, body.listingId, body.receiverId, done.result as SentMessage);
        } else if (done.kind === 'inquiry' && typeof body.vehicleId === 'number') {
          showSentInquiry(queryClient, body.vehicleId, done.result as InquiryReceipt);
          toast({ title: 'Inquiry Sent Successfully!', description: 'It waited for the signal; the seller has it now.' });
        }
      }),
    [queryClient, uid],
  );

  const mine = (entry: { owner: string | null }) => entry.owner === null || entry.owner === uid;
  const refusedKeys = refused.filter(mine).map((entry) => entry.key).join(' ');
  useEffect(() => {
    for (const entry of refused.filter(mine)) {
      toast({ title: entry.kind === 'message' ? 'Message not sent' : 'Inquiry not sent', description: `“${textOf(entry)}”: ${reasonOf(entry)}`, variant: 'destructive' });
      forgetRefused(entry.key);
    }
    // Told once per refused message: keyed by which are refused, not by the list's identity.
  }, [refusedKeys]);

  const kinds = waiting.filter(mine).map((entry) => entry.kind);
  if (kinds.length === 0) return null;
  return (
    <p className="offline-note outbox-note" role="status">
      {waitingText(kinds)}
    </p>
  );
}
