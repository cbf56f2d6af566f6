import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ALL_CHAT_THREADS } from '../features/chat/api/get-chat-thread';
import { ALL_CONVERSATIONS } from '../features/chat/api/get-conversations';
import { useChatLiveUpdates } from '../features/chat/live-updates';
import { ALL_NOTIFICATIONS } from '../features/notifications/api/get-notifications';
import { useNotificationLiveUpdates } from '../features/notifications/live-updates';
import { useLiveConnection, useLiveStatus } from '../features/realtime/live-events';
import { ALL_SAVED_SEARCHES } from '../features/saved-searches/api/get-saved-searches';
import { useSavedSearchLiveUpdates } from '../features/saved-searches/live-updates';

/** While someone is signed in: their event stream (shared by their tabs) feeding chats, notifications and saved searches' new matches. */
export default function LiveUpdates({ uid }: { uid: string }) {
  useLiveConnection(uid);
  useChatLiveUpdates(uid);
  useNotificationLiveUpdates();
  useSavedSearchLiveUpdates();
  useCatchUpWhenLive();
  return null;
}

/**
 * What a screen loaded before this tab heard the stream (a new tab joining its leader, a stream
 * opened or reopened after the page's first fetch) is asked for again once it is live, so nothing
 * that happened in between is missed.
 */
function useCatchUpWhenLive(): void {
  const queryClient = useQueryClient();
  const status = useLiveStatus();
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (status !== 'live' || was === 'live') return;
    for (const queryKey of [ALL_NOTIFICATIONS, ALL_CONVERSATIONS, ALL_CHAT_THREADS, ALL_SAVED_SEARCHES]) void queryClient.invalidateQueries({ queryKey });
  }, [status, queryClient]);
}
