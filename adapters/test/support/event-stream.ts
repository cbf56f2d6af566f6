import request from 'supertest';

export interface StreamEvent {
  id: number;
  type: string;
  data: Record<string, unknown>;
  /** When it arrived (performance.now()). */
  at: number;
}

/** A test's EventSource: opens GET /api/events with a fresh ticket and collects the named events it receives. */
export class TestEventStream {
  readonly events: StreamEvent[] = [];
  comments = 0;
  private readonly waiters = new Set<() => void>();
  status = 0;
  /** True once the server ended the stream (or it failed). */
  ended = false;
  private done: Promise<void> = Promise.resolve();

  private constructor(private readonly abort: AbortController) {}

  static async open(apiUrl: string, token: string, options: { lastEventId?: number; ticket?: string } = {}): Promise<TestEventStream> {
    const ticket = options.ticket ?? (await request(apiUrl).post('/api/events/ticket').set('Authorization', `Bearer ${token}`).expect(201)).body.ticket;
    const url = new URL('/api/events', apiUrl);
    url.searchParams.set('ticket', ticket);
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (options.lastEventId !== undefined) headers['Last-Event-ID'] = String(options.lastEventId);
    const abort = new AbortController();
    const stream = new TestEventStream(abort);
    let opened!: () => void;
    let failed!: (err: Error) => void;
    const ready = new Promise<void>((resolve, reject) => { opened = resolve; failed = reject; });
    stream.done = (async () => {
      try {
        const res = await fetch(url, { headers, signal: abort.signal });
        stream.status = res.status;
        if (res.status !== 200 || !res.body) {
          failed(new Error(`event stream answered ${res.status}: ${await res.text()}`));
          return;
        }
        opened();
        const decoder = new TextDecoder();
        let buffer = '';
        for await (const chunk of res.body) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            stream.take(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        }
      } catch (err) {
        if ((err as Error).name !== 'AbortError') failed(err as Error);
      } finally {
        stream.ended = true;
      }
    })();
    await ready;
    return stream;
  }

  private take(block: string): void {
    const fields: Record<string, string> = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments++;
        continue;
      }
      const colon = line.indexOf(':');
      if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
    }
    if (fields.data === undefined || fields.id === undefined) return;
    this.events.push({ id: Number(fields.id), type: fields.event ?? 'message', data: JSON.parse(fields.data) as Record<string, unknown>, at: performance.now() });
    for (const wake of this.waiters) wake();
  }

  of(type: string): StreamEvent[] {
    return this.events.filter((e) => e.type === type);
  }

  /** Waits until `count` events of the type have arrived (or fails after `timeoutMs`). */
  async waitFor(type: string, count = 1, timeoutMs = 10_000): Promise<StreamEvent[]> {
    const started = Date.now();
    while (this.of(type).length < count) {
      const left = timeoutMs - (Date.now() - started);
      if (left <= 0) throw new Error(`waited ${timeoutMs} ms for ${count} "${type}" event(s), got ${this.of(type).length}: ${JSON.stringify(this.events.map((e) => e.type))}`);
      await new Promise<void>((resolve) => {
        const wake = () => { this.waiters.delete(wake); clearTimeout(timer); resolve(); };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
    return this.of(type);
  }

  close(): Promise<void> {
    this.abort.abort();
    return this.done;
  }
}

/**
 * A browser's EventSource over outages: when the stream ends or cannot be opened (no ticket while
 * the database is down), it opens again after `retryMs` with Last-Event-ID, as EventSource does, and
 * keeps every event it received across all its connections, in order of arrival.
 */
export class ResumingEventStream {
  readonly events: StreamEvent[] = [];
  connections = 0;
  private current: TestEventStream | null = null;
  private stopped = false;
  private readonly loop: Promise<void>;

  constructor(apiUrl: string, token: string, retryMs = 500) {
    this.loop = (async () => {
      while (!this.stopped) {
        const lastEventId = this.events.at(-1)?.id;
        try {
          const stream = await TestEventStream.open(apiUrl, token, lastEventId === undefined ? {} : { lastEventId });
          this.current = stream;
          this.connections++;
          let taken = 0;
          // Takes its events as they come until it ends.
          const take = () => {
            for (; taken < stream.events.length; taken++) this.events.push(stream.events[taken]!);
          };
          while (!stream.ended && !this.stopped) {
            take();
            await new Promise((r) => setTimeout(r, 20));
          }
          take();
        } catch {
          // No ticket or no stream now: try again, as EventSource does.
        }
        this.current = null;
        if (!this.stopped) await new Promise((r) => setTimeout(r, retryMs));
      }
    })();
  }

  /** Waits until `count` events of the type have arrived on any connection. */
  async waitFor(type: string, count: number, timeoutMs: number): Promise<StreamEvent[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.events.filter((e) => e.type === type).length < count) {
      if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${count} "${type}" event(s), got ${this.events.filter((e) => e.type === type).length}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return this.events.filter((e) => e.type === type);
  }

  async close(): Promise<void> {
    this.stopped = true;
    await this.current?.close();
    await this.loop;
  }
}
