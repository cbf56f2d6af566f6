import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Conversation } from '../../../lib/api-types';
import { useSession } from '../../auth/session';
import { usePollingInterval } from '../../realtime/live-events';

export const CONVERSATIONS_POLL_MS = 30_000;

export const getConversations = (signal?: AbortSignal) => apiGet<Conversation[]>('/api/messages/conversations', signal);

export const ALL_CONVERSATIONS = ['conversations'] as const;
export const conversationsKey = (uid: string) => ['conversations', uid] as const;

/** The signed-in user's conversations, latest message first. */
export function useConversations() {
  const { user } = useSession();
  const refetchInterval = usePollingInterval(CONVERSATIONS_POLL_MS);
  return useQuery({
    queryKey: conversationsKey(user?.uid ?? 'none'),
    enabled: !!user,
    queryFn: ({ signal }) => getConversations(signal),
    refetchInterval,
  });
}
