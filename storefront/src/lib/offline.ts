import { useSyncExternalStore } from 'react';

/**
 * The service worker (sw.ts) and what the page knows of being a saved copy: the worker marks a kept
 * page it gives instead of the network's (`<html data-saved-copy>`), and its data is as old as its
 * first view (`renderedAt`). `navigator.onLine` alone says little: a phone on a cell with no
 * throughput, or on Wi-Fi without internet, reads as online.
 */
let renderedAt: number | null = null;
let openedAt = 0;

/** Called once at start with the first view's time of rendering (null: no first view). */
export function startOfflineSupport(firstViewRenderedAt: number | null): void {
  renderedAt = firstViewRenderedAt;
  openedAt = Date.now();
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const keptBefore = navigator.serviceWorker.controller !== null;
  const register = () => {
    void navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // The page the worker did not see load (the first visit): kept now, with what it loaded.
        if (keptBefore) return;
        const assets = performance.getEntriesByType('resource').map((entry) => entry.name);
        registration.active?.postMessage({ type: 'KEEP_PAGE', url: location.href, assets });
      })
      .catch(() => undefined);
  };
  // After the page has loaded: its own downloads first. The app's code often comes after that (main.tsx).
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

const SAVED_AFTER_MS = 10 * 60_000;

export interface SavedCopy {
  /** The worker gave a kept copy because the network failed or was too slow, or the browser says it is offline. */
  offline: boolean;
  /** When the page's data was read, if it is a saved copy (given by the worker, or opened long after). */
  savedAt: number | null;
}

const NOTHING: SavedCopy = { offline: false, savedAt: null };
// The server's value until something differs: hydration ends without redrawing the note.
let current: SavedCopy = NOTHING;
const read = (): SavedCopy => {
  const kept = document.documentElement.hasAttribute('data-saved-copy');
  const offline = kept || !navigator.onLine;
  // A page opened more than ten minutes after it was drawn (a phone's clock a few minutes off says nothing).
  const savedAt = renderedAt !== null && (kept || openedAt - renderedAt > SAVED_AFTER_MS) ? renderedAt : null;
  if (offline !== current.offline || savedAt !== current.savedAt) current = { offline, savedAt };
  return current;
};
const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};
/** Offline or not, and whether this page is a saved copy; the server (and hydration) say neither. */
export function useSavedCopy(): SavedCopy {
  return useSyncExternalStore(subscribe, read, () => NOTHING);
}
