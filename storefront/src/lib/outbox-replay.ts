import type { OutboxEntry } from './outbox-protocol';

/** What the service worker keeps beside each request in the outbox queue (sw-outbox.ts). */
export type OutboxMetadata = Omit<OutboxEntry, 'queuedAt'>;

/** The part of Workbox's background-sync Queue the replay uses. */
export interface KeptRequests {
  shiftRequest(): Promise<{ request: Request; metadata?: object; timestamp?: number } | undefined>;
  unshiftRequest(entry: { request: Request; metadata?: object; timestamp?: number }): Promise<void>;
}

/** sent: nothing waits; offline: the network failed; waits: the server asked for later, or for a fresh token. */
export type ReplayOutcome = 'sent' | 'offline' | 'waits';

/** The uid in an ID token's payload, not verified (the server does that): only to match a fresh token to its owner. */
export function subjectOf(authorization: string | null): string | null {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : null;
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, () => '+').replace(/_/g, () => '/');
    const claims = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as { sub?: unknown };
    return typeof claims.sub === 'string' && claims.sub ? claims.sub : null;
  } catch {
    return null;
  }
}

/** fetch, given up after `ms` (the request may still have arrived: it is sent again with the same key). */
export async function fetchWithin(request: Request, ms: number): Promise<Response> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), ms);
  try {
    return await fetch(request, { signal: timeout.signal });
  } finally {
    clearTimeout(timer);
  }
}

/** An answer that means: keep it and try later (401: once a page lends a fresh token). */
const isForLater = (status: number) => status === 401 || status === 408 || status === 429 || status >= 500;

/**
 * Sends the kept requests in the order they were written, stopping at the first that cannot go yet
 * (it goes back to the head, so none overtakes it). A fresh token replaces the kept one only on the
 * requests of the person it names: another person signed in on the same phone never sends them.
 * Every other answer settles the request: delivered (2xx) or refused (4xx), and it leaves the queue.
 */
export async function sendInOrder(
  queue: KeptRequests,
  options: { token: string | null; fetch: (request: Request) => Promise<Response>; settle: (meta: OutboxMetadata, answer: Response) => Promise<void> },
): Promise<ReplayOutcome> {
  const fresh = options.token ? subjectOf(`Bearer ${options.token}`) : null;
  for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
    const meta = entry.metadata as OutboxMetadata | undefined;
    let request = entry.request.clone();
    if (fresh && meta?.owner === fresh) {
      const headers = new Headers(request.headers);
      headers.set('Authorization', `Bearer ${options.token}`);
      request = new Request(request, { headers });
    }
    let answer: Response;
    try {
      answer = await options.fetch(request);
    } catch {
      await queue.unshiftRequest(entry);
      return 'offline';
    }
    if (isForLater(answer.status)) {
      await queue.unshiftRequest(entry);
      return 'waits';
    }
    if (meta) await options.settle(meta, answer);
  }
  return 'sent';
}
