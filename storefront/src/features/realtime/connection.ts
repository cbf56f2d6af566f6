// Loaded only once someone is signed in, so visitors never download the stream's code.
import { getEventTicket } from './api/get-event-ticket';
import { openEventStream, type EventSourceLike } from './event-stream';
import type { LiveEvent, LiveStatus } from './live-event';
import { startSharedStream, type ChannelLike, type LockManagerLike } from './tab-leader';

export function connectLiveEvents(uid: string, onEvent: (event: LiveEvent) => void, onStatus: (status: LiveStatus) => void): () => void {
  const locks = (typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null) as LockManagerLike | null;
  const createChannel = typeof BroadcastChannel === 'function' ? (name: string) => new BroadcastChannel(name) as ChannelLike : null;
  const createEventSource = typeof EventSource === 'function' ? (url: string): EventSourceLike => new EventSource(url) : null;
  return startSharedStream({
    uid,
    locks,
    createChannel,
    openStream: (lastEventId, streamEvent, streamStatus) =>
      openEventStream({ getTicket: getEventTicket, createEventSource, lastEventId, onEvent: streamEvent, onStatus: streamStatus }),
    onEvent,
    onStatus,
  });
}
