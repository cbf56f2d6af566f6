import type { LiveEvent, LiveStatus } from './live-event';

/** The parts of the Web Locks API and BroadcastChannel used here; tests pass fakes. */
export interface LockManagerLike {
  request(name: string, options: { signal: AbortSignal }, callback: () => Promise<void> | void): Promise<unknown>;
}
export interface ChannelLike {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

type Wire = { kind: 'event'; event: LiveEvent } | { kind: 'status'; status: LiveStatus } | { kind: 'hello' };

export interface SharedStreamOptions {
  uid: string;
  locks: LockManagerLike | null;
  createChannel: ((name: string) => ChannelLike) | null;
  /** Opens the real stream; called in the leader tab only, resuming after `lastEventId`. */
  openStream: (lastEventId: number | null, onEvent: (event: LiveEvent) => void, onStatus: (status: LiveStatus) => void) => { stop(): void };
  onEvent: (event: LiveEvent) => void;
  onStatus: (status: LiveStatus) => void;
}

export const lockName = (uid: string) => `voltmarket-events-${uid}`;

/**
 * One event stream for all of a user's tabs in this browser. The tab holding the lock `voltmarket-events-<uid>`
 * leads: it holds the connection and passes every event on over a BroadcastChannel; the others listen. When the
 * leader closes, the browser grants the lock to a waiting tab, which reopens the stream after the last event it
 * saw. Without Web Locks or BroadcastChannel every tab keeps its own stream.
 */
export function startSharedStream(options: SharedStreamOptions): () => void {
  const name = lockName(options.uid);
  const channel = options.createChannel?.(name) ?? null;
  let last: number | null = null;
  let status: LiveStatus = 'connecting';
  let leading: { stop(): void } | null = null;
  let releaseLock: (() => void) | null = null;
  let stopped = false;

  const deliver = (event: LiveEvent) => {
    if (event.id !== null) {
      if (last !== null && event.id <= last) return;
      last = event.id;
    }
    options.onEvent(event);
  };
  const setStatus = (next: LiveStatus) => {
    status = next;
    options.onStatus(next);
  };
  const lead = () => {
    leading = options.openStream(
      last,
      (event) => {
        channel?.postMessage({ kind: 'event', event } satisfies Wire);
        deliver(event);
      },
      (next) => {
        channel?.postMessage({ kind: 'status', status: next } satisfies Wire);
        setStatus(next);
      },
    );
  };

  if (channel) {
    channel.onmessage = (message) => {
      const wire = message.data as Wire;
      if (wire.kind === 'event') deliver(wire.event);
      else if (wire.kind === 'status' && !leading) setStatus(wire.status);
      else if (wire.kind === 'hello' && leading) channel.postMessage({ kind: 'status', status } satisfies Wire);
    };
  }

  const abort = new AbortController();
  if (options.locks && channel) {
    setStatus('connecting');
    // A tab that opens while another leads learns the stream's state from it.
    channel.postMessage({ kind: 'hello' } satisfies Wire);
    options.locks
      .request(name, { signal: abort.signal }, () => {
        if (stopped) return;
        lead();
        return new Promise<void>((resolve) => (releaseLock = resolve));
      })
      // Aborted while waiting: this tab closed before it ever led.
      .catch(() => undefined);
  } else {
    lead();
  }

  return () => {
    stopped = true;
    abort.abort();
    leading?.stop();
    leading = null;
    releaseLock?.();
    channel?.close();
  };
}
