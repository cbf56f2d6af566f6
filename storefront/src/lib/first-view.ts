import { useEffect, useSyncExternalStore } from 'react';

const noChange = () => () => undefined;

/**
 * True while a component draws the first view of a page: on the server, and in the browser while it
 * hydrates what the server sent (React reads the server's value then). False for anything mounted
 * later. Components that would spread their first render over several (a deferred list) draw it whole
 * then, since hydration must match the server's HTML exactly.
 */
export function useDrawingFirstView(): boolean {
  return useSyncExternalStore(noChange, () => false, () => true);
}

/**
 * Marks the page as live (`<html data-hydrated>`) once its content has been hydrated or drawn: from
 * then on a tap is the app's. Before it, links and forms still work as plain HTML. Tests and the
 * storefront bench wait for it.
 */
export function PageLive() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}
