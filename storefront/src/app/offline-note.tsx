import { chatClock, chatHeaderTime } from '../lib/chat-time';
import { useSavedCopy } from '../lib/offline';

/** "09:14" today, else "Yesterday, 09:14" or "12 Nov 2026, 09:14": Lagos time, as the chats write it. */
function savedTime(at: number): string {
  const iso = new Date(at).toISOString();
  const header = chatHeaderTime(iso);
  return header.startsWith('Today, ') ? chatClock(iso) : header;
}

/** "Offline — saved copy from 09:14": said above the page when it is a kept copy, or the browser says it is offline. */
export function OfflineNote() {
  const { offline, savedAt } = useSavedCopy();
  if (!offline && savedAt === null) return null;
  const from = savedAt === null ? '' : ` from ${savedTime(savedAt)}`;
  const text = offline
    ? savedAt === null ? 'Offline — what you see may be out of date' : `Offline — saved copy${from}`
    : `Saved copy${from}: prices and availability may have changed.`;
  return (
    <p className="offline-note" role="status">
      {text}
    </p>
  );
}
