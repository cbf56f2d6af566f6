import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveEvent, LiveStatus } from './live-event';

export type { LiveEvent, LiveStatus } from './live-event';

const handlers = new Set<(event: LiveEvent) => void>();
const statusListeners = new Set<() => void>();
let status: LiveStatus = 'off';

function setStatus(next: LiveStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of statusListeners) listener();
}

/** Hands an event to every mounted `useLiveEvents` handler (also used by tests). */
export function emitLiveEvent(event: LiveEvent): void {
  for (const handler of handlers) handler(event);
}

/** Calls `handler` with each live event (message, read, notification, unread) while mounted. */
export function useLiveEvents(handler: (event: LiveEvent) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const forward = (event: LiveEvent) => latest.current(event);
    handlers.add(forward);
    return () => void handlers.delete(forward);
  }, []);
}

const subscribeStatus = (listener: () => void) => {
  statusListeners.add(listener);
  return () => void statusListeners.delete(listener);
};

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeStatus, () => status, () => status);
}

/** A query's refetch interval: none while the stream is live, else `ms` (the spec's polling). */
export function usePollingInterval(ms: number): number | false {
  return useLiveStatus() === 'live' ? false : ms;
}

/** Keeps the signed-in user's stream open (shared with their other tabs) while mounted. */
export function useLiveConnection(uid: string | null): void {
  useEffect(() => {
    if (!uid) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    setStatus('connecting');
    import('./connection')
      .then(({ connectLiveEvents }) => {
        if (!cancelled) stop = connectLiveEvents(uid, emitLiveEvent, setStatus);
      })
      .catch(() => setStatus('polling'));
    return () => {
      cancelled = true;
      stop?.();
      setStatus('off');
    };
  }, [uid]);
}
