import { useEffect } from 'react';

/** On the server every render is a first view; in the browser, only while hydrating (start.tsx). */
let drawingFirstView = typeof window === 'undefined';

/** Set by start.tsx around hydration; PageLive ends it once the page is hydrated. */
export function beginFirstView(): void {
  drawingFirstView = true;
}

/**
 * True while a component draws the first view of a page: on the server, and in the browser while it
 * hydrates what the server sent. False for anything mounted later. Components that would spread their
 * first render over several (a deferred list) draw it whole then, since hydration must match the
 * server's HTML exactly. A flag read at render, not a store: a store whose value changes after
 * hydration would redraw every such component at once, in one long task.
 */
export function useDrawingFirstView(): boolean {
  return drawingFirstView;
}

/**
 * Marks the page as live (`<html data-hydrated>`) once its content has been hydrated or drawn: from
 * then on a tap is the app's. Before it, links and forms still work as plain HTML. Tests and the
 * storefront bench wait for it.
 */
export function PageLive() {
  useEffect(() => {
    drawingFirstView = false;
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}
