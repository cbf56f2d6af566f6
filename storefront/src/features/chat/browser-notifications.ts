// The browser's own notifications for messages that arrive while the page is out of sight.
const ASKED_KEY = 'voltmarket.notificationsAsked';
const AUTO_CLOSE_MS = 5000;

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/** Asks once, the first time the person opens a chat: a prompt on page load would be refused unread. */
export function askNotificationPermissionOnce(): void {
  if (!supported() || Notification.permission !== 'default') return;
  try {
    if (localStorage.getItem(ASKED_KEY)) return;
    localStorage.setItem(ASKED_KEY, '1');
  } catch {
    // No storage: asking again next time is harmless.
  }
  void Notification.requestPermission().catch(() => undefined);
}

/**
 * 'New message from {name}', only while this tab is hidden. The tag makes the browser show it once even when
 * several of the person's tabs are hidden and each hears the same message.
 */
export function notifyNewMessage(name: string, body: string, messageId: number): void {
  if (!supported() || Notification.permission !== 'granted' || document.visibilityState !== 'hidden') return;
  try {
    const notice = new Notification(`New message from ${name}`, { body, tag: `voltmarket-message-${messageId}` });
    notice.onclick = () => {
      window.focus();
      notice.close();
    };
    setTimeout(() => notice.close(), AUTO_CLOSE_MS);
  } catch {
    // Some mobile browsers allow notifications only from a service worker.
  }
}
