import { useQuery } from '@tanstack/react-query';
import { apiGet, toQuery } from '../../../lib/api-client';
import type { ChatThread } from '../../../lib/api-types';
import { usePollingInterval } from '../../realtime/live-events';

/** How often an open chat is asked for again when the event stream is not available. */
export const THREAD_POLL_MS = 3000;

/** `otherUserId` is the other participant: the seller for a buyer, the buyer for the seller. */
export const getChatThread = (vehicleId: number, otherUserId: string, options: { before?: number; signal?: AbortSignal } = {}) =>
  apiGet<ChatThread>(`/api/chat/messages/${vehicleId}/${encodeURIComponent(otherUserId)}${toQuery({ cursor: options.before })}`, options.signal);

export const chatThreadKey = (vehicleId: number, otherUserId: string) => ['chat', 'thread', vehicleId, otherUserId] as const;
export const ALL_CHAT_THREADS = ['chat', 'thread'] as const;

/** The conversation about one listing with one person, latest messages, oldest first. */
export function useChatThread(vehicleId: number, otherUserId: string) {
  const refetchInterval = usePollingInterval(THREAD_POLL_MS);
  return useQuery({
    queryKey: chatThreadKey(vehicleId, otherUserId),
    queryFn: ({ signal }) => getChatThread(vehicleId, otherUserId, { signal }),
    refetchInterval,
    staleTime: 0,
  });
}
