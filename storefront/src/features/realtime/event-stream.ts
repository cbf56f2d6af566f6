import { LIVE_EVENT_TYPES, type LiveEvent, type LiveEventType, type LiveStatus } from './live-event';

/** The part of EventSource this client uses; tests pass a fake. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface EventStreamOptions {
  getTicket: () => Promise<string>;
  /** Opens a connection; null where the browser has no EventSource (then the screens poll). */
  createEventSource: ((url: string) => EventSourceLike) | null;
  onEvent: (event: LiveEvent) => void;
  onStatus: (status: LiveStatus) => void;
  /** Resume after this event (a tab taking over from another). */
  lastEventId?: number | null;
  random?: () => number;
}

export interface EventStream {
  stop(): void;
  lastEventId(): number | null;
}

const MAX_DELAY_MS = 30_000;
/** A connection that stayed open this long is healthy again: the next drop starts the back-off afresh. */
const STABLE_AFTER_MS = 15_000;

/** 1 s, 2 s, 4 s ... up to 30 s after repeated failures, spread ±20% so tabs of many buyers do not come back at once. */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * The caller's event stream. Tickets are single use, so EventSource's own reconnect (which would reuse the
 * URL and its spent ticket) is never relied on: on an error the connection is closed, a new ticket is asked
 * for and the stream reopened after the last event seen; the server replays what was missed, in order.
 */
export function openEventStream(options: EventStreamOptions): EventStream {
  const random = options.random ?? Math.random;
  let last = options.lastEventId ?? null;
  let stopped = false;
  let failures = 0;
  let source: EventSourceLike | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let stable: ReturnType<typeof setTimeout> | null = null;

  const failed = () => {
    if (stopped) return;
    failures += 1;
    options.onStatus('polling');
    retry = setTimeout(() => void connect(), reconnectDelay(failures, random));
  };

  const receive = (type: LiveEventType, event: MessageEvent<string>) => {
    const id = /^\d+$/.test(event.lastEventId) ? Number(event.lastEventId) : null;
    // Ids increase: one at or below the last seen is a replay of something already handled.
    if (id !== null && last !== null && id <= last) return;
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    if (id !== null) last = id;
    options.onEvent({ type, id, data } as LiveEvent);
  };

  const connect = async () => {
    retry = null;
    if (stopped) return;
    if (!options.createEventSource) {
      options.onStatus('polling');
      return;
    }
    let ticket: string;
    try {
      ticket = await options.getTicket();
    } catch {
      failed();
      return;
    }
    if (stopped) return;
    const url = `/api/events?ticket=${encodeURIComponent(ticket)}${last !== null ? `&lastEventId=${last}` : ''}`;
    const es = options.createEventSource(url);
    source = es;
    es.addEventListener('open', () => {
      if (source !== es) return;
      options.onStatus('live');
      stable = setTimeout(() => (failures = 0), STABLE_AFTER_MS);
    });
    es.addEventListener('error', () => {
      if (source !== es) return;
      es.close();
      source = null;
      if (stable) clearTimeout(stable);
      failed();
    });
    for (const type of LIVE_EVENT_TYPES) es.addEventListener(type, (event) => source === es && receive(type, event));
  };

  options.onStatus('connecting');
  void connect();
  return {
    stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (stable) clearTimeout(stable);
      source?.close();
      source = null;
    },
    lastEventId: () => last,
  };
}
