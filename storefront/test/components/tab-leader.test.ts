import { describe, expect, it } from 'vitest';
import type { LiveEvent, LiveStatus } from '../../src/features/realtime/live-event';
import { startSharedStream } from '../../src/features/realtime/tab-leader';
import { FakeBroadcastHub, FakeLockManager } from './live-stream-fakes';

const unread = (id: number, notifications: number): LiveEvent => ({ type: 'unread', id, data: { notifications, messages: 0 } });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** One browser: shared locks and channels; each tab records what it heard and the streams it opened. */
function browser() {
  const locks = new FakeLockManager();
  const hub = new FakeBroadcastHub();
  const opened: { tab: string; from: number | null; emit: (e: LiveEvent) => void; status: (s: LiveStatus) => void; stopped: boolean }[] = [];
  const openTab = (tab: string, uid = 'buyer-chukwuemeka', withLocks = true) => {
    const heard: LiveEvent[] = [];
    const statuses: LiveStatus[] = [];
    const stop = startSharedStream({
      uid,
      locks: withLocks ? locks : null,
      createChannel: hub.create,
      openStream: (from, emit, status) => {
        const stream = { tab, from, emit, status, stopped: false };
        opened.push(stream);
        return { stop: () => void (stream.stopped = true) };
      },
      onEvent: (event) => heard.push(event),
      onStatus: (status) => statuses.push(status),
    });
    return { heard, statuses, stop };
  };
  return { openTab, opened };
}

describe('one event stream for all tabs of a browser', () => {
  it('is opened by the first tab only; the other tabs hear its events over the channel', async () => {
    const { openTab, opened } = browser();
    const first = openTab('first');
    const second = openTab('second');
    await flush();
    expect(opened.map((s) => s.tab)).toEqual(['first']);
    opened[0]!.status('live');
    opened[0]!.emit(unread(10, 3));
    expect(first.heard).toEqual([unread(10, 3)]);
    expect(second.heard).toEqual([unread(10, 3)]);
    expect(second.statuses.at(-1)).toBe('live');
  });

  it('passes to a waiting tab when the leading tab closes, resuming after the last event it heard', async () => {
    const { openTab, opened } = browser();
    const first = openTab('first');
    const second = openTab('second');
    await flush();
    opened[0]!.emit(unread(10, 3));
    opened[0]!.emit(unread(11, 4));
    first.stop();
    await flush();
    expect(opened[0]!.stopped).toBe(true);
    expect(opened.map((s) => ({ tab: s.tab, from: s.from }))).toEqual([{ tab: 'first', from: null }, { tab: 'second', from: 11 }]);
    opened[1]!.emit(unread(12, 5));
    expect(second.heard.map((e) => e.id)).toEqual([10, 11, 12]);
  });

  it('tells a tab opened later whether the stream is live', async () => {
    const { openTab, opened } = browser();
    openTab('first');
    await flush();
    opened[0]!.status('live');
    const late = openTab('late');
    await flush();
    expect(late.statuses.at(-1)).toBe('live');
  });

  it('keeps the streams of different people apart', async () => {
    const { openTab, opened } = browser();
    openTab('buyer', 'buyer-chukwuemeka');
    const seller = openTab('seller', 'seller-adaeze');
    await flush();
    expect(opened.map((s) => s.tab)).toEqual(['buyer', 'seller']);
    opened[0]!.emit(unread(3, 1));
    expect(seller.heard).toEqual([]);
  });

  it('without Web Locks lets every tab keep its own stream', async () => {
    const { openTab, opened } = browser();
    openTab('first', 'buyer-chukwuemeka', false);
    openTab('second', 'buyer-chukwuemeka', false);
    await flush();
    expect(opened.map((s) => s.tab)).toEqual(['first', 'second']);
  });

  it('a tab closed before it ever led never opens a stream', async () => {
    const { openTab, opened } = browser();
    const first = openTab('first');
    const second = openTab('second');
    await flush();
    second.stop();
    first.stop();
    await flush();
    expect(opened.map((s) => s.tab)).toEqual(['first']);
  });
});
