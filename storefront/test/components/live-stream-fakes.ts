import type { EventSourceLike } from '../../src/features/realtime/event-stream';
import type { ChannelLike, LockManagerLike } from '../../src/features/realtime/tab-leader';

/** Stands in for the browser's EventSource: the test opens it, sends named events with ids, and breaks it. */
export class FakeEventSource implements EventSourceLike {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  closed = false;

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  private fire(type: string, event: MessageEvent<string>) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  open(): void {
    this.fire('open', new MessageEvent('open'));
  }

  send(type: string, id: number | null, data: unknown): void {
    this.fire(type, new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id === null ? '' : String(id) }));
  }

  fail(): void {
    this.fire('error', new MessageEvent('error'));
  }

  static latest(): FakeEventSource {
    const last = FakeEventSource.opened.at(-1);
    if (!last) throw new Error('No EventSource was opened');
    return last;
  }
}

/** BroadcastChannels of one browser: a message reaches every other channel of the same name, never its sender. */
export class FakeBroadcastHub {
  private readonly channels: FakeChannel[] = [];

  create = (name: string): ChannelLike => {
    const channel = new FakeChannel(name, this);
    this.channels.push(channel);
    return channel;
  };

  deliver(from: FakeChannel, message: unknown): void {
    for (const channel of this.channels) {
      if (channel !== from && channel.name === from.name && !channel.closed) channel.onmessage?.(new MessageEvent('message', { data: structuredClone(message) }));
    }
  }
}

class FakeChannel implements ChannelLike {
  onmessage: ((event: MessageEvent) => void) | null = null;
  closed = false;
  constructor(readonly name: string, private readonly hub: FakeBroadcastHub) {}
  postMessage(message: unknown): void {
    if (!this.closed) this.hub.deliver(this, message);
  }
  close(): void {
    this.closed = true;
  }
}

/** Web Locks for one browser: one holder per name, the next waiting request is granted when it lets go. */
export class FakeLockManager implements LockManagerLike {
  private readonly held = new Set<string>();
  private readonly waiting: { name: string; grant: () => void }[] = [];

  request(name: string, options: { signal: AbortSignal }, callback: () => Promise<void> | void): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const grant = () => {
        this.held.add(name);
        Promise.resolve(callback()).finally(() => {
          this.held.delete(name);
          resolve(undefined);
          this.next(name);
        });
      };
      options.signal.addEventListener('abort', () => {
        const i = this.waiting.findIndex((w) => w.grant === grant);
        if (i >= 0) {
          this.waiting.splice(i, 1);
          reject(new DOMException('Aborted', 'AbortError'));
        }
      });
      if (this.held.has(name)) this.waiting.push({ name, grant });
      else grant();
    });
  }

  private next(name: string) {
    const i = this.waiting.findIndex((w) => w.name === name);
    if (i < 0) return;
    const [first] = this.waiting.splice(i, 1);
    first!.grant();
  }
}
