import pg from 'pg';
import type { Logger } from 'pino';
import type { StoredLiveEvent } from '@voltmarket/application';
import { ListenConnection } from '../postgres/listen-connection.js';
import { LIVE_EVENTS_CHANNEL } from '../postgres/live-event-store.js';

export type Deliver = (event: StoredLiveEvent) => void;

export interface LiveSubscription {
  close(): void;
}

export interface EventHubOptions {
  /** How long an id missing between delivered ones is awaited (a transaction still committing) before it counts as rolled back. */
  gapWaitMs?: number;
  batch?: number;
  /** Told of each event pushed live to one stream, with the time since the change that wrote it. */
  onDelivered?: (lagMs: number) => void;
}

interface EventRow { id: string; user_id: string; type: StoredLiveEvent['type']; data: unknown; created_ms?: number }

const toEvent = (r: EventRow): StoredLiveEvent => ({ id: Number(r.id), userId: r.user_id, type: r.type, data: r.data });

/** One open stream: events wait while it catches up from the table, and none is sent twice. */
class Subscriber {
  private catchingUp = true;
  private queue: StoredLiveEvent[] = [];
  private readonly sent = new Set<number>();

  constructor(readonly userId: string, private readonly deliver: Deliver) {}

  offer(event: StoredLiveEvent): void {
    if (this.catchingUp) this.queue.push(event);
    else this.send(event);
  }

  send(event: StoredLiveEvent): void {
    if (this.sent.has(event.id)) return;
    this.sent.add(event.id);
    if (this.sent.size > 2000) this.sent.delete(this.sent.values().next().value as number);
    this.deliver(event);
  }

  goLive(): void {
    this.catchingUp = false;
    for (const event of this.queue.sort((a, b) => a.id - b.id)) this.send(event);
    this.queue = [];
  }
}

/**
 * Each API process's link to the live events: one dedicated LISTEN connection (not from a pool,
 * never through a transaction-pooling proxy), and a fan-out to the streams open in this process.
 * A NOTIFY only says "go fetch": the events are read from the table after the id this process
 * has settled, so a missed or merged NOTIFY loses nothing, and an id still missing (a
 * transaction that took its id and has not committed yet) is awaited for a while.
 */
export class PostgresEventHub {
  private readonly pool: pg.Pool;
  private readonly listener: ListenConnection;
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  /** Every event up to here has been handed out (or given up on). */
  private floor = 0;
  private readonly delivered = new Set<number>();
  private readonly gaps = new Map<number, number>();
  private fetching = false;
  private again = false;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly gapWaitMs: number;
  private readonly batch: number;
  private readonly onDelivered: ((lagMs: number) => void) | undefined;

  constructor(databaseUrl: string, private readonly logger: Logger, options: EventHubOptions = {}) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: 'voltmarket-live-fetch' });
    this.pool.on('error', (err) => this.logger.warn({ err }, 'live event pool error'));
    this.gapWaitMs = options.gapWaitMs ?? 10_000;
    this.batch = options.batch ?? 1000;
    this.onDelivered = options.onDelivered;
    this.listener = new ListenConnection({
      databaseUrl, channel: LIVE_EVENTS_CHANNEL, applicationName: 'voltmarket-live-listen', name: 'live event listener', logger,
      onNotification: () => this.wake(),
      // Whatever committed while nobody was listening.
      onListening: () => this.wake(),
    });
  }

  async start(): Promise<void> {
    const { rows } = await this.pool.query<{ id: string }>('select coalesce(max(id), 0)::text as id from live_events');
    this.floor = Number(rows[0]?.id ?? 0);
    await this.listener.start();
  }

  /** Streams open in this process. */
  get connected(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  /** Subscribes first, then replays what the stream missed after `afterId` from the table, then goes live: nothing falls in between. */
  async subscribe(userId: string, afterId: number | null, deliver: Deliver): Promise<LiveSubscription> {
    const subscriber = new Subscriber(userId, deliver);
    let set = this.subscribers.get(userId);
    if (!set) this.subscribers.set(userId, (set = new Set()));
    set.add(subscriber);
    const close = () => {
      set.delete(subscriber);
      if (set.size === 0 && this.subscribers.get(userId) === set) this.subscribers.delete(userId);
    };
    try {
      let after = afterId;
      while (after !== null) {
        const { rows } = await this.pool.query<EventRow>(
          'select id::text, user_id, type, data from live_events where user_id = $1 and id > $2 order by live_events.id limit $3',
          [userId, after, this.batch],
        );
        for (const row of rows) subscriber.send(toEvent(row));
        after = rows.length === this.batch ? Number(rows.at(-1)!.id) : null;
      }
    } catch (err) {
      close();
      throw err;
    }
    subscriber.goLive();
    return { close };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.listener.close();
    await this.pool.end();
  }

  /** Fetches new events now, or right after the fetch under way. */
  private wake(): void {
    if (this.closed) return;
    if (this.fetching) {
      this.again = true;
      return;
    }
    this.fetching = true;
    this.fetchNew()
      .catch((err: unknown) => this.logger.warn({ err }, 'live events could not be fetched'))
      .finally(() => {
        this.fetching = false;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async fetchNew(): Promise<void> {
    for (;;) {
      const before = this.floor;
      const { rows } = await this.pool.query<EventRow>(
        `select id::text, user_id, type, data, extract(epoch from created_at) * 1000 as created_ms
         from live_events where id > $1 order by live_events.id limit $2`, [this.floor, this.batch]);
      for (const row of rows) {
        const event = toEvent(row);
        if (this.delivered.has(event.id) || event.id <= this.floor) continue;
        this.delivered.add(event.id);
        const streams = this.dispatch(event);
        const lagMs = Date.now() - Number(row.created_ms);
        for (let n = 0; n < streams; n++) this.onDelivered?.(lagMs);
      }
      this.settle();
      if (rows.length < this.batch || this.floor === before) break;
    }
    if (this.gaps.size > 0 && !this.retryTimer) {
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        this.wake();
      }, Math.min(1000, this.gapWaitMs));
      this.retryTimer.unref();
    }
  }

  /** Moves the floor over every delivered id, and over missing ids awaited long enough. */
  private settle(): void {
    const now = Date.now();
    let newest = this.floor;
    for (const id of this.delivered) if (id > newest) newest = id;
    for (let id = this.floor + 1; id < newest && id - this.floor < 100_000; id++) {
      if (!this.delivered.has(id) && !this.gaps.has(id)) this.gaps.set(id, now);
    }
    while (this.floor < newest) {
      const next = this.floor + 1;
      if (this.delivered.delete(next)) {
        this.floor = next;
        continue;
      }
      const since = this.gaps.get(next);
      if (since !== undefined && now - since < this.gapWaitMs) break;
      this.gaps.delete(next);
      this.floor = next;
    }
  }

  /** Offers the event to its person's streams in this process; says to how many. */
  private dispatch(event: StoredLiveEvent): number {
    const set = this.subscribers.get(event.userId);
    if (!set) return 0;
    for (const subscriber of set) {
      try {
        subscriber.offer(event);
      } catch (err) {
        this.logger.warn({ err }, 'a live stream failed to take an event');
      }
    }
    return set.size;
  }
}
