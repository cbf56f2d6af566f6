import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openEventStream, reconnectDelay } from '../../src/features/realtime/event-stream';
import type { LiveEvent, LiveStatus } from '../../src/features/realtime/live-event';
import { FakeEventSource } from './live-stream-fakes';

const message = (messageId: number) => ({
  messageId, conversationId: '41_buyer-chukwuemeka_seller-adaeze', vehicleId: 41, senderId: 'seller-adaeze', receiverId: 'buyer-chukwuemeka',
  content: 'Yes, the IONIQ 5 is still in Port Harcourt.', timestamp: '2026-05-12T09:00:00Z', isRead: false, readAt: null, senderName: 'Adaeze Nwosu',
});

function start(getTicket: () => Promise<string>, options: { eventSource?: boolean } = {}) {
  const events: LiveEvent[] = [];
  const statuses: LiveStatus[] = [];
  const stream = openEventStream({
    getTicket,
    createEventSource: options.eventSource === false ? null : (url) => new FakeEventSource(url),
    onEvent: (event) => events.push(event),
    onStatus: (status) => statuses.push(status),
    random: () => 0.5,
  });
  return { stream, events, statuses };
}

/** Lets the awaited ticket promise settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
});
afterEach(() => vi.useRealTimers());

describe('the event stream client', () => {
  it('opens the stream with a ticket and hands on named events', async () => {
    const { events, statuses } = start(async () => 'ticket-aaaaaaaaaaaaaaaaaaaa-1');
    await settle();
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/api/events?ticket=ticket-aaaaaaaaaaaaaaaaaaaa-1');
    source.open();
    source.send('message', 7, message(301));
    source.send('unread', 8, { notifications: 12, messages: 3 });
    expect(statuses.at(-1)).toBe('live');
    expect(events).toEqual([
      { type: 'message', id: 7, data: message(301) },
      { type: 'unread', id: 8, data: { notifications: 12, messages: 3 } },
    ]);
  });

  it('after an error closes the connection, asks for a new ticket and resumes after the last event seen', async () => {
    let n = 0;
    const getTicket = vi.fn(async () => `ticket-bbbbbbbbbbbbbbbbbbbb-${++n}`);
    const { statuses } = start(getTicket);
    await settle();
    const first = FakeEventSource.latest();
    first.open();
    first.send('message', 41, message(301));
    first.fail();
    expect(first.closed).toBe(true);
    expect(statuses.at(-1)).toBe('polling');
    await vi.advanceTimersByTimeAsync(1000);
    expect(getTicket).toHaveBeenCalledTimes(2);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.latest().url).toBe('/api/events?ticket=ticket-bbbbbbbbbbbbbbbbbbbb-2&lastEventId=41');
  });

  it('hands on each event id once, however often the server replays it', async () => {
    const { events } = start(async () => 'ticket-cccccccccccccccccccc');
    await settle();
    const source = FakeEventSource.latest();
    source.send('message', 5, message(300));
    source.send('message', 5, message(300));
    source.send('read', 4, { conversationId: '41_buyer-chukwuemeka_seller-adaeze', readerId: 'seller-adaeze', messageIds: [299], readAt: '2026-05-12T09:01:00Z' });
    source.send('message', 6, message(301));
    expect(events.map((e) => e.id)).toEqual([5, 6]);
  });

  it('falls back to polling when the ticket cannot be had, and tries again later with growing pauses', async () => {
    const getTicket = vi.fn(async (): Promise<string> => {
      throw new Error('503: Service Unavailable');
    });
    const { statuses } = start(getTicket);
    await settle();
    expect(statuses).toEqual(['connecting', 'polling']);
    expect(FakeEventSource.opened).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(999);
    expect(getTicket).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getTicket).toHaveBeenCalledTimes(2);
    // The second failure waits 2 s, not 1 s.
    await vi.advanceTimersByTimeAsync(1999);
    expect(getTicket).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(getTicket).toHaveBeenCalledTimes(3);
  });

  it('polls without asking for a ticket where the browser has no EventSource', async () => {
    const getTicket = vi.fn(async () => 'ticket-dddddddddddddddddddd');
    const { statuses } = start(getTicket, { eventSource: false });
    await settle();
    expect(statuses.at(-1)).toBe('polling');
    expect(getTicket).not.toHaveBeenCalled();
  });

  it('stops for good: no reconnect after stop', async () => {
    const getTicket = vi.fn(async () => 'ticket-eeeeeeeeeeeeeeeeeeee');
    const { stream } = start(getTicket);
    await settle();
    const source = FakeEventSource.latest();
    stream.stop();
    expect(source.closed).toBe(true);
    source.fail();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(getTicket).toHaveBeenCalledTimes(1);
  });
});

describe('reconnect pauses', () => {
  it('double from 1 s up to 30 s, spread by at most a fifth either way', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((f) => reconnectDelay(f, () => 0.5))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(reconnectDelay(1, () => 0)).toBe(800);
    expect(reconnectDelay(1, () => 1)).toBe(1200);
  });
});
