import { useSavedCopy } from '../lib/offline';

const time = new Intl.DateTimeFormat('en-NG', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Africa/Lagos' });
const day = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', timeZone: 'Africa/Lagos' });

/** "Offline — saved copy from 09:14": said above the page when it is a kept copy, or the browser says it is offline. */
export function OfflineNote() {
  const { offline, savedAt } = useSavedCopy();
  if (!offline && savedAt === null) return null;
  const when = savedAt === null ? null : new Date(savedAt);
  const from = when === null ? '' : ` from ${new Date().toDateString() === when.toDateString() ? time.format(when) : `${day.format(when)}, ${time.format(when)}`}`;
  const text = offline
    ? savedAt === null ? 'Offline — what you see may be out of date' : `Offline — saved copy${from}`
    : `Saved copy${from}: prices and availability may have changed.`;
  return (
    <p className="offline-note" role="status">
      {text}
    </p>
  );
}
