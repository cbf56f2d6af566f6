/// <reference lib="webworker" />
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import './sw-outbox';

/**
 * The storefront's service worker (Workbox, built by vite-plugin-pwa into /sw.js). It keeps what a
 * buyer has looked at, so it opens again without signal: the last 50 vehicle pages, the last 20 other
 * public pages (searches among them), their photos, and the app's code as it was loaded. Nothing is
 * fetched ahead that the buyer did not open: their data bundle is spent on what they see.
 * Every page comes from the network first; the saved copy only when the network fails or takes more
 * than a few seconds, and the page then says it is a saved copy, and from when (offline-note.tsx).
 * Chat messages and inquiries written without signal wait in its outbox (sw-outbox.ts).
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

export const VEHICLE_PAGES = 'vehicle-pages';
export const PAGES = 'pages';
const WAIT_FOR_NETWORK_S = 4;

void self.skipWaiting();
clientsClaim();

// The manifest's icons only: the app's code is kept as it is loaded (below), not all of it ahead.
precacheAndRoute(self.__WB_MANIFEST);

const saved = [new CacheableResponsePlugin({ statuses: [200] })];

/**
 * A kept page given instead of the network's says so (`<html data-saved-copy>`), for the app to tell
 * the buyer (offline-note.tsx): a page cannot read the headers it came with.
 */
const markedSaved: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const html = (await cachedResponse.text()).replace(/<html\b/, () => '<html data-saved-copy=""');
    return new Response(html, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers: cachedResponse.headers });
  },
};
const isVehiclePage = (url: URL) => /^\/vehicles\/[1-9]\d{0,9}$/.test(url.pathname);
const isPublicPage = (url: URL) => /^\/(browse|rent|advertise|about|safety|help|sellers\/[\w-]{1,128})?$/.test(url.pathname);

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isVehiclePage(url),
  new NetworkFirst({ cacheName: VEHICLE_PAGES, networkTimeoutSeconds: WAIT_FOR_NETWORK_S, plugins: [...saved, markedSaved, new ExpirationPlugin({ maxEntries: 50 })] }),
);
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isPublicPage(url),
  new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: WAIT_FOR_NETWORK_S, plugins: [...saved, markedSaved, new ExpirationPlugin({ maxEntries: 20 })] }),
);
// The public settings the sign-in code starts from: a member stays signed in on a saved copy.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/api/client-config',
  new NetworkFirst({ cacheName: 'app-config', networkTimeoutSeconds: WAIT_FOR_NETWORK_S, plugins: [...saved, new ExpirationPlugin({ maxEntries: 1 })] }),
);
// Hashed, never changing: the app's code and styles, kept as loaded.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'app-code', plugins: [...saved, new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 60 * 86_400 })] }),
);
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/uploads/'),
  new CacheFirst({ cacheName: 'photos', plugins: [...saved, new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 86_400, purgeOnQuotaError: true })] }),
);

/**
 * The page open when the worker first started was loaded before it: the app asks for it to be kept
 * (it comes again from the network, its photos and code from the browser's cache).
 */
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; url?: string; assets?: string[] } | null;
  if (data?.type !== 'KEEP_PAGE' || typeof data.url !== 'string') return;
  const url = new URL(data.url, self.location.origin);
  if (url.origin !== self.location.origin || !(isVehiclePage(url) || isPublicPage(url))) return;
  const same = (u: string) => new URL(u, self.location.origin).origin === self.location.origin;
  const assets = (data.assets ?? []).filter(same).slice(0, 60);
  event.waitUntil(
    Promise.all([
      caches.open(isVehiclePage(url) ? VEHICLE_PAGES : PAGES).then((cache) => cache.add(url.href)),
      caches.open('photos').then((cache) => cache.addAll(assets.filter((a) => new URL(a, self.location.origin).pathname.startsWith('/uploads/')))),
      caches.open('app-code').then((cache) => cache.addAll(assets.filter((a) => new URL(a, self.location.origin).pathname.startsWith('/assets/')))),
    ]).catch(() => undefined),
  );
});
