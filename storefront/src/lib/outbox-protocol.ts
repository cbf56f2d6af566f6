/**
 * What the pages and the service worker's outbox (sw-outbox.ts) say to each other: the messages kept
 * to send when the signal returns, and what became of them.
 */
export type OutboxKind = 'message' | 'inquiry';

/** The sends that are kept when the network cannot take them (each must carry an Idempotency-Key). */
export const OUTBOX_PATHS: Readonly<Record<string, OutboxKind>> = { '/api/chat/send-message': 'message', '/api/inquiries': 'inquiry' };

export interface OutboxEntry {
  /** Its Idempotency-Key. */
  key: string;
  kind: OutboxKind;
  /** Whose it is (a Firebase uid), null for a visitor's inquiry. */
  owner: string | null;
  /** What was sent: a SendMessageInput or an InquiryInput. */
  body: unknown;
  queuedAt: number;
}

/** A kept send the server refused when it went (a listing removed meanwhile, an account suspended). */
export interface RefusedEntry extends Omit<OutboxEntry, 'queuedAt'> {
  /** The refusal's status (200 or 201 in an OutboxDone when delivered). */
  status: number;
  /** The server's answer (its error body, or what it stored). */
  result: unknown;
}

/** A kept send that went: delivered (2xx) or refused. */
export interface OutboxDone extends RefusedEntry {
  type: 'OUTBOX_DONE';
}

export type OutboxToPage = { type: 'OUTBOX_STATE'; waiting: OutboxEntry[]; refused: RefusedEntry[] } | OutboxDone;

export type PageToOutbox =
  | { type: 'OUTBOX_ASK' }
  /** Send what waits now; `token` is the page's fresh ID token (used only for its owner's messages). */
  | { type: 'OUTBOX_SEND'; token: string | null }
  /** The person was told of this refused message: forget it. */
  | { type: 'OUTBOX_SEEN'; key: string };
