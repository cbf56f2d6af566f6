import { useSyncExternalStore } from 'react';
import { currentToken, type ApiResponse } from './api-client';
import type { OutboxDone, OutboxEntry, OutboxToPage, PageToOutbox, RefusedEntry } from './outbox-protocol';

/**
 * The page's side of the service worker's outbox (sw-outbox.ts): which chat messages and inquiries
 * wait for the signal, telling the worker to send them when the page is back online (with a fresh
 * token), and what became of them.
 */
export interface OutboxState {
  waiting: OutboxEntry[];
  refused: RefusedEntry[];
}

/** What a send answers when the worker kept it for later (compared by identity: no server answer is it). */
export const KEPT_FOR_LATER: unique symbol = Symbol('kept for later');
export type KeptForLater = typeof KEPT_FOR_LATER;

/** The kept-for-later answer, told apart from the server's own: a 202 the worker marks. */
export const isQueued = (response: ApiResponse<unknown>): boolean => response.status === 202 && response.headers.get('X-Voltmarket-Outbox') === 'queued';

/** While something waits and the browser says it is online, the worker is asked again this often. */
const TRY_AGAIN_MS = 30_000;
const EMPTY: OutboxState = { waiting: [], refused: [] };
let state: OutboxState = EMPTY;
const listeners = new Set<() => void>();
const doneListeners = new Set<(done: OutboxDone) => void>();

async function post(message: PageToOutbox): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage(message);
}

/** Called once at start: follows the outbox, and sends what waits when the page is (back) online. */
export function startOutbox(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const worker = navigator.serviceWorker;
  worker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as OutboxToPage | null;
    if (data?.type === 'OUTBOX_STATE' && Array.isArray(data.waiting) && Array.isArray(data.refused)) {
      state = { waiting: data.waiting, refused: data.refused };
      for (const listener of listeners) listener();
    } else if (data?.type === 'OUTBOX_DONE') {
      for (const listener of doneListeners) listener(data);
    }
  });
  worker.startMessages();
  void post({ type: 'OUTBOX_ASK' }).then(sendOutboxNow);
  window.addEventListener('online', () => void sendOutboxNow());
  window.setInterval(() => {
    if (state.waiting.length > 0 && navigator.onLine) void sendOutboxNow();
  }, TRY_AGAIN_MS);
}

/** Asks the worker to send what waits now, lending the signed-in person's fresh token (theirs only). */
export async function sendOutboxNow(): Promise<void> {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller || !navigator.onLine) return;
  const token = await currentToken().catch(() => null);
  await post({ type: 'OUTBOX_SEND', token });
}

/** The person was told of a refused message: the worker forgets it. */
export function forgetRefused(key: string): void {
  void post({ type: 'OUTBOX_SEEN', key });
}

/** Called for each kept message once it was delivered or refused. */
export function onOutboxDone(listener: (done: OutboxDone) => void): () => void {
  doneListeners.add(listener);
  return () => doneListeners.delete(listener);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** What waits in the outbox, and what was refused and not yet told; nothing on the server. */
export function useOutbox(): OutboxState {
  return useSyncExternalStore(subscribe, () => state, () => EMPTY);
}
