import { useChatLiveUpdates } from '../features/chat/live-updates';
import { useNotificationLiveUpdates } from '../features/notifications/live-updates';
import { useLiveConnection } from '../features/realtime/live-events';

/** While someone is signed in: their event stream (shared by their tabs) feeding chats and notifications. */
export default function LiveUpdates({ uid }: { uid: string }) {
  useLiveConnection(uid);
  useChatLiveUpdates(uid);
  useNotificationLiveUpdates();
  return null;
}
